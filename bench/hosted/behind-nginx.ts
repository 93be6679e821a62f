/**
 * Many sessions behind nginx, as docs/hosting.md sets them up: 20 bridges, each in its own Node
 * process with its own token, `publicUrl` and `trustedProxies`, and a stand-in agent that asks a
 * select every second; Debian's nginx in front with the guide's configuration (one location per
 * session) and TLS; 3 tabs per session connected through nginx, all answering every select at
 * once. Timed inside each agent: request written → first answer read. Bounded in time, all on
 * 127.0.0.1; everything is stopped and its temporary folder removed at the end. Node only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, makeCertificate, startNginx } from '../../test/support/nginx.js';
import type { BenchRow } from '../rows.js';
import { median, percentile, round } from '../stats.js';
import { START_COMMAND } from './agent.js';
import { type AnswerCount, countAnswers } from './answers.js';
import { bundleSession, SessionProcess } from './bridge-process.js';
import { hostedConfig, sessionPath } from './nginx-config.js';
import { AnsweringTab } from './tab.js';

/** Options of {@link runHostedBench}. */
export interface HostedBenchOptions {
  /** Progress (no newline added). */
  readonly log: (text: string) => void;
  /** Sessions, each a bridge and its agent (default 20). */
  readonly bridges?: number;
  /** Tabs per session (default 3). */
  readonly tabs?: number;
  /** How long the agents ask, in ms (default 20,000). */
  readonly durationMs?: number;
  /** Each agent's time between two selects, in ms (default 1000). */
  readonly intervalMs?: number;
}

/** What one run measured. */
export interface HostedRun {
  readonly bridges: number;
  readonly tabs: number;
  readonly count: AnswerCount;
  /** Per session, at the end of the run, in MB. */
  readonly bridgeRssMb: readonly number[];
  readonly agentRssMb: readonly number[];
}

const GROUP = 'hosted';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run the sessions for `durationMs`, stop everything, and check every dialog's answers. */
export async function runHosted(options: HostedBenchOptions): Promise<HostedRun> {
  const { log } = options;
  const bridges = Math.max(1, Math.floor(options.bridges ?? 20));
  const tabsPerSession = Math.max(1, Math.floor(options.tabs ?? 3));
  const durationMs = options.durationMs ?? 20_000;
  const intervalMs = options.intervalMs ?? 1000;
  const dir = mkdtempSync(join(tmpdir(), 'rpc-ui-bench-hosted-'));
  const undo: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  try {
    log('hosted: bundling the bridge… ');
    const script = await bundleSession(dir);
    const certificate = makeCertificate(dir);
    const port = await freePort();
    const origin = `https://localhost:${port}`;
    log(`starting ${bridges} bridges… `);
    const tokens = Array.from({ length: bridges }, (_, i) => `s${i + 1}-${randomBytes(16).toString('hex')}`);
    const started = await Promise.allSettled(
      tokens.map((token, i) =>
        SessionProcess.start(script, { token, publicUrl: `${origin}${sessionPath(i)}`, intervalMs }),
      ),
    );
    const sessions = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    undo.push(() => sessions.forEach((session) => session.kill()));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    log('nginx… ');
    const nginx = await startNginx(
      join(dir, 'nginx'),
      port,
      hostedConfig(
        port,
        certificate,
        sessions.map((session) => session.port),
      ),
    );
    undo.push(() => nginx.close());
    log(`${bridges * tabsPerSession} tabs… `);
    const tabs = await Promise.all(
      tokens.map((token, i) =>
        Promise.all(
          Array.from({ length: tabsPerSession }, () =>
            AnsweringTab.open({
              url: `wss://localhost:${port}${sessionPath(i)}rpc`,
              origin,
              token,
              ca: certificate.pem,
            }),
          ),
        ),
      ),
    );
    undo.push(() => tabs.flat().forEach((tab) => tab.close()));

    // The sessions start one after another across one interval, as independent users would.
    log(`asking for ${(durationMs / 1000).toFixed(0)} s… `);
    tabs.forEach((own, i) => {
      setTimeout(() => own[0]?.send({ type: START_COMMAND }), (i * intervalMs) / bridges);
    });
    await sleep(durationMs);
    const rss = sessions.map((session) => session.rss());
    // The bridges close first, their tabs answering until each agent's stdin closes: its tally is final.
    log('stopping… ');
    const tallies = await Promise.all(sessions.map((session) => session.stop()));
    // nginx logs a WebSocket when it ends: once it has stopped, every tab is in its log.
    await nginx.close();
    const upgrades = nginx.accessLog().match(/ \/sessions\/s\d+\/rpc HTTP\/1\.1" 101 /g)?.length ?? 0;
    if (upgrades !== bridges * tabsPerSession)
      throw new Error(`nginx logged ${upgrades} WebSockets, not ${bridges * tabsPerSession}.`);
    const problems = tabs.flat().flatMap((tab) => tab.problems);
    if (problems.length > 0)
      throw new Error(`A tab saw what it should not:\n${problems.slice(0, 20).join('\n')}`);
    const count = countAnswers(tallies);
    if (count.asked === 0) throw new Error('No dialog was asked: did the agents get bench_start?');
    log(`${count.answeredOnce}/${count.asked} dialogs answered once\n`);
    return {
      bridges,
      tabs: tabsPerSession,
      count,
      bridgeRssMb: rss.map((r) => r.bridge),
      agentRssMb: rss.map((r) => r.agent),
    };
  } finally {
    for (const step of undo.reverse()) await step();
  }
}

/** The rows of one run: the answer's round trip, memory per session, and the answer count. */
export function hostedRows(run: HostedRun): BenchRow[] {
  const { count } = run;
  const who = `${run.bridges} ${run.bridges === 1 ? 'bridge' : 'bridges'} behind nginx`;
  const trip = `${who}, ${run.tabs} tabs each: select → first answer`;
  const latencies = count.latenciesMs;
  const samples = latencies.length;
  return [
    {
      group: GROUP,
      name: trip,
      value: round(median(latencies), 3),
      unit: 'ms',
      p95: round(percentile(latencies, 0.95), 3),
      samples,
    },
    { group: GROUP, name: `${trip}, p99`, value: round(percentile(latencies, 0.99), 3), unit: 'ms', samples },
    {
      group: GROUP,
      name: `${who}: RSS per bridge process (median)`,
      value: round(median(run.bridgeRssMb), 1),
      unit: 'MB',
      samples: run.bridges,
    },
    {
      group: GROUP,
      name: `${who}: RSS per stand-in agent (median)`,
      value: round(median(run.agentRssMb), 1),
      unit: 'MB',
      samples: run.bridges,
    },
    { group: GROUP, name: `${who}: dialogs asked`, value: count.asked, unit: 'count' },
    { group: GROUP, name: `${who}: dialogs answered exactly once`, value: count.answeredOnce, unit: 'count' },
  ];
}

/** One run's rows; throws when a dialog was not answered exactly once. */
export async function runHostedBench(options: HostedBenchOptions): Promise<BenchRow[]> {
  return hostedRows(await runHosted(options));
}
