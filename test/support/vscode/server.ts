/**
 * code-server started for a test: on loopback, with no password, a throwaway home (HOME, the XDG
 * folders, its config file, user data and extensions folder all in one temp folder), the
 * example extension linked in unchanged, and its own process group, so that stopping it ends the
 * extension host, the file watcher and the agent too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { freePort } from '../free-port.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeServer } from './install.js';

/** A running code-server. */
export interface RunningCodeServer {
  /** The workbench's address, with the workspace folder opened. */
  readonly url: string;
  /** The workspace folder (the agent's working directory). */
  readonly workspace: string;
  /**
   * Replace the user and machine settings, which the workbench reads when the window loads
   * (code-server does not watch these files: reload the window after).
   */
  writeSettings(settings: Readonly<Record<string, unknown>>): void;
  /** Replace the workspace's settings (`.vscode/settings.json`), which the workbench applies at once. */
  writeWorkspaceSettings(settings: Readonly<Record<string, unknown>>): void;
  /** Whether a process of its group is still running. */
  running(): boolean;
  /** End the whole process group and remove the temp folder. */
  stop(): Promise<void>;
}

/** Options of {@link startCodeServer}. */
export interface CodeServerOptions {
  /** The extension folder to link in (its package.json and built `dist/`). */
  readonly extension: string;
  /** The user settings it starts with. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** More environment (the agent's), for the extension host and what it spawns. */
  readonly env?: NodeJS.ProcessEnv;
}

/** Settings that keep the workbench quiet and offline: no tips, updates, telemetry or AI panel. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

async function untilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`code-server did not answer at ${url} within 30 s:\n${output()}`);
}

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Start code-server (its first page answers within a second or two). */
export async function startCodeServer(
  codeServer: CodeServer,
  options: CodeServerOptions,
): Promise<RunningCodeServer> {
  const root = mkdtempSync(join(tmpdir(), 'rpc-ui-vscode-'));
  const dir = (name: string): string => {
    const path = join(root, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const home = dir('home');
  const userData = dir('user-data');
  const extensions = dir('extensions');
  const workspace = dir('workspace');
  // The user's settings, and the machine's (the server's), where machine-scoped ones are read.
  const settingsFiles = ['User', 'Machine'].map((scope) => join(dir(`user-data/${scope}`), 'settings.json'));
  const writeSettings = (settings: Readonly<Record<string, unknown>>): void => {
    const text = `${JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2)}\n`;
    for (const file of settingsFiles) writeFileSync(file, text);
  };
  writeSettings(options.settings);
  // Linked, not packaged: the folder as it is in the repository (it has no publisher).
  symlinkSync(options.extension, join(extensions, 'rpc-ui-kit-vscode-example-0.0.1'), 'dir');
  const config = join(root, 'config.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');

  const port = await freePort();
  const child = spawn(
    codeServer.node,
    [
      codeServer.entry,
      ...['--config', config, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none'],
      ...['--disable-telemetry', '--disable-update-check', '--disable-workspace-trust'],
      ...['--user-data-dir', userData, '--extensions-dir', extensions, workspace],
    ],
    {
      cwd: workspace,
      // Its own process group (setsid), which stop() ends as a whole.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...options.env,
        HOME: home,
        XDG_CONFIG_HOME: dir('home/.config'),
        XDG_DATA_HOME: dir('home/.local/share'),
        XDG_CACHE_HOME: dir('home/.cache'),
        XDG_RUNTIME_DIR: dir('runtime'),
      },
    },
  );
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pid = child.pid;
  if (pid === undefined) throw new Error('code-server did not start');

  const stop = async (): Promise<void> => {
    for (const [signal, waitMs] of [
      ['SIGTERM', 5000],
      ['SIGKILL', 2000],
    ] as const) {
      if (!groupAlive(pid)) break;
      try {
        process.kill(-pid, signal);
      } catch {
        // Gone between the check and the signal.
      }
      const end = Date.now() + waitMs;
      while (groupAlive(pid) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    rmSync(root, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;
  try {
    await untilServing(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const writeWorkspaceSettings = (settings: Readonly<Record<string, unknown>>): void =>
    writeFileSync(join(dir('workspace/.vscode'), 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  return { url, workspace, writeSettings, writeWorkspaceSettings, running: () => groupAlive(pid), stop };
}
