/**
 * `npm start` warm: from the command to the bridge's `rpc-ui: serving` line, with the playground
 * already built from the same sources (the start script then skips the build). Each run starts
 * the real default agent and ends it again.
 */
import { spawn } from 'node:child_process';
import type { BenchRow } from '../rows.js';
import { median, percentile } from '../stats.js';

/** The aim of the issue: a warm start serves within 3 s. */
const AIM_MS = 3000;

/** Run `npm start`'s script once; resolves with the milliseconds until it serves. */
function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-open', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`npm start did not serve within 60 s:\n${out}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('rpc-ui: serving')) return;
      clearTimeout(timer);
      const ms = performance.now() - started;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
    child.on('error', reject);
  });
}

/** Time `runs` warm starts, after one start that builds the playground if it has to. */
export async function runWarmStartBench(options: {
  readonly runs: number;
  readonly log: (text: string) => void;
}): Promise<BenchRow[]> {
  options.log('npm start (warm) ');
  await startOnce();
  const samples: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    samples.push(await startOnce());
    options.log('.');
  }
  options.log('\n');
  const value = median(samples);
  return [
    {
      group: 'start',
      name: 'npm start, warm: command → serving',
      value,
      unit: 'ms',
      p95: percentile(samples, 0.95),
      aim: { max: AIM_MS },
      meetsAim: value <= AIM_MS,
      samples: samples.length,
    },
  ];
}
