import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BridgeClient } from '../../controller/bridge-client.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import { newestWithin } from '../../controller/sent-answers.js';
import { isRecord } from '../../shared/is-record.js';
import {
  type RpcPersistMode,
  type RpcStateStore,
  readState,
  writeState,
} from '../extension-ui/state-store.js';

/** How many of the newest answers are stored with the state. */
const STORED_ANSWERS = 16;
/** The stored answers' values, and the stored notifications' messages, each total at most this. */
const STORED_CHARS = 256 * 1024;

/** Where the host says to keep the state (`<rpc-extension-ui>`'s properties of these names). */
export interface PersistenceSettings {
  readonly persist: RpcPersistMode;
  readonly persistKey: string;
  readonly stateStore: RpcStateStore | undefined;
}

/**
 * Keeps a controller's snapshot, and the bridge's newest answers, across reloads while the host
 * asks for it (`persist="session"` or a `stateStore`): restored when the host connects, before
 * anything else listens; saved at most once per animation frame after a change, on `pagehide`
 * and when the host leaves. A stored value that is not a snapshot is reported once (with `warn`)
 * and removed; a snapshot too big for the store is stored without its notifications and drafts.
 */
export class StatePersistence implements ReactiveController {
  readonly #settings: PersistenceSettings;
  readonly #controller: ExtensionUIController;
  readonly #bridge: BridgeClient;
  readonly #warn: (message: string, error: unknown) => void;
  #listening: (() => void)[] = [];
  #saveFrame: number | undefined;
  #warned = false;

  constructor(
    host: ReactiveControllerHost & PersistenceSettings,
    controller: ExtensionUIController,
    bridge: BridgeClient,
    warn: (message: string, error: unknown) => void,
  ) {
    this.#settings = host;
    this.#controller = controller;
    this.#bridge = bridge;
    this.#warn = warn;
    host.addController(this);
  }

  hostConnected(): void {
    this.restore();
    this.#listening = [
      this.#controller.on('change', this.#scheduleSave),
      this.#bridge.on('answers', this.#scheduleSave),
    ];
    window.addEventListener('pagehide', this.#save);
  }

  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.#save);
    if (this.#saveFrame !== undefined) cancelAnimationFrame(this.#saveFrame);
    this.#saveFrame = undefined;
    this.#save();
    for (const stop of this.#listening) stop();
    this.#listening = [];
  }

  /** Restore the stored state into the controller and the bridge (e.g. from a new store). */
  restore(): void {
    if (!this.#persisting) return;
    try {
      const data = readState(this.#settings.stateStore, this.#settings.persistKey);
      if (data === undefined) return;
      this.#controller.restore(data);
      if (isRecord(data)) this.#bridge.restoreAnswers(data.answers);
    } catch (error) {
      this.#warnOnce('the stored state was ignored and removed.', error);
      this.#write(undefined);
    }
  }

  #scheduleSave = (): void => {
    if (!this.#persisting) return;
    this.#saveFrame ??= requestAnimationFrame(() => {
      this.#saveFrame = undefined;
      this.#save();
    });
  };

  get #persisting(): boolean {
    return this.#settings.stateStore !== undefined || this.#settings.persist === 'session';
  }

  /**
   * Store the controller's snapshot and the newest answers sent: one still waiting for the
   * connection when the page reloads goes out when the bridge replays its dialog.
   */
  #save = (): void => {
    if (!this.#persisting) return;
    const snapshot = this.#controller.snapshot();
    const answers = this.#bridge.savedAnswers(STORED_ANSWERS, STORED_CHARS);
    // A notification of megabytes would not fit, or would be copied at every save.
    const { notifications: all } = snapshot;
    const notifications = newestWithin(all, all.length, STORED_CHARS, (entry) => entry.message.length);
    try {
      writeState(this.#settings.stateStore, this.#settings.persistKey, {
        ...snapshot,
        notifications,
        answers,
      });
    } catch {
      // Still too big for the store (an editor text or a draft of megabytes): keep the dialogs,
      // without drafts, and the answers.
      const dialogs = snapshot.dialogs.map(({ request, ageMs, remainingMs }) => ({
        request,
        ageMs,
        remainingMs,
      }));
      this.#write({ ...snapshot, dialogs, notifications: [], editorText: undefined, answers });
    }
  };

  /** Store `snapshot`, or remove it when `undefined`; a storage error is reported, not thrown. */
  #write(snapshot: unknown): void {
    try {
      writeState(this.#settings.stateStore, this.#settings.persistKey, snapshot);
    } catch (error) {
      this.#warnOnce('the state could not be stored.', error);
    }
  }

  /** Storage errors come back at every save: the first one is reported. */
  #warnOnce(message: string, error: unknown): void {
    if (!this.#warned) this.#warn(message, error);
    this.#warned = true;
  }
}
