/**
 * Replays of the real agent's transcripts (pi 0.73.1): the agent's lines are fed at their
 * recorded times (on a fake clock), the client answers where the transcript did, and what the
 * client writes is compared with what the transcript's driver wrote.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../support/replay.js';

describe('replays of the real agent', () => {
  it('main: every method surfaces, the answers are the transcript’s, updates are never answered', () => {
    const { controller, log, sent } = replay('main.jsonl');
    expect(log.requests).toEqual([
      ...Array(4).fill('notify'),
      'setStatus',
      'setStatus',
      ...Array(6).fill('setWidget'),
      'setTitle',
      'set_editor_text',
      'set_editor_text',
      'select',
      'select',
      'confirm',
      'input',
      'input',
      'editor',
      'editor',
      'notify',
    ]);
    expect(sent).toEqual(log.expected);
    expect(sent).toHaveLength(7);
    // The driver also "answered" a notify and a setTitle: there was no dialog, so nothing is sent.
    expect(log.unanswerable).toHaveLength(2);
    expect(controller.dialogs).toEqual([]);
    expect(controller.statuses).toEqual([]);
    expect(controller.widgets).toEqual([]);
    expect(controller.title).toBe('pi — ui-probe ✓');
    expect(controller.editorText).toBe('pasted by ui-probe');
    expect(controller.notifications.map((n) => n.notifyType)).toEqual([
      'info',
      'warning',
      'error',
      'info',
      'info',
    ]);
    expect(log.invalid).toEqual([]);
    expect(log.others).toEqual(['response']);
  });

  it('cancel: each dialog gets cancelled:true', () => {
    const { log, sent } = replay('cancel.jsonl');
    expect(sent.map((s) => s.cancelled)).toEqual([true, true, true, true]);
    expect(sent).toEqual(log.expected);
  });

  it('concurrent: three dialogs queue in order and are answered in reverse', () => {
    const { log, sent } = replay('concurrent.jsonl');
    expect(sent.map((s) => s.value ?? s.confirmed)).toEqual([false, 'typed ✓', 'two']);
    expect(sent).toEqual(log.expected);
  });

  it('overlap: dialogs of two commands share one queue', () => {
    const { controller, log, sent } = replay('overlap.jsonl');
    expect(sent).toHaveLength(6);
    // The driver answered a select with text that is not one of its options: refused, not sent.
    expect(log.refused).toHaveLength(1);
    expect(sent).toEqual(log.expected);
    expect(controller.dialogs.map((d) => d.request.title)).toEqual(['concurrent: select']);
  });

  it('timeout: dialogs expire locally at their deadline; late answers send nothing', () => {
    const { controller, log, sent } = replay('timeout.jsonl');
    expect(log.expired).toEqual([
      'timeout: select (300 ms)',
      'timeout: confirm (300 ms)',
      'timeout: input (300 ms)',
    ]);
    // The late answers in the transcript are wrong-shaped (value and confirmed): refused, never sent.
    expect(log.refused).toHaveLength(4);
    // The editor has no timeout, so its late answer is still a real answer.
    expect(sent).toEqual([
      {
        type: 'extension_ui_response',
        id: 'ddeb6ebc-1522-4212-99d3-82e189559f3d',
        value: 'late editor answer',
      },
    ]);
    // A dialog the extension aborted with an AbortSignal: the agent says nothing, so it stays open.
    expect(controller.dialogs.map((d) => d.request.title)).toEqual(['timeout: confirm with AbortSignal']);
  });

  it('edge: wrong-shaped answers cannot be produced; well-formed ones are sent once', () => {
    const { log, sent } = replay('edge.jsonl');
    expect(sent).toEqual(log.expected);
    // The confirm first answered with a value gets its well-formed second answer; the empty input too.
    expect(sent.map((s) => s.value ?? s.confirmed)).toEqual([true, '']);
    // A value for confirm, confirmed for select, a non-option, mixed fields, a number, {}: all refused.
    expect(log.refused.length).toBeGreaterThanOrEqual(7);
    expect(log.others.filter((t) => t === 'response')).toHaveLength(7);
    expect(log.others).toContain('extension_error');
    expect(log.invalid).toEqual([]);
  });

  it('startup-dialog: a dialog opened before the agent reads stdin is queued like any other', () => {
    const { log, sent } = replay('startup-dialog.jsonl');
    expect(log.requests).toEqual(['notify', 'confirm', 'notify']);
    expect(sent).toEqual([
      { type: 'extension_ui_response', id: 'f17abcd2-3b28-4f70-96b0-d236795b48bf', confirmed: true },
    ]);
  });

  it('shutdown-stdin: a pending dialog stays pending when the output ends', () => {
    const { controller, log } = replay('shutdown-stdin.jsonl');
    expect(log.requests).toEqual(['select', 'notify']);
    expect(controller.dialogs.map((d) => d.request.title)).toEqual(['cancel: select']);
  });
});
