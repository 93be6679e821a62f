import { isRecord } from '../protocol/report.js';
import type { ExtensionUIController } from './controller.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { OutboundMessage } from '../transport/transport.js';

/** A provider the agent can sign in to (atomic's `oauthProviders`), as the agent names it. */
export interface LoginProvider {
  readonly id: string;
  /** Its name for people ("OpenAI Codex"); the id when the agent gives none. */
  readonly name: string;
  /** The agent's own words for signing in to it ("Sign in with Kimi Code"), when it has them. */
  readonly loginLabel?: string;
}

/** What the models act on: the controller's way out and its change event. */
export interface ModelTargets {
  send(message: OutboundMessage): void;
  changed(): void;
}

/** The prefix of the commands asked here; any answer is read, whoever asked. */
const ASK_PREFIX = 'rpc-ui-models-';

/** The commands whose answers say something about the agent's models. */
const READ = new Set(['get_available_models', 'get_state', 'login_provider', 'refresh_models']);

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
 * What the agent says about its models (`controller.models`): how many it can use, why it has
 * none (atomic's `modelFallbackMessage`), and the providers it can sign in to (atomic's
 * `oauthProviders`), so a page lists the agent's own and names them as it does. Read from the
 * answers to `get_available_models`, `get_state` and `login_provider`, whoever asked;
 * {@link ask} asks.
 */
export class AgentModels {
  readonly #to: ModelTargets;
  #available: number | undefined;
  #fallback: string | undefined;
  #providers: readonly LoginProvider[] = [];
  /** The `get_available_models` asked here and not answered yet. */
  #asked: string | undefined;
  #count = 0;

  constructor(to: ModelTargets) {
    this.#to = to;
  }

  /** How many models the agent can use; `undefined` until it said. */
  get available(): number | undefined {
    return this.#available;
  }

  /** Why the agent has no model, in its own words (atomic's `get_state`), when it says. */
  get fallback(): string | undefined {
    return this.#fallback;
  }

  /** The providers the agent can sign in to, in its order; empty when it names none. */
  get providers(): readonly LoginProvider[] {
    return this.#providers;
  }

  /** The name the agent gives provider `id`, else the id itself. */
  providerName(id: string): string {
    return this.#providers.find((provider) => provider.id === id)?.name ?? id;
  }

  /**
   * Ask the agent for its models (`get_available_models`, then `get_state` when it has none),
   * unless a question asked here is still unanswered. A failed send is left for the next call.
   */
  ask(): void {
    if (this.#asked !== undefined) return;
    const id = `${ASK_PREFIX}${++this.#count}-${Math.random().toString(36).slice(2, 8)}`;
    try {
      this.#to.send({ type: 'get_available_models', id });
      this.#asked = id;
    } catch {
      // No transport yet, or it is closed: the next connection asks again.
    }
  }

  /** The connection closed: a question asked on it will not be answered. */
  reset(): void {
    this.#asked = undefined;
  }

  /** A response line: read when it says something about the models. */
  response(line: InboundMessage): void {
    if (![...READ].some((command) => line.text.includes(`"${command}"`))) return;
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value)) return;
    const { id, command, success } = parsed.value;
    if (id === this.#asked && command === 'get_available_models') this.#asked = undefined;
    const data = isRecord(parsed.value.data) ? parsed.value.data : undefined;
    if (success !== true || !data || typeof command !== 'string' || !READ.has(command)) return;
    if (command === 'get_state') {
      const fallback = typeof data.modelFallbackMessage === 'string' ? data.modelFallbackMessage : undefined;
      if (fallback !== this.#fallback) this.#set(() => (this.#fallback = fallback));
      return;
    }
    // A login's answer carries the catalog once signed in (atomic); a cancelled one has none.
    if (!Array.isArray(data.models)) return;
    const available = data.models.length;
    const providers = providersOf(data.oauthProviders) ?? this.#providers;
    this.#set(() => {
      this.#available = available;
      this.#providers = providers;
      if (available > 0) this.#fallback = undefined;
    });
    if (available === 0 && this.#fallback === undefined)
      this.#send({ type: 'get_state', id: `${ASK_PREFIX}state-${++this.#count}` });
  }

  /** Forget what the agent said (another agent process). */
  clear(): void {
    this.#asked = undefined;
    if (this.#available === undefined && this.#providers.length === 0 && this.#fallback === undefined) return;
    this.#set(() => {
      this.#available = undefined;
      this.#fallback = undefined;
      this.#providers = [];
    });
  }

  #send(message: OutboundMessage): void {
    try {
      this.#to.send(message);
    } catch {
      // The answer that needed it is read again on the next connection.
    }
  }

  #set(change: () => void): void {
    change();
    this.#to.changed();
  }
}

/**
 * Ask `controller`'s agent for its models each time the connection opens, and when another agent
 * process is named (a restart on the same connection); returns the function that stops.
 */
export function askModels(controller: ExtensionUIController): () => void {
  let session = controller.agentSession;
  const offState = controller.on('state', (state) => {
    if (state === 'open') controller.models.ask();
  });
  const offChange = controller.on('change', (kind) => {
    if (kind !== 'session') return;
    const named = controller.agentSession;
    if (session !== undefined && named !== session) controller.models.ask();
    session = named;
  });
  if (controller.connectionState === 'open') controller.models.ask();
  return () => {
    offState();
    offChange();
  };
}
