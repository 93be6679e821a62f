/** What the extension and its agent keeper (`agent-keeper.ts`) say to each other at its start. */
import type { AgentCommand } from './agent-command.js';

/** How long the keeper waits for a window to come back (a reload takes seconds) before it ends. */
export const UNUSED_MS = 30_000;

/** The variable that hands the keeper its token (an argument is visible to every user). */
export const TOKEN_ENV = 'RPC_UI_KEEPER_TOKEN';

/** The agent to keep, and its folder: JSON in the keeper's first argument. */
export interface KeeperAgent extends AgentCommand {
  readonly cwd?: string;
}

/** The keeper's first and only line on stdout. */
export type KeeperReport = { readonly port: number } | { readonly failed: string };
