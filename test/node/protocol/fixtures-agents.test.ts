/**
 * Replays of the other agents people run (pi 1.6.0, oh-my-pi 18.2.3, atomic 6031a92): their real
 * transcripts, fed to a controller at their recorded times. What each adds to the wire is
 * followed; what they share with pi 0.73.1 gives the same answers.
 */
import { describe, expect, it } from 'vitest';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';
import { readTranscript, transcriptNames } from '../../support/fixtures.js';
import { replay } from '../../support/replay.js';

describe('pi 1.6.0', () => {
  it('asks exactly what pi 0.73.1 asks, and gets the same answers', () => {
    for (const name of transcriptNames('pi-0.73.1')) {
      const old = replay(name);
      const now = replay(name, 'pi-1.6.0');
      expect(now.log.requests, name).toEqual(old.log.requests);
      expect(
        now.sent.map(({ id: _id, ...answer }) => answer),
        name,
      ).toEqual(old.sent.map(({ id: _id, ...answer }) => answer));
      expect(now.log.invalid, name).toEqual([]);
    }
  });

  it('passes its new records through to the host untouched', () => {
    const { log } = replay('run.jsonl', 'pi-1.6.0');
    expect(log.others).toEqual(
      expect.arrayContaining(['agent_settled', 'tool_execution_update', 'message_update']),
    );
    expect(log.invalid).toEqual([]);
  });
});

describe('oh-my-pi 18.2.3', () => {
  it('is recognised by its ready line; its console lines are output, not errors or notes', () => {
    const { controller, log } = replay('main.jsonl', 'omp-18.2.3');
    expect(controller.agent).toEqual({ name: 'omp' });
    expect(log.output).toContain('[ui-probe] console.log during session_start (reason=undefined)');
    expect(log.invalid).toEqual([]);
    expect(controller.notifications.some((n) => n.note)).toBe(false);
  });

  it('cancel: each withdrawn dialog closes with a note and nothing is sent for it', () => {
    const { controller, log, sent } = replay('abort.jsonl', 'omp-18.2.3');
    expect(log.dismissed).toEqual([
      'withdrawn:abort: select',
      'withdrawn:abort: confirm',
      'withdrawn:abort: input',
      'withdrawn:abort: editor',
    ]);
    expect(controller.notifications.filter((n) => n.note?.kind === 'withdrawn')).toHaveLength(4);
    // The confirm with `timeout: 0` was over at once (omp resolves it at once): it expired, unseen.
    expect(log.expired).toEqual(
      expect.arrayContaining(['abort: select with timeout + onTimeout', 'abort: confirm with timeout 0']),
    );
    expect(sent.map((s) => s.value)).toEqual(['late editor answer']);
  });

  it('an unknown targetId changes nothing', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const ask = (line: object) =>
      peer.write(`${JSON.stringify({ type: 'extension_ui_request', ...line })}\n`);
    ask({ id: 'd1', method: 'confirm', title: 'Go?', message: 'm' });
    ask({ id: 'c1', method: 'cancel', targetId: 'nobody' });
    expect(controller.dialogs.map((d) => d.request.id)).toEqual(['d1']);
    expect(controller.notifications).toEqual([]);
    expect(peer.received).toEqual([]);
  });

  it('keeps option descriptions and the prompt-style hint; the answer is still the label', () => {
    const { sent } = replay('details.jsonl', 'omp-18.2.3');
    expect(sent.map((s) => s.value)).toEqual(['alpha', 'one', 'prefill edited', 'prefill edited']);
    const lines = readTranscript('details.jsonl', 'omp-18.2.3').filter((r) => r.dir === 'from_agent');
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    for (const { raw } of lines) peer.write(`${raw}\n`);
    const [select, , editor] = controller.dialogs.map((d) => d.request);
    expect(select).toMatchObject({ optionDetails: [{ description: 'first letter ✓' }, {}, {}, {}] });
    expect(editor).toMatchObject({ promptStyle: true });
  });

  it('a timeout of 0 means "never" for pi: the dialog stays', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    peer.write(
      '{"type":"extension_ui_request","id":"z","method":"confirm","title":"t","message":"m","timeout":0}\n',
    );
    expect(controller.dialogs).toHaveLength(1);
    expect(controller.remaining(controller.dialogs[0] as never)).toBeUndefined();
  });
});

describe('atomic 6031a92', () => {
  it('asks the nine methods as pi does', () => {
    const old = replay('main.jsonl');
    const { log } = replay('main.jsonl', 'atomic-6031a92');
    expect(log.requests).toEqual(old.log.requests);
    expect(log.invalid).toEqual([]);
  });

  it('login: pages and progress are a login entry; its questions are dialogs; its end closes them', () => {
    const { controller, log } = replay('oauth-providers-loopback.jsonl', 'atomic-6031a92');
    expect(log.invalid).toEqual([]);
    expect(controller.logins.list.map((l) => [l.key, l.outcome?.kind])).toEqual([
      ['anthropic', 'cancelled'],
      ['openai-codex', 'cancelled'],
      ['openrouter', 'cancelled'],
      ['radius', 'cancelled'],
    ]);
    const openrouter = controller.logins.list.find((l) => l.key === 'openrouter');
    expect(openrouter?.url?.url).toMatch(/^https:\/\/openrouter\.ai\/auth\?/);
    expect(openrouter?.messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/^Listening for OpenRouter OAuth callback/),
    ]);
    // oauth_manual_code_cancel closed openrouter's manual-code dialog; the others closed as their
    // logins ended. None is left open, and none was answered.
    expect(controller.dialogs).toEqual([]);
    expect(log.dismissed.every((d) => d.startsWith('withdrawn:'))).toBe(true);
  });

  it('oauth_select is answered with the option id, not its label', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const line = readTranscript('oauth-codex-device.jsonl', 'atomic-6031a92').find((r) =>
      r.raw.includes('"oauth_select"'),
    );
    peer.write(`${line?.raw}\n`);
    const [dialog] = controller.dialogs;
    expect(dialog?.request).toMatchObject({
      method: 'select',
      title: 'Select OpenAI Codex login method:',
      login: { method: 'oauth_select', provider: 'openai-codex', optionIds: ['browser', 'device_code'] },
    });
    const label = dialog?.request.method === 'select' ? dialog.request.options[1] : undefined;
    expect(controller.respond(dialog?.request.id ?? '', { value: label ?? '' })).toBe('sent');
    expect(JSON.parse(peer.received[0] ?? '{}')).toMatchObject({ value: 'device_code' });
  });

  it('start and cancel a login from the page', () => {
    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    controller.logins.start('anthropic');
    const [start] = peer.received.map((l) => JSON.parse(l) as { id: string });
    expect(start).toMatchObject({ type: 'login_provider', provider: 'anthropic', authType: 'oauth' });
    peer.write(
      '{"type":"extension_ui_request","id":"m1","method":"oauth_manual_code","provider":"anthropic","loginId":"anthropic"}\n',
    );
    expect(controller.dialogs.map((d) => d.request.login?.method)).toEqual(['oauth_manual_code']);
    controller.logins.cancel('anthropic');
    expect(JSON.parse(peer.received[1] ?? '{}')).toEqual({
      type: 'cancel_login_provider',
      provider: 'anthropic',
      loginId: 'anthropic',
    });
    // Nothing is answered for the question: the agent stopped waiting for it.
    expect(peer.received).toHaveLength(2);
    expect(controller.dialogs).toEqual([]);
    peer.write(
      `{"id":"${start?.id}","type":"response","command":"login_provider","success":true,"data":{"provider":"anthropic","cancelled":true}}\n`,
    );
    expect(controller.logins.list[0]?.outcome).toEqual({ kind: 'cancelled' });
  });
});
