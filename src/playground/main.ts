// The playground: the real agent (through the rpc-ui bridge) in the drop-in element, the
// conversation, its sessions, its model and their use, a composer, Send and Stop, a protocol log,
// a theme switch and a language menu.
import '../components/define.js';
import type { RpcExtensionUI } from '../components/extension-ui/rpc-extension-ui.js';
import type { RpcModel } from '../components/model/rpc-model.js';
import type { RpcSessions } from '../components/sessions/rpc-sessions.js';
import type { RpcUsage } from '../components/usage/rpc-usage.js';
import { RpcTranscript, Transcript } from '../components/transcript/rpc-transcript.js';
import { readBridgeMessage } from '../protocol/bridge.js';
import { WebSocketTransport } from '../transport/websocket.js';
import { bindComposer } from './composer.js';
import { bindLanguageMenu } from './language.js';
import { ProtocolLog } from './protocol-log.js';

const ui = document.querySelector<RpcExtensionUI>('#ui');
const sessions = document.querySelector<RpcSessions>('#sessions');
const model = document.querySelector<RpcModel>('#model');
const usage = document.querySelector<RpcUsage>('#usage');
const form = document.querySelector<HTMLFormElement>('#composer');
const message = document.querySelector<HTMLTextAreaElement>('#message');
const stop = document.querySelector<HTMLButtonElement>('#stop');
const theme = document.querySelector<HTMLSelectElement>('#theme');
const language = document.querySelector<HTMLSelectElement>('#language');
const sendButton = document.querySelector<HTMLButtonElement>('#send');
const followUp = document.querySelector<HTMLButtonElement>('#follow-up');
const hint = document.querySelector<HTMLElement>('#hint');
const conversation = document.querySelector('#transcript');
const list = document.querySelector<HTMLOListElement>('#log');
if (
  !ui ||
  !sessions ||
  !model ||
  !usage ||
  !form ||
  !message ||
  !stop ||
  !theme ||
  !language ||
  !list ||
  !sendButton ||
  !followUp ||
  !hint
)
  throw new Error('The playground page is incomplete.');
if (!(conversation instanceof RpcTranscript)) throw new Error('The playground page has no conversation.');

// Dialogs show in the page's box (contained) unless the address asks for them over the whole
// page (`?dialogs=page-modal`), as the README's page shows them.
if (new URLSearchParams(location.search).get('dialogs') === 'page-modal') ui.contained = false;

// Following the controller before the transport is given: nothing the agent says is missed.
const transcript = new Transcript();
transcript.follow(ui.controller);
conversation.transcript = transcript;
sessions.controller = ui.controller;
model.controller = ui.controller;
usage.controller = ui.controller;

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
// Which agent and version this is (the bridge's hello, or oh-my-pi's own ready line), and the
// folder it works in (the bridge's hello).
const agentLine = document.querySelector<HTMLElement>('#agent');
const shownAgent: { name?: string | undefined; folder?: string | undefined } = {};
function showAgent(change: typeof shownAgent): void {
  Object.assign(shownAgent, change);
  const { name, folder } = shownAgent;
  if (agentLine && name) agentLine.textContent = `Agent: ${name}${folder ? ` · in ${folder}` : ''}`;
}

// A new agent process after the first: said, so that nobody wonders why the statuses went or why
// a dialog closed. The connection lost in between means the bridge itself started again. The
// hello's `process` names the process (its `session` changes at a move to another session too,
// which the sessions panel says); an older bridge's `session` stands in for it.
const news = document.querySelector<HTMLElement>('#news');
const greeted = { process: undefined as string | undefined, lost: false };
function sayRestarted(process: string | undefined): void {
  if (process === undefined) return;
  if (news && greeted.process !== undefined && process !== greeted.process)
    news.textContent = greeted.lost
      ? 'The bridge started again, and the agent with it.'
      : 'The agent started again.';
  greeted.process = process;
  greeted.lost = false;
}

/** The agent process a hello names (`process`, else an older bridge's `session`). */
function processOf(hello: unknown, session: string | undefined): string | undefined {
  const named =
    typeof hello === 'object' && hello !== null ? (hello as { process?: unknown }).process : undefined;
  return typeof named === 'string' ? named : session;
}

const transport = new WebSocketTransport({ url });
transport.on('state', (state) => {
  if (state === 'reconnecting') greeted.lost = true;
});
transport.on('message', (line) => {
  const parsed =
    line.type === 'rpc_ui_agent_stderr' || line.type === 'rpc_ui_hello' ? line.parse() : undefined;
  const relayed = parsed?.ok ? readBridgeMessage(parsed.value) : undefined;
  if (relayed?.type === 'rpc_ui_hello') {
    showAgent({ folder: relayed.folder });
    sayRestarted(processOf(parsed?.ok ? parsed.value : undefined, relayed.session));
  }
  if (relayed?.type === 'rpc_ui_agent_stderr') log.addStderr(relayed.lines);
  else log.add('in', line.text);
});
const send = transport.send.bind(transport);
transport.send = (outgoing) => {
  send(outgoing);
  log.add('out', JSON.stringify(outgoing));
};
ui.transport = transport;

// The sign-in form lists the providers the agent names itself (atomic's oauthProviders).
ui.controller.on('agent', ({ name, version }) =>
  showAgent({ name: `${name}${version ? ` ${version}` : ''}` }),
);

bindComposer({ form, message, send: sendButton, followUp, hint }, ui.controller, transcript, () =>
  canSend(ui.connection),
);
stop.addEventListener('click', () => ui.stop());
// Nothing to send to while the agent is gone (the page offers to start it again) or the bridge
// refuses the page (it says why); while reconnecting, a message waits for the connection.
const canSend = (state: string) => state !== 'agent-exited' && state !== 'refused';
ui.addEventListener('rpc-connection', (event) => {
  sendButton.disabled = followUp.disabled = !canSend(event.detail.state);
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
bindLanguageMenu(language, [ui, sessions, model, usage]);
