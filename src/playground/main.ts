// The playground: the real agent (through the rpc-ui bridge) in the drop-in element, a composer,
// Send and Stop, a protocol log and a theme switch.
import '../components/define.js';
import type { RpcExtensionUI } from '../components/extension-ui/rpc-extension-ui.js';
import { enterKind } from '../components/internal/keys.js';
import { readBridgeMessage } from '../protocol/bridge.js';
import { WebSocketTransport } from '../transport/websocket.js';
import { ProtocolLog } from './protocol-log.js';

const ui = document.querySelector<RpcExtensionUI>('#ui');
const form = document.querySelector<HTMLFormElement>('#composer');
const message = document.querySelector<HTMLTextAreaElement>('#message');
const stop = document.querySelector<HTMLButtonElement>('#stop');
const theme = document.querySelector<HTMLSelectElement>('#theme');
const sendButton = document.querySelector<HTMLButtonElement>('#send');
const list = document.querySelector<HTMLOListElement>('#log');
if (!ui || !form || !message || !stop || !theme || !list || !sendButton)
  throw new Error('The playground page is incomplete.');

const log = new ProtocolLog(
  list,
  document.querySelector('#log-count'),
  document.querySelector('#log-filter'),
);
// Beside the page, whatever path a proxy serves it under. The bridge has turned the token of the
// address it printed into a cookie; one that was wrong stays in the address, and is shown wrong.
const url = new URL('rpc', location.href);
url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
const token = new URLSearchParams(location.search).get('token');
if (token !== null) {
  url.searchParams.set('token', token);
  const shown = new URL(location.href);
  shown.searchParams.delete('token');
  history.replaceState(history.state, '', shown);
}
url.hash = '';
const transport = new WebSocketTransport({ url });
transport.on('message', (line) => {
  const parsed = line.type === 'rpc_ui_agent_stderr' ? line.parse() : undefined;
  const relayed = parsed?.ok ? readBridgeMessage(parsed.value) : undefined;
  if (relayed?.type === 'rpc_ui_agent_stderr') log.addStderr(relayed.lines);
  else log.add('in', line.text);
});
const send = transport.send.bind(transport);
transport.send = (outgoing) => {
  send(outgoing);
  log.add('out', JSON.stringify(outgoing));
};
ui.transport = transport;

// Which agent and version this is (the bridge's hello, or oh-my-pi's own ready line).
const agent = document.querySelector<HTMLElement>('#agent');
/** The OAuth providers atomic offers (its get_available_models' oauthProviders, offline). */
const ATOMIC_LOGIN_PROVIDERS = ['anthropic', 'openai-codex', 'github-copilot', 'openrouter', 'radius'];
ui.controller.on('agent', ({ name, version }) => {
  if (agent) agent.textContent = `Agent: ${name}${version ? ` ${version}` : ''}`;
  // atomic logs in to providers over RPC (login_provider): the page can start one.
  ui.loginProviders = name === 'atomic' ? ATOMIC_LOGIN_PROVIDERS : [];
});

let prompts = 0;
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = message.value;
  if (text.trim() === '' || !canSend(ui.connection)) return;
  ui.controller.send({ type: 'prompt', id: `playground-${++prompts}`, message: text });
  message.value = '';
});
message.addEventListener('keydown', (event) => {
  // Enter or Ctrl/Cmd+Enter sends; Shift+Enter is a new line.
  const enter = enterKind(event);
  if (enter === 'plain' || enter === 'primary') {
    event.preventDefault();
    form.requestSubmit();
  }
});
stop.addEventListener('click', () => ui.stop());
// Nothing to send to while the agent is gone (the page offers to start it again) or the bridge
// refuses the page (it says why); while reconnecting, a message waits for the connection.
const canSend = (state: string) => state !== 'agent-exited' && state !== 'refused';
ui.addEventListener('rpc-connection', (event) => {
  sendButton.disabled = !canSend(event.detail.state);
});
// Ctrl+. (Cmd+. on a Mac) stops from anywhere, a dialog included: Tab stays inside an open dialog.
document.addEventListener('keydown', (event) => {
  if (event.key !== '.' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  event.preventDefault();
  ui.stop();
});

const saved = localStorage.getItem('rpc-ui-kit-theme');
if (saved) theme.value = saved;
const applyTheme = () => {
  document.documentElement.dataset.theme = theme.value;
  localStorage.setItem('rpc-ui-kit-theme', theme.value);
};
theme.addEventListener('change', applyTheme);
applyTheme();
