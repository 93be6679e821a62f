/**
 * The hosted bench (bench/hosted), small: 3 bridges behind Debian's nginx for 3 s, 3 tabs each
 * through the proxy. Every dialog a stand-in agent asked must have reached it answered exactly
 * once, although all three tabs answer it; the check itself must catch a lost or a doubled answer.
 */
import { describe, expect, it } from 'vitest';
import type { Tally } from '../../../bench/hosted/agent.js';
import { countAnswers } from '../../../bench/hosted/answers.js';
import { runHostedBench } from '../../../bench/hosted/behind-nginx.js';
import { hostedConfig } from '../../../bench/hosted/nginx-config.js';
import type { Certificate } from '../../support/nginx.js';

const tally = (answers: number[], ageMs: number[], more: Partial<Tally> = {}): Tally => ({
  answers,
  ms: answers.map((n) => (n > 0 ? 2 : -1)),
  ageMs,
  stray: 0,
  wrong: 0,
  ...more,
});

describe('the hosted bench', () => {
  it('runs the guide’s nginx configuration with one location per session', () => {
    const certificate: Certificate = { cert: 'c.crt', key: 'c.key', spki: '', pem: Buffer.from('') };
    const config = hostedConfig(8443, certificate, [5001, 5002, 5003]);
    expect(config).toContain('map $http_upgrade $connection_upgrade {');
    expect(config).toContain('listen 127.0.0.1:8443 ssl;');
    expect(config).toContain('ssl_certificate     c.crt;');
    expect(config).not.toMatch(/alice|bob|dev\.example|530[12]/);
    const locations = [...config.matchAll(/location (\S+) \{\n\s*proxy_pass (\S+);/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(locations).toEqual([
      ['/sessions/s1/', 'http://127.0.0.1:5001/'],
      ['/sessions/s2/', 'http://127.0.0.1:5002/'],
      ['/sessions/s3/', 'http://127.0.0.1:5003/'],
    ]);
    expect(config.match(/proxy_read_timeout 1h;/g)).toHaveLength(3);
  });

  it('counts each dialog answered once; a dialog open at the very end is not counted as asked', () => {
    const count = countAnswers([tally([1, 1, 0], [3000, 2000, 10]), tally([1], [500])]);
    expect(count).toEqual({ asked: 3, answeredOnce: 3, openAtEnd: 1, latenciesMs: [2, 2, 2] });
  });

  it.each([
    ['a lost answer', tally([1, 0, 1], [3000, 2000, 1000]), /dialog 2: 0 answers/],
    ['a doubled answer', tally([1, 2], [3000, 2000]), /dialog 2: 2 answers/],
    ['an answer to no dialog', tally([1], [3000], { stray: 1 }), /1 answers to dialogs not asked/],
    ['a wrong value', tally([1], [3000], { wrong: 1 }), /1 answers not "a"/],
  ])('stops on %s', (_what, bad, message) => {
    expect(() => countAnswers([tally([1], [3000]), bad])).toThrow(message);
  });

  it('3 bridges for 3 s: every dialog answered exactly once through nginx, and the rows', async () => {
    const log: string[] = [];
    const rows = await runHostedBench({
      bridges: 3,
      durationMs: 3000,
      intervalMs: 250,
      log: (text) => log.push(text),
    });
    const who = '3 bridges behind nginx';
    const trip = `${who}, 3 tabs each: select → first answer`;
    expect(rows.map((r) => r.name)).toEqual([
      trip,
      `${trip}, p99`,
      `${who}: RSS per bridge process (median)`,
      `${who}: RSS per stand-in agent (median)`,
      `${who}: dialogs asked`,
      `${who}: dialogs answered exactly once`,
    ]);
    const [median, p99, bridgeRss, agentRss, asked, once] = rows;
    for (const row of rows) expect(row.group).toBe('hosted');
    // 3 agents, a select every 250 ms for 3 s: about 36 dialogs, the last of each maybe still open.
    expect(asked?.value).toBeGreaterThanOrEqual(24);
    expect(once?.value).toBe(asked?.value);
    expect(median).toMatchObject({ unit: 'ms', samples: asked?.value });
    expect(median?.value).toBeGreaterThan(0);
    expect(median?.p95).toBeGreaterThanOrEqual(median?.value ?? 0);
    expect(p99?.value).toBeGreaterThanOrEqual(median?.p95 ?? 0);
    for (const rss of [bridgeRss, agentRss]) {
      expect(rss).toMatchObject({ unit: 'MB', samples: 3 });
      expect(rss?.value).toBeGreaterThan(10);
      expect(rss?.value).toBeLessThan(500);
    }
    expect(log.join('')).toContain('dialogs answered once');
  }, 60_000);
});
