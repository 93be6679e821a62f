import type { StorybookConfig } from '@storybook/web-components-vite';

// Storybook for the kit's elements. Stories live in ../stories; the docs tables come from
// custom-elements.json (run `cem analyze` first: the npm scripts do).
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // The renderer imports lit/directive-helpers.js, which Vite would otherwise serve raw next to
      // the pre-bundled `lit`: two lit-html copies ("Multiple versions of Lit loaded"). Pre-bundle
      // every Lit entry point so the stories, the renderer and the kit share one.
      optimizeDeps: {
        include: [
          'lit',
          'lit/decorators.js',
          'lit/directive-helpers.js',
          'lit/directive.js',
          'lit/directives/*.js',
          'lit/static-html.js',
        ],
      },
    });
  },
};

export default config;
