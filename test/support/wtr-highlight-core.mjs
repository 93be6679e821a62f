// highlight.js's ES modules import its core from a CommonJS file (`lib/core.js`, one
// `module.exports` and no `require`). Bundlers convert it (vite, the stories, a host's build);
// the test server serves files as they are, so this plugin serves that one as a module.

/** The web-test-runner plugin. */
export function highlightCorePlugin() {
  return {
    name: 'highlight-core-as-module',
    transform(context) {
      if (!/\/node_modules\/highlight\.js\/lib\/core\.js$/.test(context.path)) return undefined;
      return {
        body: `const module = { exports: {} };\n${context.body}\nexport default module.exports;\n`,
      };
    },
  };
}
