/**
 * Where `<rpc-extension-ui>` keeps its controller's snapshot across reloads: a host's state object
 * (VS Code's webview API) under a key, other keys kept, or `sessionStorage` under that key.
 */
import { isRecord } from '../../shared/is-record.js';

/**
 * Where a host keeps state across reloads, e.g. the VS Code webview API object
 * (`acquireVsCodeApi()`): `getState()` and `setState()`.
 */
export interface RpcStateStore {
  /** The whole stored state (`undefined` when nothing was stored). */
  getState(): unknown;
  /** Replace the whole stored state. */
  setState(state: unknown): void;
}

/** Where the state is kept: `none` (default) or `session` (`sessionStorage`). */
export type RpcPersistMode = 'none' | 'session';

/**
 * The stored snapshot (not yet checked), or `undefined`.
 * @throws SyntaxError when `sessionStorage` holds something that is not JSON
 */
export function readState(store: RpcStateStore | undefined, key: string): unknown {
  if (store) {
    const state = store.getState();
    return isRecord(state) ? state[key] : undefined;
  }
  const text = sessionStorage.getItem(key);
  return text === null ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Store `snapshot` under `key`, or remove it when `undefined`.
 * @throws what the store throws (a quota exceeded, storage disabled)
 */
export function writeState(store: RpcStateStore | undefined, key: string, snapshot: unknown): void {
  if (store) {
    const state = store.getState();
    const { [key]: _old, ...rest } = isRecord(state) ? state : {};
    store.setState(snapshot === undefined ? rest : { ...rest, [key]: snapshot });
  } else if (snapshot === undefined) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, JSON.stringify(snapshot));
}
