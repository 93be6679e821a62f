#!/usr/bin/env node
/**
 * Run a command beside a CPU load, as on a busy machine: `node scripts/cpu-load.mjs -- npm test`
 * starts two processes that each keep a core busy (`--workers N` for another count), runs the
 * command, stops them, and exits with the command's status. The suite must pass so (issue 34):
 * CI's machine is not always idle either. The load runs at the same priority as the command.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const own = split === -1 ? args : args.slice(0, split);
const command = split === -1 ? [] : args.slice(split + 1);
const workersFlag = own.indexOf('--workers');
const workers = workersFlag === -1 ? 2 : Number(own[workersFlag + 1]);

if (command.length === 0 || !Number.isInteger(workers) || workers < 1) {
  console.error('Usage: node scripts/cpu-load.mjs [--workers N] -- <command> [args…]');
  process.exit(2);
}

// Each worker spins on arithmetic, so that it takes a whole core and nothing else.
const busy = 'let x = 0; for (;;) x = (x + Math.sqrt(x + 1)) % 1e9;';
const load = Array.from({ length: workers }, () =>
  spawn(process.execPath, ['-e', busy], { stdio: 'ignore' }),
);
const stopLoad = () => {
  for (const worker of load) worker.kill('SIGKILL');
};
console.error(
  `cpu-load: ${workers} busy processes (${load.map((w) => w.pid).join(', ')}) beside: ${command.join(' ')}`,
);

const run = spawn(command[0], command.slice(1), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => run.kill(signal));
run.on('exit', (code, signal) => {
  stopLoad();
  console.error(`cpu-load: the load is stopped; the command ended with ${signal ?? code}`);
  process.exit(code ?? 1);
});
run.on('error', (error) => {
  stopLoad();
  console.error(`cpu-load: ${error.message}`);
  process.exit(1);
});
