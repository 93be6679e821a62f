// Firefox's parent process, reached over WebDriver BiDi (puppeteer's connection) in a chrome
// browsing context, which Firefox opens to a driver only when started with FIREFOX_PARENT_ARGS.
// The component tests read Firefox's own accessibility tree there (the one its platform layer
// gives screen readers) and set the preferences that stand for dark mode, reduced motion and
// forced colours, since BiDi emulates none of them.

/** What Firefox must be started with for evaluateInParent. */
export const FIREFOX_PARENT_ARGS = ['-remote-allow-system-access'];

/** Evaluate an async function's body in the parent process; its return value, as JSON. */
export async function evaluateInParent(page, body) {
  const { connection } = page.browser();
  const { result: tree } = await connection.send('browsingContext.getTree', {
    'moz:scope': 'chrome',
    maxDepth: 0,
  });
  const context = tree.contexts[0]?.context;
  if (!context)
    throw new Error('Firefox showed no chrome browsing context: is it started with FIREFOX_PARENT_ARGS?');
  const { result } = await connection.send('script.evaluate', {
    expression: `(async () => JSON.stringify(await (async () => { ${body} })()))()`,
    target: { context },
    awaitPromise: true,
  });
  if (result.type !== 'success')
    throw new Error(`Firefox's parent process: ${result.exceptionDetails?.text ?? JSON.stringify(result)}`);
  return JSON.parse(result.result.value ?? 'null');
}

/**
 * Firefox's accessibility service, kept referenced in the parent process for the rest of the run.
 * Firefox shuts its accessibility down once nothing holds the service: a reference dropped after
 * each read let it go, and the next read found a tree the content process was building again from
 * nothing (on a busy machine: text leaves without their dialog, then an empty document, for many
 * seconds). A screen reader holds it the whole time too.
 */
const KEEP_SERVICE = `(globalThis.rpcUiAccessibility ??= Cc['@mozilla.org/accessibilityService;1'].getService(
  Ci.nsIAccessibilityService,
))`;

/** Set (a value) or clear (`null`) Firefox preferences, for every page. */
export function setPrefs(page, prefs) {
  return evaluateInParent(
    page,
    `for (const [name, value] of Object.entries(${JSON.stringify(prefs)})) {
      if (value === null) Services.prefs.clearUserPref(name);
      else if (typeof value === 'boolean') Services.prefs.setBoolPref(name, value);
      else Services.prefs.setIntPref(name, value);
    }
    return true;`,
  );
}

/**
 * The accessibility tree of `page`'s document, in the shape of test/support/a11y.ts's A11yNode:
 * role (Firefox's computed ARIA role; StaticText for a text leaf, as Chromium names it), name,
 * description, value, focused, selected, atomic, children. Waits for the content process to have
 * sent its tree.
 */
export function accessibilityTree(page) {
  return evaluateInParent(
    page,
    `const service = ${KEEP_SERVICE};
    const url = ${JSON.stringify(page.url())};
    let browser;
    let window;
    for (const win of Services.wm.getEnumerator('navigator:browser')) {
      browser ??= win.gBrowser.browsers.find((b) => b.currentURI.spec === url);
      window ??= browser && win;
    }
    if (!browser) throw new Error('no tab shows ' + url);
    const documentOf = () => service.getAccessibleFor(browser)?.firstChild;
    for (let tries = 0; tries < 100 && !documentOf()?.firstChild; tries++)
      await new Promise((resolve) => window.setTimeout(resolve, 20));
    const { STATE_FOCUSED, STATE_SELECTED } = Ci.nsIAccessibleStates;
    const walk = (node) => {
      const state = {};
      node.getState(state, {});
      let atomic = false;
      try {
        atomic = node.attributes.getStringProperty('atomic') === 'true';
      } catch {
        // No such attribute.
      }
      const textLeaf = node.role === Ci.nsIAccessibleRole.ROLE_TEXT_LEAF;
      const role = textLeaf ? 'StaticText' : node.computedARIARole;
      const result = { role, name: node.name ?? '', description: node.description ?? '' };
      if (state.value & STATE_FOCUSED) result.focused = true;
      if (state.value & STATE_SELECTED) result.selected = true;
      if (atomic) result.atomic = true;
      if (role === 'textbox' || role === 'searchbox' || role === 'combobox') result.value = node.value;
      result.children = [];
      for (let child = node.firstChild; child; child = child.nextSibling) result.children.push(walk(child));
      return result;
    };
    const document = documentOf();
    if (!document) throw new Error('Firefox built no accessibility tree for ' + url);
    return walk(document);`,
  );
}

/**
 * Focus the first accessible of `page` with this computed ARIA role and name as a screen reader
 * does (`nsIAccessible.takeFocus`, what AT-SPI's grabFocus reaches): Orca does it in browse mode
 * when its cursor lands on something focusable. Resolves with whether one was found.
 */
export function takeFocus(page, role, name) {
  return evaluateInParent(
    page,
    `const service = ${KEEP_SERVICE};
    const url = ${JSON.stringify(page.url())};
    let browser;
    for (const win of Services.wm.getEnumerator('navigator:browser'))
      browser ??= win.gBrowser.browsers.find((b) => b.currentURI.spec === url);
    const stack = [service.getAccessibleFor(browser)];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.computedARIARole === ${JSON.stringify(role)} && node.name === ${JSON.stringify(name)}) {
        node.takeFocus();
        return true;
      }
      for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
    }
    return false;`,
  );
}
