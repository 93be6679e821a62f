/**
 * Which agent the client talks to. The agents differ where the protocol text is silent; the
 * kit follows each: oh-my-pi's `timeout: 0` means the question is already over, pi's and
 * atomic's that it never times out.
 */

/** The agent at the other end, as far as the client knows it. */
export interface AgentIdentity {
  /** `pi`, `omp` or `atomic` for the agents the kit knows, or another agent's own name. */
  readonly name: string;
  readonly version?: string;
  /** The protocol version in use, for an agent that negotiates one (oh-my-pi). */
  readonly protocolVersion?: number;
}

/** The `type` of oh-my-pi's first line: its protocol versions and frame limit. */
export const READY_TYPE = 'ready';

/** What oh-my-pi's `ready` line says, or `undefined` for any other value. */
export function readReady(
  value: unknown,
): { readonly versions: readonly number[]; readonly maxFrameBytes?: number } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, supportedProtocolVersions, maxFrameBytes } = value as Record<string, unknown>;
  if (type !== READY_TYPE || !Array.isArray(supportedProtocolVersions)) return undefined;
  const versions = supportedProtocolVersions.filter((v): v is number => typeof v === 'number');
  return typeof maxFrameBytes === 'number' ? { versions, maxFrameBytes } : { versions };
}

/** Whether a dialog's `timeout: 0` means "over already" (oh-my-pi) rather than "never". */
export function zeroTimeoutIsOver(agent: AgentIdentity | undefined): boolean {
  return agent?.name === 'omp';
}
