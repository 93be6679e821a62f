/**
 * The logins the agent runs, as the bridge keeps them for a tab that comes late or reloads: each
 * login's page to open, its device code and its messages, until the agent answers the command
 * that started it. A sign-in then comes back whole, not only its question. DOM-free.
 */
import type { Clock } from '../shared/clock.js';
import type { LoginRequest } from '../protocol/types.js';
import { BoundedMap } from '../shared/bounded.js';
import { encodeJson, isPlainObject } from '../transport/jsonl.js';

/** The messages kept per login (the newest): progress lines are many, the last ones matter. */
const MESSAGES_KEPT = 50;

/** One login's lines, as the agent wrote them. */
interface KeptLogin {
  /** atomic's provider; none for oh-my-pi's `open_url`, which its `login` command ends. */
  readonly provider: string | undefined;
  page?: string;
  /** The device code's line, and when it came (on the clock), to count its time left. */
  code?: { readonly raw: Readonly<Record<string, unknown>>; readonly text: string; readonly at: number };
  readonly messages: string[];
}

/** What a response ended: the provider (atomic) or the login (by the command's id). */
export interface LoginEnd {
  readonly provider?: string;
  readonly loginId?: string;
}

export class LoginTable {
  readonly #clock: Clock;
  readonly #logins = new BoundedMap<string, KeptLogin>(20);
  /** `login_provider` commands from tabs, not answered yet: command id → login id. */
  readonly #commands = new BoundedMap<string, string>(100);

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** A page, code or message of a login (`raw`: the line parsed, every field kept). */
  keep(request: LoginRequest, raw: Readonly<Record<string, unknown>>, text: string): void {
    const key = request.login?.loginId ?? request.id;
    const login = this.#logins.get(key) ?? { provider: request.login?.provider, messages: [] };
    if (request.method === 'open_url') login.page = text;
    else if (request.method === 'oauth_device_code') login.code = { raw, text, at: this.#clock.now() };
    else if (login.messages.push(text) > MESSAGES_KEPT) login.messages.shift();
    this.#logins.set(key, login);
  }

  /** A tab's command to the agent: a `login_provider` is remembered, its answer ends its login. */
  command(value: Readonly<Record<string, unknown>>): void {
    if (value.type !== 'login_provider' || typeof value.id !== 'string') return;
    const loginId = typeof value.loginId === 'string' ? value.loginId : value.provider;
    if (typeof loginId === 'string') this.#commands.set(value.id, loginId);
  }

  /**
   * A response of the agent's: the answer to `login_provider` (atomic) or to `login` (oh-my-pi)
   * ends a login, which is forgotten.
   * @returns what ended, if anything
   */
  ended(response: Readonly<Record<string, unknown>>): LoginEnd | undefined {
    const { id, command, data } = response;
    if (command === 'login') {
      for (const [key, login] of this.#logins.entries()) if (!login.provider) this.#logins.delete(key);
      return {};
    }
    if (command !== 'login_provider') return undefined;
    const loginId = typeof id === 'string' ? this.#commands.get(id) : undefined;
    if (typeof id === 'string') this.#commands.delete(id);
    const named =
      data !== null && typeof data === 'object' ? (data as Record<string, unknown>).provider : undefined;
    const provider = typeof named === 'string' ? named : undefined;
    for (const [key, login] of this.#logins.entries())
      if (key === loginId || (provider !== undefined && login.provider === provider))
        this.#logins.delete(key);
    return { ...(provider !== undefined ? { provider } : {}), ...(loginId !== undefined ? { loginId } : {}) };
  }

  /**
   * The lines a new tab needs: each login's page, code and messages, oldest login first. A
   * code's `expiresInSeconds` is what remains of it (one that ran out is left out): the kit
   * counts it from when the line arrives.
   */
  replay(): string[] {
    return this.#logins
      .values()
      .flatMap((login) => [
        ...(login.page === undefined ? [] : [login.page]),
        ...this.#code(login),
        ...login.messages,
      ]);
  }

  #code({ code }: KeptLogin): string[] {
    if (!code) return [];
    // atomic writes it in `info`; the line is replayed as it wrote it, but for the time left.
    const { raw } = code;
    const info = isPlainObject(raw.info) ? raw.info : undefined;
    const expires = (info ?? raw).expiresInSeconds;
    if (typeof expires !== 'number') return [code.text];
    const left = Math.floor(expires - (this.#clock.now() - code.at) / 1000);
    if (left <= 0) return [];
    const timed = info
      ? { ...raw, info: { ...info, expiresInSeconds: left } }
      : { ...raw, expiresInSeconds: left };
    return [encodeJson(timed)];
  }

  /** Forget every login (the agent has ended). */
  clear(): void {
    this.#logins.clear();
    this.#commands.clear();
  }
}
