import {
  type BridgeAgentExit,
  type BridgeDialogClosed,
  type BridgeHello,
  type BridgeRestartRequest,
  isBridgeType,
  readBridgeMessage,
} from '../protocol/bridge.js';
import { questionFingerprint } from '../protocol/fingerprint.js';
import type { InvalidRequestReport } from '../protocol/report.js';
import { cancelResponse } from '../protocol/responses.js';
import type { DialogRequest, ExtensionUIResponse } from '../protocol/types.js';
import { BoundedMap } from '../shared/bounded.js';
import { Emitter } from '../shared/emitter.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { ExtensionUIController } from './controller.js';
import { type SentAnswer, SentAnswers } from './sent-answers.js';
import type { PendingDialog } from './types.js';

/** Events of a {@link BridgeClient}. */
export interface BridgeClientEvents {
  /** The bridge greeted this client (first on every connection). */
  hello: BridgeHello;
  /** The agent process ended (the bridge's `rpc_ui_agent_exit`), or runs again (`undefined`). */
  exit: BridgeAgentExit | undefined;
  /** An answer to send again could not be sent. */
  error: Error;
  /** The answers kept for sending again changed: the host may store them (`savedAnswers`). */
  answers: void;
}

/** How many answered dialogs' titles are kept, to name one whose answer the bridge did not take. */
const TITLES_KEPT = 64;

/**
 * The client side of the rpc-ui bridge's own messages, DOM-free, beside a controller.
 *
 * - `rpc_ui_hello` names the agent process (`session`): a new process, even with the same ids,
 *   shares nothing with the last one (see `useAgentSession`); what it no longer lists ended while
 *   this client was away.
 * - `rpc_ui_dialog_closed` closes a dialog answered in another tab, and notes when this client's
 *   own answer was not used or came too late.
 * - `rpc_ui_agent_exit` closes every dialog locally and keeps the exit for the host to show.
 * - When the bridge replays a question this client answered (the answer was lost with the old
 *   connection), the same answer goes again, once, and only to that very question of that very
 *   agent process.
 */
export class BridgeClient {
  readonly #controller: ExtensionUIController;
  readonly #events = new Emitter<BridgeClientEvents>();
  readonly #sent = new SentAnswers();
  readonly #titles = new BoundedMap<string, string>(TITLES_KEPT);
  /** The dialogs the bridge still waits on, as its last hello listed them. */
  #waiting = new Set<string>();
  #hello: BridgeHello | undefined;
  #exit: BridgeAgentExit | undefined;
  readonly #stop: (() => void)[];

  constructor(controller: ExtensionUIController) {
    this.#controller = controller;
    this.#stop = [
      controller.on('message', this.#onMessage),
      controller.on('answer', ({ dialog, response }) => this.#answered(dialog, response)),
      // Already said not to have reached the agent: the bridge's word on it adds nothing.
      controller.on('expire', ({ dialog }) => this.#titles.delete(dialog.request.id)),
      controller.on('repeat', ({ request }) => this.#repeated(request)),
      controller.on('invalid', this.#onInvalid),
    ];
  }

  /** Listen for an event; returns the function that stops listening. */
  on<K extends keyof BridgeClientEvents>(
    type: K,
    listener: (event: BridgeClientEvents[K]) => void,
  ): () => void {
    return this.#events.on(type, listener);
  }

  /** The bridge's hello on the current connection: a bridge is on the other end. */
  get hello(): BridgeHello | undefined {
    return this.#hello;
  }

  /** How the agent process ended, while it is gone. */
  get exit(): BridgeAgentExit | undefined {
    return this.#exit;
  }

  /**
   * Ask the bridge to start the agent again (after it has ended; the bridge ignores it while the
   * agent runs). Its new hello names another process.
   * @throws TransportError when nothing can be sent
   */
  restartAgent(): void {
    const request = { type: 'rpc_ui_restart_agent' } satisfies BridgeRestartRequest;
    this.#controller.send(request);
  }

  /** Another connection: nothing is known of its other end until it says hello. */
  reset(): void {
    this.#hello = undefined;
    this.#waiting = new Set();
    this.#setExit(undefined);
  }

  /** The newest answers, for the host's storage (see `SentAnswers.newest`). */
  savedAnswers(count: number, maxChars: number): SentAnswer[] {
    return this.#sent.newest(count, maxChars);
  }

  /** Take back answers from storage; anything else is skipped. */
  restoreAnswers(stored: unknown): void {
    this.#sent.restore(stored);
  }

  /** Stop listening to the controller. */
  dispose(): void {
    for (const stop of this.#stop) stop();
    this.#events.clear();
  }

  #onMessage = (message: InboundMessage): void => {
    if (!isBridgeType(message.type)) return;
    const bridge = readBridgeMessage(message.value);
    if (bridge?.type === 'rpc_ui_hello') this.#greeted(bridge);
    else if (bridge?.type === 'rpc_ui_dialog_closed') this.#closedElsewhere(bridge);
    else if (bridge?.type === 'rpc_ui_agent_exit') {
      this.#controller.cancelAll();
      this.#setExit(bridge);
    }
  };

  #greeted(hello: BridgeHello): void {
    const controller = this.#controller;
    this.#hello = hello;
    if (controller.useAgentSession(hello.session)) {
      // Given to another process: never to be sent to this one.
      this.#sent.clear();
      this.#titles.clear();
      this.#events.emit('answers', undefined);
    }
    // What ended while this client was away goes; the replay that follows brings the rest.
    controller.retain(hello);
    if (hello.identity) controller.useAgent(hello.identity);
    this.#waiting = new Set(hello.dialogs);
    if (hello.running) this.#setExit(undefined);
    this.#events.emit('hello', hello);
  }

  #answered(dialog: PendingDialog, response: ExtensionUIResponse): void {
    this.#remember(response, questionFingerprint(dialog.request));
    this.#titles.set(response.id, dialog.request.title);
  }

  /** Keep an answer to send again, tied to its question and to the agent process that asked. */
  #remember(response: ExtensionUIResponse, question: string): void {
    const session = this.#controller.agentSession;
    this.#sent.remember({ response, question, ...(session === undefined ? {} : { session }) });
    this.#events.emit('answers', undefined);
  }

  /**
   * A question answered here, replayed by the bridge, which still waits on it: the answer never
   * reached it. Sent again when it is the same question of the same agent process.
   */
  #repeated(request: DialogRequest): void {
    const { id } = request;
    if (!this.#waiting.delete(id)) return;
    const answer = this.#sent.get(id);
    if (!answer || answer.question !== questionFingerprint(request) || !this.#sameSession(answer)) return;
    this.#resend(id);
  }

  /**
   * A dialog with bad fields this client answered cancelled, replayed by the bridge (the kit of
   * every tab cancels it): the cancel is kept like an answer and sent again once.
   */
  #onInvalid = (report: InvalidRequestReport): void => {
    const { id, reason } = report;
    if (reason !== 'invalid-fields' || !id) return;
    if (report.cancelled) {
      this.#remember(cancelResponse(id), '');
      return;
    }
    const answer = this.#sent.get(id);
    if (answer?.question === '' && this.#sameSession(answer)) this.#resend(id);
  };

  #sameSession(answer: SentAnswer): boolean {
    const session = this.#controller.agentSession;
    return this.#hello !== undefined && session !== undefined && answer.session === session;
  }

  /** Once: an answer the bridge refuses (too big, say) must not go round reconnect after reconnect. */
  #resend(id: string): void {
    const answer = this.#sent.take(id);
    if (!answer) return;
    this.#events.emit('answers', undefined); // a reload must not bring it back
    try {
      this.#controller.send(answer.response);
    } catch (error) {
      this.#events.emit('error', error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * The bridge closed a dialog: answered in another tab (open here: it closes; answered here too:
   * ours was not used), or this client's answer came after the agent stopped waiting.
   */
  #closedElsewhere({ id, reason }: BridgeDialogClosed): void {
    const controller = this.#controller;
    const open = controller.dialogs.find((dialog) => dialog.request.id === id);
    if (open) {
      controller.cancel(id);
      if (reason === 'answered') controller.note({ kind: 'answered-elsewhere', title: open.request.title });
      return;
    }
    const title = this.#titles.get(id);
    if (title === undefined) return;
    this.#titles.delete(id);
    if (reason === 'answered') controller.note({ kind: 'answer-not-used', title }, 'warning');
    else if (reason === 'expired') controller.note({ kind: 'answer-too-late', title }, 'warning');
  }

  #setExit(exit: BridgeAgentExit | undefined): void {
    if (exit === this.#exit) return;
    this.#exit = exit;
    this.#events.emit('exit', exit);
  }
}
