import { describe, expect, it } from 'vitest';
import { ReconnectPolicy } from '../../../src/transport/reconnect.js';

describe('the reconnect policy', () => {
  it('waits longer after each retry, up to its longest delay, with jitter between half and all of it', () => {
    const policy = new ReconnectPolicy({ initialDelayMs: 100, factor: 2, maxDelayMs: 300 });
    const bounds: [number, number][] = [];
    for (let i = 0; i < 4; i++) {
      const delay = policy.delay();
      bounds.push([Math.min(100 * 2 ** i, 300) / 2, Math.min(100 * 2 ** i, 300)]);
      expect(delay).toBeGreaterThanOrEqual(bounds[i]?.[0] ?? 0);
      expect(delay).toBeLessThanOrEqual(bounds[i]?.[1] ?? 0);
      policy.count();
    }
  });

  it('gives up after its retries in a row, and starts counting again after an open', () => {
    const policy = new ReconnectPolicy({ maxRetries: 2 });
    expect(policy.describeNext(250.4)).toBe('Retrying in 250 ms (retry 1 of 2).');
    policy.count();
    policy.count();
    expect(policy.exhausted).toBe(true);
    expect(policy.describeNext(0)).toBe('Gave up after 2 retries.');
    policy.reset();
    expect(policy.exhausted).toBe(false);
  });

  it('is none for `false`, the defaults for `true`, and refuses options out of range', () => {
    expect(ReconnectPolicy.from(false)).toBe(undefined);
    expect(ReconnectPolicy.from(true)?.describeNext(500)).toBe('Retrying in 500 ms (retry 1).');
    expect(() => new ReconnectPolicy({ factor: 0.5 })).toThrow(
      'reconnect.factor must be a number of at least 1',
    );
    expect(() => new ReconnectPolicy({ initialDelayMs: Number.NaN })).toThrow(RangeError);
  });
});
