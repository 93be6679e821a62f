/**
 * A real screen reader in the tests: GNOME Orca (Debian's `orca`) on a display of its own, with
 * Debian's Firefox or WebKitGTK's MiniBrowser, read back as text while a person's keys (real X key
 * events through `xdotool`, which Orca sees before the page does) drive the page.
 *
 * Everything runs on its own Xvfb display, D-Bus session and AT-SPI bus, with a HOME of its own, so
 * nothing of the machine's desktop is touched. Orca 43 refuses to start while another Orca of the
 * same user runs, so one screen reader runs at a time (the test files that use it run one after
 * another, as every Node test file does). Every process started is ended by its id, its group
 * first, then any process that carries this session's mark in its environment (D-Bus starts some
 * by itself). Node only. docs/testing.md says how to run it and what it costs.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIREFOX_PATH } from '../engines/firefox.mjs';
import { MINIBROWSER } from '../engines/webkit.mjs';
import { firstLine } from '../x-desktop.mjs';
import { Speech } from './speech.js';

/** The browsers a screen reader test runs in. */
export type ScreenReaderBrowser = 'firefox' | 'webkit';

/** A screen reader running with a browser on a page. */
export interface ScreenReader {
  /** What it said, as it says it. */
  readonly speech: Speech;
  /** Press keys, one after the other, as a person does (xdotool's key names: `Down`, `ctrl+Return`). */
  press(...keys: string[]): Promise<void>;
  /** Type text, a key at a time. */
  type(text: string): Promise<void>;
  /** End Orca, the browser and the desktop, and remove their files. */
  stop(): Promise<void>;
}

const NEEDS: readonly (readonly [string, string])[] = [
  ['/usr/bin/orca', 'orca'],
  ['/usr/bin/xdotool', 'xdotool'],
  ['/usr/bin/Xvfb', 'xvfb'],
  ['/usr/bin/dbus-daemon', 'dbus'],
  ['/usr/libexec/at-spi-bus-launcher', 'at-spi2-core'],
];

const TAP = fileURLToPath(new URL('orca-speech-tap.py', import.meta.url));

/** Preferences for a Firefox profile made for one run: accessibility on, no first-run pages. */
const FIREFOX_PREFS = {
  'accessibility.force_disabled': -1,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.aboutwelcome.enabled': false,
  'startup.homepage_welcome_url': '',
  'browser.startup.page': 0,
  'browser.startup.homepage': 'about:blank',
  'datareporting.policy.firstRunURL': '',
  'trailhead.firstrun.didSeeAboutWelcome': true,
  'browser.newtabpage.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.update.enabled': false,
  'browser.sessionstore.resume_from_crash': false,
  'browser.translations.enable': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'widget.use-xdg-desktop-portal.settings': 0,
  'widget.use-xdg-desktop-portal.file-picker': 0,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ids of the processes whose environment holds `mark`. */
function processesMarked(mark: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(mark))
        found.push(Number(name));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Whether a process (or, for a negative id, a group's leader) still runs. */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${Math.abs(pid)}/stat`, 'latin1'));
  } catch {
    return false;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then SIGKILL after 3 s: Orca 43 often ignores SIGTERM. */
async function end(pids: readonly number[]): Promise<void> {
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + 3000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  for (const pid of pids.filter(alive)) signal(pid, 'SIGKILL');
}

/** Whether an Orca of this user runs already (then a second one would not start). */
function orcaRunning(): boolean {
  try {
    execFileSync('pgrep', ['-u', String(process.getuid?.() ?? 0), '-x', 'orca'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Start Orca and `browser` at `url` on a desktop of their own. Resolves once Orca is up and the
 * browser started: the caller waits for the page (Firefox says when it has loaded; WebKitGTK on
 * this display may say nothing until a key is pressed).
 */
export async function startScreenReader(browser: ScreenReaderBrowser, url: string): Promise<ScreenReader> {
  for (const [file, pkg] of NEEDS)
    if (!existsSync(file)) throw new Error(`There is no ${file}: apt-get install -y ${pkg} (.ci/run does).`);
  if (orcaRunning()) throw new Error('Another Orca runs for this user: Orca 43 starts only one per user.');
  const folder = mkdtempSync(join(tmpdir(), 'rpc-ui-orca-'));
  const home = join(folder, 'home');
  const runtime = join(folder, 'run');
  const prefs = join(folder, 'orca-settings');
  for (const dir of [home, runtime, prefs]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(prefs, 'orca-customizations.py'), readFileSync(TAP));
  const log = join(folder, 'speech.log');
  writeFileSync(log, '');
  const mark = `RPC_UI_ORCA_RUN=${process.pid}-${Date.now()}`;
  const [markName, markValue] = mark.split('=') as [string, string];
  let env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    HOME: home,
    XDG_RUNTIME_DIR: runtime,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    GTK_USE_PORTAL: '0',
    RPC_UI_SPEECH_LOG: log,
    [markName]: markValue,
  };
  const groups: number[] = [];
  const start = (command: string, args: readonly string[], stdout: 'pipe' | 'ignore' = 'ignore') => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', stdout, 'ignore'], env });
    if (child.pid !== undefined) groups.push(child.pid);
    return child;
  };
  const stop = async () => {
    await end(groups.reverse().map((pid) => -pid));
    await end(processesMarked(mark));
    rmSync(folder, { recursive: true, force: true });
  };
  const speech = new Speech(log);
  try {
    const xvfb = start(
      '/usr/bin/Xvfb',
      ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
      'pipe',
    );
    env = { ...env, DISPLAY: `:${await firstLine(xvfb, 'Xvfb')}` };
    const bus = start(
      '/usr/bin/dbus-daemon',
      ['--session', '--nofork', '--nosyslog', '--print-address=1'],
      'pipe',
    );
    env = { ...env, DBUS_SESSION_BUS_ADDRESS: await firstLine(bus, 'dbus-daemon') };
    start('/usr/libexec/at-spi-bus-launcher', ['--launch-immediately']);
    // RPC_UI_ORCA_DEBUG names a file for Orca's own (very long) debug log, to find out why it said what it said.
    const debug = process.env.RPC_UI_ORCA_DEBUG;
    start('/usr/bin/orca', ['-u', prefs, ...(debug ? [`--debug-file=${debug}`] : [])]);
    await speech.waitFor('Orca to start', /Screen reader on/, 0, 30_000);
    if (browser === 'firefox') {
      const profile = join(folder, 'firefox');
      mkdirSync(profile);
      const lines = Object.entries(FIREFOX_PREFS).map(
        ([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
      );
      writeFileSync(join(profile, 'user.js'), `${lines.join('\n')}\n`);
      start(FIREFOX_PATH, ['--no-remote', '--new-instance', '--profile', profile, url]);
    } else start(MINIBROWSER, [url]);
    const xdotool = (args: readonly string[]) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn('/usr/bin/xdotool', args, { stdio: 'ignore', env });
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`xdotool ${args.join(' ')}: ${code}`)),
        );
      });
    // No window manager gives the window the keyboard: the pointer over it does (X's default focus
    // follows the pointer). Without a window manager every window opens at the top left corner.
    await xdotool(['mousemove', '200', '200']);
    return {
      speech,
      press: async (...keys) => {
        for (const key of keys) await xdotool(['key', '--clearmodifiers', key]);
      },
      type: (text) => xdotool(['type', '--delay', '15', text]),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
