// The playground's language menu: the kit's elements speak the chosen language (its `lang` on the
// drop-in element, which everything inside follows, and on the sessions panel); the playground's
// own words stay English.
import { setLocaleStrings } from '../components/strings/locales.js';
import { ar } from '../components/strings/locales/ar.js';
import { de } from '../components/strings/locales/de.js';
import { ja } from '../components/strings/locales/ja.js';

const RIGHT_TO_LEFT = new Set(['ar']);
const KEY = 'rpc-ui-kit-language';

/** Give the kit's translations, and let `menu` set the language (and direction) of `targets`. */
export function bindLanguageMenu(menu: HTMLSelectElement, targets: readonly HTMLElement[]): void {
  setLocaleStrings('de', de);
  setLocaleStrings('ja', ja);
  setLocaleStrings('ar', ar);
  const saved = localStorage.getItem(KEY);
  if (saved && [...menu.options].some((option) => option.value === saved)) menu.value = saved;
  const apply = () => {
    for (const target of targets) {
      target.lang = menu.value;
      target.dir = RIGHT_TO_LEFT.has(menu.value) ? 'rtl' : 'ltr';
    }
    localStorage.setItem(KEY, menu.value);
  };
  menu.addEventListener('change', apply);
  apply();
}
