import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { shown } from './agent-stories.js';
import { darkDescription, luminance, metaParameters, stage, storyParameters } from './story-helpers.js';

/** A line the agent writes; `"$login"` as an `id` stands for the id of the login started here. */
type AgentLine = Readonly<Record<string, unknown>>;

interface LoginArgs {
  /** The providers the form offers (the `providers` attribute). */
  providers: readonly string[];
  /** A provider whose login is started first, as the form would (`login_provider`). */
  start?: string;
  /** What the agent then writes, in order. */
  lines: readonly AgentLine[];
  /** Show the login's questions too (`rpc-dialogs contained`). */
  dialogs?: boolean;
}

// Real lines: atomic @6031a92 (test/fixtures/atomic-6031a92/oauth-providers*.jsonl) and oh-my-pi
// 18.2.3 (test/fixtures/omp-18.2.3/login.jsonl), verbatim.
const anthropicAuth: AgentLine = {
  type: 'extension_ui_request',
  id: '43081b2d-f9e0-4ccc-9b51-1dea00e981f1',
  method: 'oauth_auth',
  provider: 'anthropic',
  loginId: 'anthropic',
  info: {
    url: 'https://claude.ai/oauth/authorize?code=true&client_id=9d1c250a-e61b-44d9-88ed-5944d1962f5e&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A53692%2Fcallback&scope=org%3Acreate_api_key+user%3Aprofile+user%3Ainference+user%3Asessions%3Aclaude_code+user%3Amcp_servers+user%3Afile_upload&code_challenge=xE0ngWteAdMSGDU3BT2FKu68_hGg9bBqkXg0PoIT6TM&code_challenge_method=S256&state=6jTiXDM4XKfFsZLHchyT_WdfwY9zWzgtAamZYwbPc_I',
    instructions:
      'Complete login in your browser. If the browser is on another machine, paste the final redirect URL here.',
  },
};
const anthropicManualCode: AgentLine = {
  type: 'extension_ui_request',
  id: 'd80bf652-9f2a-42ae-88cd-8350e4627a3d',
  method: 'oauth_manual_code',
  provider: 'anthropic',
  loginId: 'anthropic',
};
const openrouterProgress: AgentLine = {
  type: 'extension_ui_request',
  id: '8e83f3cc-a3c4-439f-925a-a392c3a5b47e',
  method: 'oauth_progress',
  provider: 'openrouter',
  loginId: 'openrouter',
  message:
    'Listening for OpenRouter OAuth callback on http://127.0.0.1:40929/oauth/callback/0db216fe-9223-4764-94fe-1ad349dcdd54',
};
const ompOpenUrl: AgentLine = {
  type: 'extension_ui_request',
  id: '15e3cfab462248b6',
  method: 'open_url',
  url: 'https://claude.ai/oauth/authorize?client_id=9d1c250a-e61b-44d9-88ed-5944d1962f5e&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A54545%2Fcallback&scope=org%3Acreate_api_key+user%3Aprofile+user%3Ainference+user%3Asessions%3Aclaude_code+user%3Amcp_servers+user%3Afile_upload&code_challenge=ysSklWUsbV3bZv3kQmw75Nj_xM6EPs4wH9VREoemqXY&code_challenge_method=S256&state=6cde107b52b592aa72e53f04440594d7&code=true',
  launchUrl: 'http://localhost:54545/launch',
  instructions:
    'Complete login in your browser. If the browser cannot reach this machine, paste the final redirect URL or authorization code when prompted.',
};
/** The answer of oauth-anthropic-manual-code.jsonl, under the id of the login started here. */
const stateMismatch: AgentLine = {
  id: '$login',
  type: 'response',
  command: 'login_provider',
  success: false,
  error: 'OAuth state mismatch',
};

// Written from atomic's source shapes (rpc-types.ts; agents-2026-12.md §5): they need the network.
const deviceCode: AgentLine = {
  type: 'extension_ui_request',
  id: 'story-device-code',
  method: 'oauth_device_code',
  provider: 'github-copilot',
  loginId: 'github-copilot',
  info: {
    userCode: 'F4B2-91CD',
    verificationUri: 'https://github.com/login/device',
    intervalSeconds: 5,
    expiresInSeconds: 900,
  },
};
const openrouterInfo: AgentLine = {
  type: 'extension_ui_request',
  id: 'story-info',
  method: 'oauth_info',
  provider: 'openrouter',
  loginId: 'openrouter',
  message: 'If the page does not open, sign in from the OpenRouter dashboard.',
  links: [
    { url: 'https://openrouter.ai/settings/keys', label: 'OpenRouter dashboard' },
    { url: 'https://openrouter.ai/docs' },
    { url: 'javascript:alert(document.domain)', label: 'Not a web address' },
  ],
};

/** A controller fed by an in-memory agent: a login started here, then the agent's lines. */
function agent({ start, lines }: LoginArgs): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  if (start) controller.logins.start(start);
  const sent = peer.received.at(-1);
  const login = sent ? (JSON.parse(sent) as { id?: string }).id : undefined;
  for (const line of lines) peer.writeMessage(line.id === '$login' ? { ...line, id: login } : line);
  return controller;
}

const meta = {
  title: 'Agent UI/rpc-login',
  component: 'rpc-login',
  decorators: [stage],
  parameters: metaParameters(
    26,
    "The agent's logins, bound to an `ExtensionUIController`: atomic's `oauth_*` and oh-my-pi's `open_url`, one card each. Links are http and https only and never open by themselves; the login's questions are ordinary dialogs (`rpc-dialogs`).",
  ),
  args: { providers: [], lines: [] },
  render: (args) => {
    const controller = agent(args);
    return html`
      <rpc-login .controller=${controller} .providers=${args.providers}></rpc-login>
      ${args.dialogs ? html`<rpc-dialogs contained .controller=${controller}></rpc-dialogs>` : nothing}
    `;
  },
} satisfies Meta<LoginArgs>;

export default meta;
type Story = StoryObj<LoginArgs>;

const login = (canvasElement: HTMLElement) => shown(canvasElement, 'rpc-login');

/** No login yet: a form offers the providers; Sign in starts one (its card says it runs). */
export const IdleWithProviders: Story = {
  args: { providers: ['anthropic', 'openai-codex', 'github-copilot'] },
  play: async ({ canvasElement }) => {
    const { screen } = await login(canvasElement);
    const form = screen.getByRole('form', { name: 'Sign in to a provider' });
    await expect(form).toBeVisible();
    const list = screen.getByRole('combobox', { name: 'Provider' });
    await userEvent.selectOptions(list, 'openai-codex');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Sign in to openai-codex' })).toBeVisible());
    await expect(screen.getByText('Signing in…')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Cancel sign-in' })).toBeVisible();
  },
};

/**
 * atomic's anthropic login as it runs: the page to open (a link named by its host, the full address
 * behind a disclosure, a copy button) and the manual-code question, a dialog of rpc-dialogs.
 */
export const RunningAnthropic: Story = {
  args: { start: 'anthropic', lines: [anthropicAuth, anthropicManualCode], dialogs: true },
  parameters: {
    ...storyParameters({ stage: { blockSize: 30 } }),
    // The manual-code dialog's title is worded by the dialogs from `login.method` (protocol/parse.ts
    // leaves it empty); until they do, axe checks this panel and not that dialog.
    a11y: { context: { exclude: ['rpc-dialogs'] } },
  },
  play: async ({ canvasElement }) => {
    const { screen } = await login(canvasElement);
    const link = screen.getByRole('link', { name: 'Open the sign-in page (claude.ai)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link.getAttribute('href')).toMatch(/^https:\/\/claude\.ai\/oauth\/authorize\?/);
    await expect(screen.getByText(/Complete login in your browser/)).toBeVisible();
    const dialogs = canvasElement.querySelector('rpc-dialogs');
    await waitFor(() => expect(dialogs?.shadowRoot?.querySelector('rpc-input')).not.toBeNull());
    const input = dialogs?.shadowRoot?.querySelector('rpc-input')?.shadowRoot;
    await waitFor(() => expect(input?.querySelector('dialog[open]')).not.toBeNull());
    await Promise.all(
      input
        ?.querySelector('dialog')
        ?.getAnimations()
        .map((a) => a.finished) ?? [],
    );
  },
};

/** atomic's device code: the code large and copyable, its page, and the time left to enter it. */
export const DeviceCode: Story = {
  args: {
    lines: [
      deviceCode,
      {
        ...openrouterProgress,
        id: 'story-progress',
        provider: 'github-copilot',
        loginId: 'github-copilot',
        message: 'Waiting for the code to be entered…',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const { screen, part } = await login(canvasElement);
    await expect(screen.getByText('F4B2-91CD')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Open the page for the code (github.com)' })).toBeVisible();
    await expect(part('[part="expiry"]').textContent).toMatch(/Expires in 1[45]:\d\d/);
  },
};

/** atomic's progress and info messages, oldest first, in a polite log; a link that is not http(s) is text. */
export const ProgressAndInfoLinks: Story = {
  args: { start: 'openrouter', lines: [openrouterProgress, openrouterInfo] },
  play: async ({ canvasElement }) => {
    const { screen } = await login(canvasElement);
    const log = screen.getByRole('log', { name: 'Progress' });
    const messages = within(log).getAllByRole('listitem');
    await expect(messages).toHaveLength(2);
    await expect(messages[0]?.textContent).toMatch(/^Listening for OpenRouter OAuth callback/);
    await expect(messages[1]?.textContent).toMatch(/^If the page does not open/);
    await expect(screen.getByRole('link', { name: 'OpenRouter dashboard (openrouter.ai)' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'https://openrouter.ai/docs' })).toBeVisible();
    await expect(screen.queryByRole('link', { name: /Not a web address/ })).toBeNull();
    await expect(screen.getByText('Not a web address (javascript:alert(document.domain))')).toBeVisible();
  },
};

/** The manual code did not match: the login failed with the agent's error text; Dismiss removes it. */
export const Failed: Story = {
  args: { start: 'anthropic', lines: [anthropicAuth, stateMismatch] },
  play: async ({ canvasElement }) => {
    const { screen } = await login(canvasElement);
    await expect(screen.getByText('Sign-in failed: OAuth state mismatch')).toBeVisible();
    // Over: the page is gone, nothing to cancel.
    await expect(screen.queryByRole('link')).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Cancel sign-in' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  },
};

/** oh-my-pi's `open_url`: no provider named; the local launch address survives a cut address. */
export const OhMyPiOpenUrl: Story = {
  name: 'oh-my-pi open_url',
  args: { lines: [ompOpenUrl] },
  play: async ({ canvasElement }) => {
    const { screen } = await login(canvasElement);
    await expect(screen.getByRole('group', { name: 'Sign-in page' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'http://localhost:54545/launch' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Copy local address' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Cancel sign-in' })).toBeNull();
  },
};

/** The dark colour scheme: a device code and a page, light text on the dark surface. */
export const Dark: Story = {
  args: { lines: [deviceCode, ompOpenUrl] },
  parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
  play: async ({ canvasElement }) => {
    const { part } = await login(canvasElement);
    await expect(luminance(getComputedStyle(part('.card')).color)).toBeGreaterThan(0.5);
    await expect(luminance(getComputedStyle(part('.card')).backgroundColor)).toBeLessThan(0.1);
  },
};

/** A right-to-left page: the cards start on the right, addresses and codes still read left to right. */
export const RightToLeft: Story = {
  args: { providers: ['anthropic'], start: 'anthropic', lines: [anthropicAuth, deviceCode] },
  parameters: storyParameters({ stage: { dir: 'rtl', lang: 'ar', blockSize: 32 } }),
  play: async ({ canvasElement }) => {
    const { part } = await login(canvasElement);
    await expect(getComputedStyle(part('.card')).direction).toBe('rtl');
    await expect(getComputedStyle(part('[part="code"]')).direction).toBe('ltr');
  },
};
