import { describe, expect, it } from 'vitest';
import { UiTable } from '../../../src/bridge/ui-table.js';
import { InboundMessage } from '../../../src/transport/inbound.js';
import { FakeClock } from '../../support/fake-clock.js';

const line = (fields: Record<string, unknown>) =>
  InboundMessage.fromText(JSON.stringify({ type: 'extension_ui_request', ...fields }));

describe('the bridge’s table of what the agent asked', () => {
  it('lets the kit’s cancel of a dialog with bad fields through after a flood of unknown methods', () => {
    const table = new UiTable();
    // A confirm without its message (the kit cancels it), then a newer agent's fire-and-forget method.
    table.observe(line({ id: 'bad', method: 'confirm', title: 'Proceed?' }));
    for (let i = 0; i < 2000; i++) table.observe(line({ id: `w${i}`, method: 'setWorkingIndicator' }));
    expect(table.replay().some((text) => text.includes('"bad"'))).toBe(true);
    expect(table.claim({ id: 'bad', cancelled: true })).toBe('unknown');
    // Once only; and no longer replayed.
    expect(table.claim({ id: 'bad', cancelled: true })).toBe('closed');
    expect(table.replay().some((text) => text.includes('"bad"'))).toBe(false);
    // An unknown method stays answerable once (a fork's own dialog).
    expect(table.claim({ id: 'w1999', value: 'x' })).toBe('unknown');
    expect(table.claim({ id: 'w1999', value: 'x' })).toBe('closed');
  });
});

const response = (fields: Record<string, unknown>) =>
  InboundMessage.fromText(JSON.stringify({ type: 'response', ...fields }));

/** atomic's sign-in lines, as it writes them (its `oauth_*` requests carry provider and loginId). */
const auth = (loginId: string, provider = loginId) =>
  line({
    id: `auth-${loginId}`,
    method: 'oauth_auth',
    provider,
    loginId,
    info: { url: `https://${provider}.example/login` },
  });
const code = (loginId: string, expiresInSeconds: number) =>
  line({
    id: `code-${loginId}`,
    method: 'oauth_device_code',
    provider: loginId,
    loginId,
    info: { userCode: 'ABCD-1234', verificationUri: 'https://example.com/device', expiresInSeconds },
  });
const question = (loginId: string) =>
  line({ id: `ask-${loginId}`, method: 'oauth_manual_code', provider: loginId, loginId });

describe('the bridge’s table of the agent’s sign-ins and models', () => {
  it('brings a sign-in back whole to a late tab: its page and code before its question, until the agent answers', () => {
    const clock = new FakeClock();
    const table = new UiTable(clock);
    table.command({ type: 'login_provider', id: 'c1', provider: 'anthropic', loginId: 'anthropic' });
    table.observe(auth('anthropic'));
    table.observe(code('anthropic', 600));
    table.observe(
      line({
        id: 'p1',
        method: 'oauth_progress',
        provider: 'anthropic',
        loginId: 'anthropic',
        message: 'Waiting…',
      }),
    );
    table.observe(question('anthropic'));
    clock.advance(61_000);
    const replay = table.replay().map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(replay.map((value) => value.method)).toEqual([
      'oauth_auth',
      'oauth_device_code',
      'oauth_progress',
      'oauth_manual_code',
    ]);
    // The code's time left, not the time it had when it came.
    expect(replay[1]?.info).toMatchObject({ userCode: 'ABCD-1234', expiresInSeconds: 539 });
    // A failed answer names no provider: the command's id says which sign-in ended.
    table.observe(
      response({ id: 'c1', command: 'login_provider', success: false, error: 'Missing authorization code' }),
    );
    expect(table.replay()).toEqual([]);
    expect(table.claim({ id: 'ask-anthropic', value: 'late' })).toBe('expired');
  });

  it('leaves out a device code that ran out, and forgets a sign-in the agent answered by provider', () => {
    const clock = new FakeClock();
    const table = new UiTable(clock);
    table.observe(code('github-copilot', 30));
    table.observe(auth('openai-codex'));
    clock.advance(31_000);
    expect(table.replay().map((text) => (JSON.parse(text) as { method?: string }).method)).toEqual([
      'oauth_auth',
    ]);
    table.observe(
      response({
        id: 'other-tab',
        command: 'login_provider',
        success: true,
        data: { provider: 'openai-codex', cancelled: true },
      }),
    );
    expect(table.replay()).toEqual([]);
  });

  it("ends oh-my-pi's page to open at the answer to its login command", () => {
    const table = new UiTable();
    table.observe(line({ id: 'u1', method: 'open_url', url: 'https://auth.example/device' }));
    expect(table.replay()).toHaveLength(1);
    table.observe(response({ id: 'l-1', command: 'login', success: true }));
    expect(table.replay()).toEqual([]);
  });

  it("replays the agent's last answers about its models, and forgets them once a sign-in brings models", () => {
    const table = new UiTable();
    const catalog = response({
      id: 'm',
      command: 'get_available_models',
      success: true,
      data: { models: [], oauthProviders: [{ id: 'anthropic', name: 'Anthropic' }] },
    });
    const state = response({
      id: 's',
      command: 'get_state',
      success: true,
      data: { modelFallbackMessage: 'No models available.' },
    });
    table.observe(response({ id: 'x', command: 'get_available_models', success: false, error: 'busy' }));
    table.observe(catalog);
    table.observe(state);
    expect(table.replay()).toEqual([catalog.text, state.text]);
    table.observe(
      response({
        id: 'c',
        command: 'login_provider',
        success: true,
        data: { provider: 'anthropic', cancelled: false, models: [{ id: 'm1' }] },
      }),
    );
    expect(table.replay()).toEqual([]);
  });
});
