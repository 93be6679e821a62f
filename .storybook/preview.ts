import type { Preview } from '@storybook/web-components-vite';
import { setCustomElementsManifest } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import { defineElements } from '../src/components/define.js';
import { setLocaleStrings } from '../src/components/strings/locales.js';
import { ar } from '../src/components/strings/locales/ar.js';
import { de } from '../src/components/strings/locales/de.js';
import { ja } from '../src/components/strings/locales/ja.js';

// Register the kit's elements. Call it rather than `import '…/define.js'` for its side effect:
// package.json says `"sideEffects": false`, so the production build (build-storybook) would drop a
// bare import and leave every element un-upgraded.
defineElements();
// The kit's translations, shown where a story's stage (or the toolbar's Language) sets `lang`.
setLocaleStrings('de', de);
setLocaleStrings('ja', ja);
setLocaleStrings('ar', ar);

interface Named {
  readonly name: string;
  readonly privacy?: string;
  readonly static?: boolean;
}
interface Manifest {
  modules?: { declarations?: { members?: Named[]; cssParts?: Named[] }[] }[];
}

const publicManifest = structuredClone(manifest) as Manifest;
for (const module of publicManifest.modules ?? []) {
  for (const declaration of module.declarations ?? []) {
    // Only the public instance API in the docs tables and controls: drop private and protected
    // members (`@state()` fields, `#private` fields, the dialog shell's hooks) and statics.
    declaration.members = declaration.members?.filter(
      (m) => !m.static && (!m.privacy || m.privacy === 'public'),
    );
    // Storybook keys every row by name, so the `position` part would replace the `position`
    // attribute (and `filter` the select's `filter`). List parts as `::part(name)`, as CSS names them.
    declaration.cssParts = declaration.cssParts?.map((p) => ({ ...p, name: `::part(${p.name})` }));
  }
}
setCustomElementsManifest(publicManifest);

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    language: {
      description: "The elements' language (`lang` and, for Arabic, `dir` on the stage)",
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'ja', title: '日本語' },
          { value: 'ar', title: 'العربية' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'en' },
  parameters: {
    controls: { expanded: true },
    // addon-a11y: an axe violation fails the story's test (vitest) instead of only being listed.
    a11y: { test: 'error' },
  },
};

export default preview;
