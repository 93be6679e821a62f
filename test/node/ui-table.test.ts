import { describe, expect, it } from 'vitest';
import { UiTable } from '../../src/bridge/ui-table.js';
import { InboundMessage } from '../../src/transport/inbound.js';

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
