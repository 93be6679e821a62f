// `cem analyze` → custom-elements.json (generated, git-ignored). Storybook's autodocs and
// controls read it (see .storybook/preview.ts), so every script that needs it analyzes first.

/**
 * The element classes don't register themselves: src/components/define.ts maps tag names to
 * classes in `export const elements = { 'rpc-confirm': RpcConfirm, … }`. The analyzer only finds
 * tag names in `customElements.define()` calls or `@customElement`, so this plugin reads that map
 * and sets `tagName` (and a `custom-element-definition` export) for each class it names.
 */
function tagsFromDefineMap() {
  /** @type {Map<string, string>} class name → tag name */
  const tags = new Map();
  let definePath;
  return {
    name: 'rpc-tags-from-define-map',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== 'elements')
        return;
      let init = node.initializer;
      while (
        init &&
        (ts.isAsExpression(init) || ts.isSatisfiesExpression?.(init) || ts.isParenthesizedExpression(init))
      ) {
        init = init.expression;
      }
      if (!init || !ts.isObjectLiteralExpression(init)) return;
      for (const prop of init.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.initializer)) continue;
        const tag = ts.isStringLiteral(prop.name) || ts.isIdentifier(prop.name) ? prop.name.text : undefined;
        if (tag?.includes('-')) tags.set(prop.initializer.text, tag);
      }
      definePath = moduleDoc.path;
    },
    packageLinkPhase({ customElementsManifest }) {
      const defineModule = customElementsManifest.modules.find((m) => m.path === definePath);
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          const tag = decl.kind === 'class' ? tags.get(decl.name) : undefined;
          if (!tag) continue;
          decl.tagName ??= tag;
          decl.customElement = true;
          if (!defineModule) continue;
          defineModule.exports ??= [];
          if (
            defineModule.exports.some(
              (e) => e.kind === 'custom-element-definition' && e.name === decl.tagName,
            )
          )
            continue;
          defineModule.exports.push({
            kind: 'custom-element-definition',
            name: decl.tagName,
            declaration: { name: decl.name, module: mod.path },
          });
        }
      }
    },
  };
}

/**
 * Events are dispatched as `new RpcResponseEvent(response)`, and the analyzer takes the first
 * argument's identifier (`response`) for the event name. Each event class carries its real name in
 * `static readonly type = 'rpc-…'`: rename such events to it, and merge them with the `@fires` entry
 * of that name (which has the description) so each event is listed once, with its type.
 */
function eventNamesFromEventClasses() {
  return {
    name: 'rpc-event-names-from-event-classes',
    packageLinkPhase({ customElementsManifest }) {
      /** @type {Map<string, string>} event class name → event name */
      const names = new Map();
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          // The event classes extend RpcEvent (a CustomEvent): any class with a static `type`.
          if (decl.kind !== 'class') continue;
          const type = decl.members?.find((m) => m.static && m.name === 'type' && m.kind === 'field');
          const name = type?.default?.match(/^['"`]([^'"`]+)['"`]$/)?.[1];
          if (name) names.set(decl.name, name);
        }
      }
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (!decl.events) continue;
          const events = [];
          for (const event of decl.events) {
            const name = names.get(event.type?.text) ?? event.name;
            // Inferred from a dispatch whose event class is not one of ours: nothing to list.
            if (!name) continue;
            const same = events.find((e) => e.name === name);
            if (same) {
              same.type ??= event.type;
              same.description ??= event.description;
            } else events.push({ ...event, name });
          }
          decl.events = events;
        }
      }
    },
  };
}

export default {
  globs: ['src/components/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.stories.ts'],
  outdir: '.',
  litelement: true,
  dependencies: false,
  // Don't write a `customElements` field into package.json.
  packagejson: false,
  plugins: [tagsFromDefineMap(), eventNamesFromEventClasses()],
};
