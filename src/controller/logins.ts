import { isRecord } from '../shared/is-record.js';
import type { InboundMessage } from '../transport/inbound.js';
import type { OutboundMessage } from '../transport/transport.js';
import type {
  DeviceCodeRequest,
  DialogRequest,
  LoginInfoRequest,
  LoginRef,
  OpenUrlRequest,
} from '../protocol/types.js';

/** A login the agent runs: what it gave the user to read, and how it ended. */
export interface LoginEntry {
  /** atomic's `loginId`; for oh-my-pi's `open_url`, which names no login, the request's id. */
  readonly key: string;
  /** The provider being logged in to (atomic). */
  readonly provider?: string;
  /** The page to open (oh-my-pi's `open_url`, atomic's `oauth_auth`). */
  readonly url?: OpenUrlRequest;
  /** A code to type at a page (atomic's `oauth_device_code`). */
  readonly deviceCode?: DeviceCodeRequest;
  /** Progress and information, oldest first (atomic's `oauth_progress` and `oauth_info`). */
  readonly messages: readonly LoginInfoRequest[];
  /** Whether it was started here ({@link Logins.start}), so that it can be cancelled. */
  readonly startedHere: boolean;
  /** Set once its cancellation was sent, until the agent answers. */
  readonly cancelling?: boolean;
  /** Set when the agent answered the login: it is over. */
  readonly outcome?: LoginOutcome;
}

/** A provider the agent can sign in to (atomic's `oauthProviders`), as the agent names it. */
export interface LoginProvider {
  readonly id: string;
  /** Its name for people ("OpenAI Codex"); the id when the agent gives none. */
  readonly name: string;
  /** The agent's own words for signing in to it ("Sign in with Kimi Code"), when it has them. */
  readonly loginLabel?: string;
}

/** How a login ended, from the agent's answer to `login_provider`. */
export type LoginOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: string };

/** What the logins act on: the controller's way out and its dialogs. */
export interface LoginTargets {
  send(message: OutboundMessage): void;
  /** The pending dialogs' requests. */
  dialogs(): readonly DialogRequest[];
  /** Close a pending dialog locally: the agent no longer waits for it. */
  withdraw(id: string): void;
  changed(): void;
}

type LoginPart = OpenUrlRequest | DeviceCodeRequest | LoginInfoRequest;

/** The id prefix of the `login_provider` commands sent here. */
const COMMAND_PREFIX = 'rpc-ui-login-';

/** The login a `login_provider` command of the kit's started (its id says), if it is one. */
function loginOfCommand(id: string): string | undefined {
  const colon = id.indexOf(':');
  return id.startsWith(COMMAND_PREFIX) && colon > 0 ? id.slice(colon + 1) : undefined;
}

/**
 * The agent's logins (atomic's `oauth_*`, oh-my-pi's `open_url`): one entry per login, started
 * with `login_provider` and over at its response. Its questions are ordinary dialogs that carry
 * `login`; a login that ends closes the ones left.
 */
export class Logins {
  readonly #to: LoginTargets;
  readonly #entries = new Map<string, LoginEntry>();
  /** `login_provider` commands sent here and not answered yet: command id → login key. */
  readonly #commands = new Map<string, string>();
  #list: readonly LoginEntry[] | undefined;
  #providers: readonly LoginProvider[] = [];
  #commandCount = 0;

  constructor(to: LoginTargets) {
    this.#to = to;
  }

  /** Every login, in the order they began; the same array until a change. */
  get list(): readonly LoginEntry[] {
    this.#list ??= [...this.#entries.values()];
    return this.#list;
  }

  /**
   * The providers the agent offers to sign in to, in its order, by its names: what
   * `followModels` read from its answers (atomic's `oauthProviders`); empty until known.
   */
  get providers(): readonly LoginProvider[] {
    return this.#providers;
  }

  /** Say which providers the agent offers (its list, as it gave it). */
  offer(providers: readonly LoginProvider[]): void {
    this.#providers = providers;
    this.#changed();
  }

  /** The name the agent gives provider `id`, else the id itself. */
  providerName(id: string): string {
    return this.#providers.find((provider) => provider.id === id)?.name ?? id;
  }

  /**
   * Ask the agent to log in to `provider` with OAuth (atomic's `login_provider`). Its pages,
   * codes and questions arrive as requests of this login.
   * @returns the login's key (its `loginId`)
   * @throws TransportError when it cannot be sent
   */
  start(provider: string, loginId: string = provider): string {
    // The id names the login: a tab that reloads, or another one, ends it at the answer too.
    const id = `${COMMAND_PREFIX}${++this.#commandCount}:${loginId}`;
    this.#to.send({ type: 'login_provider', id, provider, authType: 'oauth', loginId });
    this.#commands.set(id, loginId);
    this.#set({ key: loginId, provider, messages: [], startedHere: true });
    return loginId;
  }

  /**
   * Stop a login: the agent is told (`cancel_login_provider`, once) and its questions close,
   * nothing sent for them (the agent stops waiting for them). It is `cancelling` until the
   * agent answers. A login with no provider (oh-my-pi's `open_url`), or over, is left alone.
   * @throws TransportError when it cannot be sent
   */
  cancel(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry?.provider || entry.outcome || entry.cancelling) return;
    this.#to.send({ type: 'cancel_login_provider', provider: entry.provider, loginId: key });
    this.#closeQuestions(key);
    this.#set({ ...entry, cancelling: true });
  }

  /**
   * Stop every login that runs (the user pressed Stop): each is cancelled once, so it ends
   * "cancelled" rather than failing on an answer left empty.
   * @throws TransportError when it cannot be sent
   */
  cancelAll(): void {
    for (const entry of this.list) this.cancel(entry.key);
  }

  /** Forget a login (the user closed its panel). A login still running is cancelled first. */
  dismiss(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    if (entry.startedHere && !entry.outcome) this.cancel(key);
    this.#entries.delete(key);
    this.#changed();
  }

  /** A question of a login arrived: the login is known from then on. */
  asked(login: LoginRef): void {
    if (!this.#entries.has(login.loginId)) this.#set(this.#entry(login.loginId, login));
  }

  /** A page, code or message of a login. */
  apply(request: LoginPart): void {
    const key = request.login?.loginId ?? request.id;
    const entry = this.#entries.get(key) ?? this.#entry(key, request.login);
    if (request.method === 'open_url') this.#set({ ...entry, url: request });
    else if (request.method === 'oauth_device_code') this.#set({ ...entry, deviceCode: request });
    else this.#set({ ...entry, messages: [...entry.messages, request] });
  }

  /** atomic's `oauth_manual_code_cancel`: the login went on without its manual-code question. */
  withdrawManualCode(login: LoginRef): void {
    for (const request of this.#to.dialogs())
      if (request.login?.method === 'oauth_manual_code' && request.login.loginId === login.loginId)
        this.#to.withdraw(request.id);
  }

  /** A line that is not an extension UI request: the answer to a `login_provider` ends its login. */
  response(line: InboundMessage): void {
    const parsed = line.parse();
    if (!parsed.ok || !isRecord(parsed.value)) return;
    const { id, command, success, error } = parsed.value;
    if (command !== 'login_provider') return;
    const data = isRecord(parsed.value.data) ? parsed.value.data : {};
    const named = typeof id === 'string' ? (this.#commands.get(id) ?? loginOfCommand(id)) : undefined;
    const key = named ?? (typeof data.provider === 'string' ? data.provider : undefined);
    if (typeof id === 'string') this.#commands.delete(id);
    const entry = key === undefined ? undefined : this.#entries.get(key);
    if (!entry) return;
    let outcome: LoginOutcome = { kind: data.cancelled === true ? 'cancelled' : 'done' };
    if (success === false) outcome = { kind: 'failed', error: typeof error === 'string' ? error : '' };
    this.#closeQuestions(entry.key);
    this.#set({ ...entry, cancelling: false, outcome });
  }

  /** Forget every login and the providers offered (another agent process). */
  clear(): void {
    if (this.#entries.size === 0 && this.#providers.length === 0) return;
    this.#entries.clear();
    this.#commands.clear();
    this.#providers = [];
    this.#changed();
  }

  #entry(key: string, login: LoginRef | undefined): LoginEntry {
    return { key, ...(login ? { provider: login.provider } : {}), messages: [], startedHere: false };
  }

  #closeQuestions(key: string): void {
    for (const request of this.#to.dialogs())
      if (request.login?.loginId === key) this.#to.withdraw(request.id);
  }

  #set(entry: LoginEntry): void {
    this.#entries.set(entry.key, entry);
    this.#changed();
  }

  #changed(): void {
    this.#list = undefined;
    this.#to.changed();
  }
}
