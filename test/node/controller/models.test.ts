/**
 * What the agent says of its models (`followModels`) and how its sign-ins end
 * (`controller.logins`), on the lines the real agents wrote (test/fixtures/).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { type AgentModels, followModels } from '../../../src/controller/models.js';
import { createMemoryTransport, type MemoryPeer } from '../../../src/transport/memory.js';
import { ATOMIC_PROVIDER_NAMES, readTranscript, type TranscriptAgent } from '../../support/fixtures.js';

let controller: ExtensionUIController;
let peer: MemoryPeer;
let models: AgentModels;
let stop: () => void;

beforeEach(() => {
  const memory = createMemoryTransport();
  peer = memory.peer;
  controller = new ExtensionUIController({ transport: memory.transport });
  ({ models, stop } = followModels(controller));
});

const sent = () => peer.received.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The recorded answer of `agent` to `command`, with `id` in place of the one it had. */
function recorded(agent: TranscriptAgent, name: string, command: string, id: string): string {
  const found = readTranscript(name, agent).find(
    (record) => record.dir === 'from_agent' && record.raw.includes(`"command":"${command}"`),
  );
  if (!found) throw new Error(`${agent}/${name} has no answer to ${command}`);
  return `${JSON.stringify({ ...JSON.parse(found.raw), id })}\n`;
}

describe("the agent's models", () => {
  it("reads atomic's providers by its names, and asks why it has no model (its get_state)", () => {
    const [ask] = sent();
    expect(ask).toMatchObject({ type: 'get_available_models' });
    followModels(controller).models.ask(); // one follower; asked already, not answered yet: nothing more
    expect(sent()).toHaveLength(1);
    peer.write(
      recorded(
        'atomic-6031a92',
        'oauth-anthropic-manual-code.jsonl',
        'get_available_models',
        String(ask?.id),
      ),
    );
    expect(models.available).toBe(0);
    expect(controller.logins.providers.map((provider) => provider.name)).toEqual(ATOMIC_PROVIDER_NAMES);
    expect(controller.logins.providerName('openai-codex')).toBe('OpenAI Codex');
    expect(controller.logins.providerName('unknown-one')).toBe('unknown-one');
    // None available: why, in the agent's words.
    const state = sent()[1];
    expect(state).toMatchObject({ type: 'get_state' });
    peer.write(
      recorded('atomic-6031a92', 'oauth-anthropic-manual-code.jsonl', 'get_state', String(state?.id)),
    );
    expect(models.fallback).toMatch(/^No models available\. Use \/login/);
    stop();
  });

  it('knows a signed-in agent has models from its answer to the sign-in, and forgets them for another process', () => {
    controller.useAgentSession('first');
    peer.writeMessage({
      type: 'response',
      command: 'get_available_models',
      success: true,
      data: { models: [] },
    });
    peer.writeMessage({
      type: 'response',
      command: 'get_state',
      success: true,
      data: { modelFallbackMessage: 'None.' },
    });
    expect(models.available).toBe(0);
    peer.writeMessage({
      type: 'response',
      id: 'x',
      command: 'login_provider',
      success: true,
      data: {
        provider: 'anthropic',
        cancelled: false,
        models: [
          { provider: 'anthropic', id: 'a' },
          { provider: 'anthropic', id: 'b' },
        ],
        oauthProviders: [],
      },
    });
    expect(models.available).toBe(2);
    expect(models.fallback).toBeUndefined();
    const asked = sent().filter((line) => line.type === 'get_available_models').length;
    controller.useAgentSession('another');
    expect(models.available).toBeUndefined();
    // and the new process is asked
    expect(sent().filter((line) => line.type === 'get_available_models')).toHaveLength(asked + 1);
  });

  it("reads pi's answer: no models, no reason, no sign-in", () => {
    const id = String(sent()[0]?.id);
    peer.writeMessage({
      id,
      type: 'response',
      command: 'get_available_models',
      success: true,
      data: { models: [] },
    });
    expect(models.available).toBe(0);
    expect(controller.logins.providers).toEqual([]);
    const state = String(sent()[1]?.id);
    peer.write(recorded('pi-0.73.1', 'startup-dialog.jsonl', 'get_state', state));
    expect(models.fallback).toBeUndefined();
  });
});

describe('how a sign-in ends', () => {
  /** atomic's oauth_auth and its manual-code question for `loginId`. */
  function signInAsked(loginId: string): void {
    peer.writeMessage({
      type: 'extension_ui_request',
      id: `auth-${loginId}`,
      method: 'oauth_auth',
      provider: loginId,
      loginId,
      info: { url: 'https://claude.ai/oauth/authorize' },
    });
    peer.writeMessage({
      type: 'extension_ui_request',
      id: `ask-${loginId}`,
      method: 'oauth_manual_code',
      provider: loginId,
      loginId,
    });
  }

  it('cancelAll (Stop) cancels each running sign-in once, answers none of its questions, and it ends cancelled', () => {
    controller.logins.start('anthropic');
    signInAsked('anthropic');
    expect(controller.dialogs).toHaveLength(1);
    controller.logins.cancelAll();
    controller.logins.cancelAll();
    const cancels = sent().filter((message) => message.type === 'cancel_login_provider');
    expect(cancels).toEqual([{ type: 'cancel_login_provider', provider: 'anthropic', loginId: 'anthropic' }]);
    expect(sent().filter((message) => message.type === 'extension_ui_response')).toEqual([]);
    expect(controller.dialogs).toHaveLength(0);
    expect(controller.logins.list[0]?.cancelling).toBe(true);
    const start = sent().find((message) => message.type === 'login_provider');
    peer.writeMessage({
      id: start?.id,
      type: 'response',
      command: 'login_provider',
      success: true,
      data: { provider: 'anthropic', cancelled: true },
    });
    expect(controller.logins.list[0]).toMatchObject({ outcome: { kind: 'cancelled' }, cancelling: false });
  });

  it("ends a sign-in another page started at the agent's failure, which names no provider", () => {
    // The page that started it reloaded: this controller sees its lines and the answer only.
    const before = createMemoryTransport();
    new ExtensionUIController({ transport: before.transport }).logins.start('openai-codex');
    const id = (JSON.parse(before.peer.received[0] ?? '{}') as { id?: string }).id;
    signInAsked('openai-codex');
    peer.writeMessage({
      id,
      type: 'response',
      command: 'login_provider',
      success: false,
      error: 'Missing authorization code',
    });
    expect(controller.logins.list[0]?.outcome).toEqual({
      kind: 'failed',
      error: 'Missing authorization code',
    });
    expect(controller.dialogs).toHaveLength(0);
  });
});
