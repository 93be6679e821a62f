/** The drop-in host's strings: the connection, the agent's exit, the agent's text for the composer. */
import type { CountedText } from './format.js';
import type { RpcStrings } from './strings.js';

/** What `rpc-extension-ui` says itself (the elements it holds say their own). */
export interface HostStrings {
  /** Extension UI: the connection pill while the first connection is made. */
  connectionConnecting: string;
  /** Extension UI: the connection pill while connected. */
  connectionConnected: string;
  /** Extension UI: the connection pill while the connection is being made again. */
  connectionReconnecting: string;
  /** Extension UI: the connection pill once the connection is closed for good. */
  connectionClosed: string;
  /** Extension UI: the connection pill after the agent process ended. */
  connectionAgentExited: string;
  /** Extension UI: the connection pill while the rpc-ui bridge refuses this page (its reason shows below). */
  connectionRefused: string;
  /** Extension UI: the agent ended with an exit code: `{code}`. */
  agentExitedCode: string;
  /** Extension UI: the agent was ended by a signal: `{signal}`. */
  agentExitedSignal: string;
  /** Extension UI: the agent ended, neither code nor signal known. */
  agentExited: string;
  /** Extension UI: the summary of the agent's last stderr lines: `{count}` lines. */
  agentStderrSummary: CountedText;
  /** Extension UI: the button that starts the agent again after it ended (through the rpc-ui bridge). */
  restartAgent: string;
  /** Host: the agent sent text for the composer while it held the user's own draft (announced). */
  editorOffer: string;
  /** Host: the button that puts the agent's text in the composer, over the draft. */
  editorOfferUse: string;
  /** Host: the button that keeps the user's draft and drops the agent's text. */
  editorOfferKeep: string;
}

/** The drop-in host's strings. */
export const hostEnglish = {
  connectionConnecting: 'Connecting…',
  connectionConnected: 'Connected',
  connectionReconnecting: 'Reconnecting…',
  connectionClosed: 'Disconnected',
  connectionAgentExited: 'Agent exited',
  connectionRefused: 'Refused by the bridge',
  agentExitedCode: 'Agent exited (code {code})',
  agentExitedSignal: 'Agent exited (signal {signal})',
  agentExited: 'Agent exited',
  agentStderrSummary: { one: 'Last error output ({count} line)', other: 'Last error output ({count} lines)' },
  restartAgent: 'Start the agent again',
  editorOffer: 'The agent suggests this text for your message. Yours is kept until you choose.',
  editorOfferUse: 'Use the agent’s text',
  editorOfferKeep: 'Keep mine',
} satisfies Partial<RpcStrings>;
