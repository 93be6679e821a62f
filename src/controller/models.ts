import { type ModelOption, readModels } from '../protocol/models.js';
import { isRecord } from '../shared/is-record.js';
import { Emitter } from '../shared/emitter.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { ExtensionUIController } from './controller.js';
import type { LoginProvider } from './logins.js';

/** The prefix of the commands asked here; any answer is read, whoever asked. */
const ASK_PREFIX = 'rpc-ui-models-';

/** The commands whose answers say something about the agent's models. */
const READ = /"(get_available_models|get_state|login_provider)"/;

function providersOf(value: unknown): LoginProvider[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item: unknown) => {
    if (!isRecord(item) || typeof item.id !== 'string' || !item.id) return [];
    const name = typeof item.name === 'string' && item.name ? item.name : item.id;
    const label =
      typeof item.loginLabel === 'string' && item.loginLabel ? { loginLabel: item.loginLabel } : {};
    return [{ id: item.id, name, ...label }];
  });
}

/**
 * What a controller's agent says about its models: which it can use and why it has none
 * (atomic's `modelFallbackMessage`). The providers it can sign in to (atomic's `oauthProviders`)
 * go to `controller.logins` (`providers`, `providerName`), which the dialogs and `rpc-login` read.
 * Read from the answers to `get_available_models`, `get_state` and `login_provider`, whoever
 * asked. Get it with {@link followModels}, which asks the agent on each connection; it lives
 * outside the root export, with the elements that show it.
 */
export class AgentModels {
  readonly #controller: ExtensionUIController;
  readonly #events = new Emitter<{ change: AgentModels }>();
  #catalog: readonly ModelOption[] | undefined;
  #fallback: string | undefined;
  /** The `get_available_models` asked here and not answered yet. */
  #asked: string | undefined;
  #count = 0;

  /** @internal Use {@link followModels}. */
  constructor(controller: ExtensionUIController) {
    this.#controller = controller;
  }

  /** How many models the agent can use; `undefined` until it said. */
  get available(): number | undefined {
    return this.#catalog?.length;
  }

  /** The models the agent can use, in its order; `undefined` until it said. */
  get catalog(): readonly ModelOption[] | undefined {
    return this.#catalog;
  }

  /** Why the agent has no model, in its own words (atomic's `get_state`), when it says. */
  get fallback(): string | undefined {
    return this.#fallback;
  }

  /** The providers the agent offers to sign in to (`controller.logins.providers`). */
  get providers(): readonly LoginProvider[] {
    return this.#controller.logins.providers;
  }

  /** Listen for changes; returns the function that stops. */
  on(type: 'change', listener: (models: AgentModels) => void): () => void {
    return this.#events.on(type, listener);
  }

  /**
   * Ask the agent for its models (`get_available_models`, then `get_state` when it has none),
   * unless a question asked here is still unanswered. One that cannot be sent is asked next time.
   */
  ask(): void {
    if (this.#asked !== undefined) return;
    const id = `${ASK_PREFIX}${++this.#count}-${Math.random().toString(36).slice(2, 8)}`;
    if (this.#send({ type: 'get_available_models', id })) this.#asked = id;
  }

  /** Read what the controller passes through, ask on each connection; returns the function that stops. */
  follow(): () => void {
    const controller = this.#controller;
    let session = controller.agentSession;
    const stops = [
      controller.on('message', (line) => this.#read(line)),
      controller.on('state', (state) => {
        this.#asked = undefined; // a question asked on a closed connection is not answered
        if (state === 'open') this.ask();
      }),
      // Another agent process on the same connection: what the last one said does not hold.
      controller.on('change', (kind) => {
        if (kind !== 'session') return;
        const named = controller.agentSession;
        if (session !== undefined && named !== session) this.#forget();
        session = named;
      }),
    ];
    if (controller.connectionState === 'open') this.ask();
    return () => {
      for (const stop of stops) stop();
    };
  }

  #read(line: InboundMessage): void {
    if (line.type !== 'response' || !READ.test(line.text)) return;
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value)) return;
    const { id, command, success } = parsed.value;
    if (id === this.#asked) this.#asked = undefined;
    const data = isRecord(parsed.value.data) ? parsed.value.data : undefined;
    if (success !== true || !data) return;
    if (command === 'get_state') {
      const fallback = typeof data.modelFallbackMessage === 'string' ? data.modelFallbackMessage : undefined;
      if (fallback !== this.#fallback) this.#set(this.#catalog, fallback);
      return;
    }
    // A sign-in's answer carries the catalog once signed in (atomic); a cancelled one has none.
    if (!Array.isArray(data.models)) return;
    const providers = providersOf(data.oauthProviders);
    if (providers) this.#controller.logins.offer(providers);
    const catalog = readModels(data.models);
    this.#set(catalog, catalog.length > 0 ? undefined : this.#fallback);
    if (catalog.length === 0 && this.#fallback === undefined)
      this.#send({ type: 'get_state', id: `${ASK_PREFIX}state-${++this.#count}` });
  }

  #forget(): void {
    this.#asked = undefined;
    this.#set(undefined, undefined);
    this.ask();
  }

  #set(catalog: readonly ModelOption[] | undefined, fallback: string | undefined): void {
    this.#catalog = catalog;
    this.#fallback = fallback;
    this.#events.emit('change', this);
  }

  /** Send, or say it could not be (no transport yet, or it is closed). */
  #send(message: { readonly type: string; readonly id: string }): boolean {
    try {
      this.#controller.send(message);
      return true;
    } catch {
      return false;
    }
  }
}

/** The models each controller's agent has, and how many follow them now. */
const followed = new WeakMap<
  ExtensionUIController,
  { models: AgentModels; users: number; stop?: () => void }
>();

/**
 * The models of `controller`'s agent, read and asked for while anybody follows them (the
 * conversation, the sign-in panel): one follower per controller, whatever the number of users.
 * @returns the models, and the function that stops this user's following
 */
export function followModels(controller: ExtensionUIController): {
  readonly models: AgentModels;
  readonly stop: () => void;
} {
  let entry = followed.get(controller);
  if (!entry) followed.set(controller, (entry = { models: new AgentModels(controller), users: 0 }));
  const shared = entry;
  if (shared.users++ === 0) shared.stop = shared.models.follow();
  let stopped = false;
  return {
    models: shared.models,
    stop: () => {
      if (stopped) return;
      stopped = true;
      if (--shared.users === 0) shared.stop?.();
    },
  };
}
