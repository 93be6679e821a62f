import { describe, expect, it } from 'vitest';
import { measureParts, partOf } from '../../../scripts/size-parts.js';

describe('npm run size -- --parts', () => {
  it('gives every byte of the whole kit to one part, and the parts add up to the kit', async () => {
    const { total, minified, rows } = await measureParts();
    expect(rows.reduce((sum, row) => sum + row.minified, 0)).toBe(minified);
    const shares = rows.reduce((sum, row) => sum + row.share, 0);
    expect(Math.abs(shares - total)).toBeLessThanOrEqual(rows.length);
    const parts = rows.map((row) => row.part);
    expect(parts).toContain('zod/mini (runtime dependency)');
    expect(parts).toContain('styles (all elements)');
    // Every source file is in a named part, none under its bare path.
    expect(parts.filter((part) => part.includes('.ts'))).toEqual([]);
    // The bundle's own import and export lines are glue, not a quarter of the kit.
    const glue = rows.find((row) => row.part === 'bundler glue');
    expect(glue?.minified ?? 0).toBeLessThan(minified / 20);
  });

  it('sorts files into parts by what they hold', () => {
    expect(partOf('../../node_modules/zod/v4/core/schemas.js')).toBe('zod/mini (runtime dependency)');
    expect(partOf('../src/components/select/rpc-select.styles.ts')).toBe('styles (all elements)');
    expect(partOf('../src/transport/websocket.ts')).toBe('transports and JSONL framing');
    expect(partOf('../src/controller/controller.ts')).toBe('controller');
    expect(partOf('../src/components/select/rpc-select.ts')).toBe('rpc-select');
    expect(partOf('../src/components/select/typeahead.ts')).toBe('rpc-select');
    expect(partOf('../src/components/dialog/dialog-element.ts')).toBe(
      'dialog shell (shared by the four dialogs)',
    );
    expect(partOf('../src/components/base/bound-element.ts')).toBe(
      'shared: strings, ANSI text, events, define',
    );
    expect(partOf('../src/components/internal/focus.ts')).toBe('shared: strings, ANSI text, events, define');
    expect(partOf('../src/components/reactive/controller-binding.ts')).toBe(
      'reactive controllers (bindings, focus, countdowns)',
    );
    expect(partOf('../src/components/bindings/title-binding.ts')).toBe('rpc-extension-ui (host, bindings)');
  });
});
