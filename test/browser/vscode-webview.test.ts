import { expect } from '@open-wc/testing';
import { webviewCsp, webviewHtml } from '../../examples/vscode/src/html.js';
import {
  type StartedWebview,
  startWebview,
  type VsCodeWebviewApi,
} from '../../examples/vscode/src/webview.js';
import { emulateMedia } from '../support/media.js';

type Updating = Element & { updateComplete?: Promise<unknown> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

async function until(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(10);
  }
}

/** The object `acquireVsCodeApi()` returns, recording what the webview posts. */
class VsCodeApiStub implements VsCodeWebviewApi {
  /**
   * What the page posted but its own questions: the conversation so far (the bridge's
   * `rpc_ui_get_messages`, then the agent's `get_messages`) and the agent's models
   * (`get_available_models`).
   */
  get posted(): unknown[] {
    const own = new Set(['rpc_ui_get_messages', 'get_messages', 'get_available_models', 'get_state']);
    return this.all.filter((message) => !own.has((message as { type?: string }).type ?? ''));
  }
  readonly all: unknown[] = [];
  state: unknown = undefined;
  postMessage(message: unknown): void {
    // What VS Code does: the message is cloned on its way to the extension.
    this.all.push(structuredClone(message));
  }
  getState(): unknown {
    return this.state;
  }
  setState(state: unknown): void {
    this.state = state;
  }
}

/** A few theme variables as VS Code sets them on `<html>` (Dark Modern). */
const THEME: Readonly<Record<string, string>> = {
  '--vscode-button-background': '#0078d4',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-foreground': '#cccccc',
  '--vscode-focusBorder': '#0078d4',
};

/** The extension posts each agent line as a string; VS Code delivers it to the page's window. */
const fromExtension = (message: Record<string, unknown>) => window.postMessage(JSON.stringify(message), '*');

describe('examples/vscode webview', () => {
  let started: StartedWebview | undefined;
  let root: HTMLElement;

  beforeEach(() => {
    for (const [name, value] of Object.entries(THEME))
      document.documentElement.style.setProperty(name, value);
    root = document.createElement('main');
    document.body.append(root);
  });

  afterEach(() => {
    started?.dispose();
    started = undefined;
    root.remove();
    for (const name of Object.keys(THEME)) document.documentElement.style.removeProperty(name);
  });

  const dialogsOf = (el: Element) => el.shadowRoot?.querySelector('[part~="dialogs"]') ?? null;
  const dialogOf = (el: Element) => dialogsOf(el)?.shadowRoot?.querySelector<Updating>('rpc-confirm') ?? null;

  it('shows a request from the extension, keeps it in the webview state and posts one answer', async () => {
    const vscode = new VsCodeApiStub();
    started = startWebview(vscode, root);
    const { element } = started;
    expect(element.parentElement).to.equal(root);
    expect(element.connection).to.equal('connected');

    fromExtension({
      type: 'extension_ui_request',
      id: 'v1',
      method: 'confirm',
      title: 'Delete the branch?',
      message: 'It has no upstream.',
    });
    await until('the dialog', () => dialogOf(element) !== null);
    const dialog = dialogOf(element);
    await dialog?.updateComplete;
    expect(dialog?.shadowRoot?.querySelector('h2')?.textContent).to.equal('Delete the branch?');

    // Saved at most once per frame: the snapshot with the pending dialog is in the VS Code state.
    await frame();
    await frame();
    const saved = (vscode.state as { 'rpc-ui-kit'?: { dialogs?: { request: { id: string } }[] } })[
      'rpc-ui-kit'
    ];
    expect(saved?.dialogs?.map((d) => d.request.id)).to.deep.equal(['v1']);
    expect(vscode.posted).to.deep.equal([]);

    // The theme came from the recorded --vscode-* values.
    const button = dialog?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="confirm-button"]');
    expect(button).to.exist;
    expect(getComputedStyle(button as HTMLButtonElement).backgroundColor).to.equal('rgb(0, 120, 212)');

    button?.click();
    await until('the answer', () => vscode.posted.length > 0);
    // A window for a second post of the answer: nothing later on this channel orders it.
    await sleep(50);
    expect(vscode.posted).to.deep.equal([{ type: 'extension_ui_response', id: 'v1', confirmed: true }]);
    await frame();
    await frame();
    expect((vscode.state as { 'rpc-ui-kit': { dialogs: unknown[] } })['rpc-ui-kit'].dialogs).to.deep.equal(
      [],
    );
  });

  for (const [kind, shown] of [
    ['vscode-dark', 'rgb(255, 255, 0)'],
    ['vscode-light', 'rgb(110, 110, 0)'],
  ] as const)
    it(`colours agent text for the editor theme's kind (${kind}), not the OS scheme`, async () => {
      // The OS says the opposite of the theme: a webview's prefers-color-scheme follows the OS.
      await emulateMedia({ colorScheme: kind === 'vscode-dark' ? 'light' : 'dark' });
      document.body.dataset.vscodeThemeKind = kind;
      try {
        started = startWebview(new VsCodeApiStub(), root);
        // pi's warning yellow, as its dark theme writes it: as sent on a dark theme, darkened on a light one.
        fromExtension({
          type: 'extension_ui_request',
          id: 's1',
          method: 'setStatus',
          statusKey: 'warn',
          statusText: '\u001b[38;2;255;255;0mwarn\u001b[39m',
        });
        const bar = () => started?.element.shadowRoot?.querySelector<Updating>('rpc-status-bar');
        await until('the status', () => !!bar()?.shadowRoot?.querySelector('.ansi'));
        const span = bar()?.shadowRoot?.querySelector('.ansi');
        expect(getComputedStyle(span as Element).color).to.equal(shown);
      } finally {
        delete document.body.dataset.vscodeThemeKind;
        await emulateMedia({ colorScheme: 'light' });
      }
    });

  it('restores a pending dialog from the webview state after the page was thrown away', async () => {
    const vscode = new VsCodeApiStub();
    started = startWebview(vscode, root);
    fromExtension({
      type: 'extension_ui_request',
      id: 'v2',
      method: 'confirm',
      title: 'Run it?',
      message: '',
    });
    await until('the dialog', () => started?.element.controller.dialogs.length === 1);
    started.dispose();

    // A hidden webview loses its page; the new page starts again with the same state.
    started = startWebview(vscode, root);
    expect(started.element.controller.dialogs.map((d) => d.request.id)).to.deep.equal(['v2']);
    started.element.controller.respond('v2', { confirmed: false });
    expect(vscode.posted).to.deep.equal([{ type: 'extension_ui_response', id: 'v2', confirmed: false }]);
  });

  it('sends the composer text as a prompt and ignores messages from other origins', async () => {
    const vscode = new VsCodeApiStub();
    started = startWebview(vscode, root);
    const { element } = started;
    const field = element.querySelector('textarea');
    const form = element.querySelector('form');
    if (!field || !form) throw new Error('The composer is missing.');
    expect(field.getAttribute('aria-label')).to.equal('Message');
    field.value = '/demo';
    form.requestSubmit();
    // Steering, should the agent be working: an idle agent ignores the field.
    expect(vscode.posted).to.deep.equal([{ type: 'prompt', message: '/demo', streamingBehavior: 'steer' }]);
    expect(field.value).to.equal('');

    // `set_editor_text` fills the composer (editor-target="#message").
    fromExtension({ type: 'extension_ui_request', id: 'v3', method: 'set_editor_text', text: 'fix it' });
    await until('the editor text', () => field.value === 'fix it');

    // A message from another origin never reaches the controller.
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify({ type: 'extension_ui_request', id: 'x', method: 'confirm', title: 'x' }),
        origin: 'https://evil.example',
      }),
    );
    // A barrier: a message from the extension posted now is handled after that one.
    fromExtension({ type: 'extension_ui_request', id: 'v4', method: 'set_editor_text', text: 'after' });
    await until('the message posted after it', () => field.value === 'after');
    expect(element.controller.dialogs).to.have.length(0);
  });

  it('shows the conversation above the composer, asked for again (get_messages) by each new page', async () => {
    const vscode = new VsCodeApiStub();
    started = startWebview(vscode, root);
    const ofType = (type: string) =>
      vscode.all.find((message) => (message as { type?: string }).type === type) as
        | { id?: string }
        | undefined;
    // The extension's agent does not know the bridge's question, and says so.
    fromExtension({
      type: 'response',
      id: ofType('rpc_ui_get_messages')?.id,
      command: 'rpc_ui_get_messages',
      success: false,
      error: 'Unknown command: rpc_ui_get_messages',
    });
    await until('the agent’s own question', () => ofType('get_messages') !== undefined);
    const asked = ofType('get_messages') ?? {};
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'what does this do?' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'It reads the file.' }], stopReason: 'stop' },
    ];
    fromExtension({
      type: 'response',
      id: asked.id,
      command: 'get_messages',
      success: true,
      data: { messages },
    });
    const conversation = started.element.querySelector('rpc-transcript');
    const texts = () =>
      [...(conversation?.shadowRoot?.querySelectorAll('li .text') ?? [])].map((node) =>
        node.textContent?.trim(),
      );
    await until('the conversation', () => texts().length === 2);
    expect(texts()).to.deep.equal(['what does this do?', 'It reads the file.']);
    const composer = started.element.querySelector('textarea') as HTMLTextAreaElement;
    expect(conversation?.getBoundingClientRect().bottom).to.be.at.most(composer.getBoundingClientRect().top);
  });

  it('builds the HTML with the recommended CSP: nonce-only scripts, own resources only', () => {
    const options = {
      cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
      scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
      styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview.css',
      nonce: 'bm9uY2Uwbm9uY2Ux+/==',
    };
    expect(webviewCsp(options)).to.equal(
      "default-src 'none'; script-src 'nonce-bm9uY2Uwbm9uY2Ux+/=='; " +
        'style-src https://file+.vscode-resource.vscode-cdn.net; ' +
        'img-src https://file+.vscode-resource.vscode-cdn.net data:; ' +
        'font-src https://file+.vscode-resource.vscode-cdn.net',
    );
    const doc = new DOMParser().parseFromString(webviewHtml(options), 'text/html');
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(csp).to.equal(webviewCsp(options));
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts).to.have.length(1);
    expect(scripts[0]?.getAttribute('nonce')).to.equal(options.nonce);
    expect(scripts[0]?.getAttribute('src')).to.equal(options.scriptUri);
    expect(doc.querySelectorAll('style, [style]')).to.have.length(0);
    // The composer's look is a stylesheet of the webview's own resources (style-src allows it).
    const links = [...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(links).to.deep.equal([options.styleUri]);
  });
});
