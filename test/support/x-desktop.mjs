// A desktop for WebKitGTK's MiniBrowser, which has no headless mode: an Xvfb display, a D-Bus
// session (through which WebKit exposes its accessibility tree over AT-SPI, as it does to Orca),
// and xsettingsd, whose GTK settings WebKit reads for dark mode and reduced motion and follows
// when they change. From Debian's xvfb, dbus, at-spi2-core and xsettingsd. Each process is in a
// group of its own, ended by stop().
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NEEDS = [
  ['/usr/bin/Xvfb', 'xvfb'],
  ['/usr/bin/dbus-daemon', 'dbus'],
  ['/usr/bin/xsettingsd', 'xsettingsd'],
  ['/usr/libexec/at-spi-bus-launcher', 'at-spi2-core'],
];

/** The first line a child prints on stdout, once it does (Xvfb's display, dbus-daemon's address). */
export function firstLine(child, what) {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end).trim());
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

/** The GTK settings the desktop starts with: light, with animations. */
const DEFAULT_SETTINGS = { dark: false, reducedMotion: false };

/** xsettingsd's configuration for `settings`. */
function settingsFile({ dark, reducedMotion }) {
  return [
    `Net/ThemeName "${dark ? 'Adwaita-dark' : 'Adwaita'}"`,
    `Gtk/ApplicationPreferDarkTheme ${dark ? 1 : 0}`,
    `Gtk/EnableAnimations ${reducedMotion ? 0 : 1}`,
    '',
  ].join('\n');
}

/**
 * Start the desktop. Resolves with the environment a program needs to run on it (`DISPLAY`,
 * `DBUS_SESSION_BUS_ADDRESS`), `setSettings` to change its GTK settings, and `stop`.
 */
export async function startDesktop() {
  for (const [file, pkg] of NEEDS)
    if (!existsSync(file)) throw new Error(`There is no ${file}: apt-get install -y ${pkg} (.ci/run does).`);
  const children = [];
  const start = (command, args, env = {}) => {
    const child = spawn(command, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, ...env },
    });
    children.push(child);
    return child;
  };
  const folder = mkdtempSync(join(tmpdir(), 'rpc-ui-desktop-'));
  const stop = () => {
    for (const child of children.reverse()) {
      try {
        if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const xvfb = start('/usr/bin/Xvfb', [
      '-displayfd',
      '1',
      '-screen',
      '0',
      '1280x1024x24',
      '-nolisten',
      'tcp',
    ]);
    const DISPLAY = `:${await firstLine(xvfb, 'Xvfb')}`;
    const bus = start('/usr/bin/dbus-daemon', ['--session', '--nofork', '--nosyslog', '--print-address=1']);
    const DBUS_SESSION_BUS_ADDRESS = await firstLine(bus, 'dbus-daemon');
    const env = { DISPLAY, DBUS_SESSION_BUS_ADDRESS };
    const config = join(folder, 'xsettingsd.conf');
    writeFileSync(config, settingsFile(DEFAULT_SETTINGS));
    const xsettingsd = start('/usr/bin/xsettingsd', ['-c', config], env);
    let settings = DEFAULT_SETTINGS;
    return {
      env,
      /** The GTK settings now. */
      get settings() {
        return settings;
      },
      /** Change the GTK settings (a part left out keeps its value); WebKit follows at once. */
      setSettings(change) {
        settings = { ...settings, ...change };
        writeFileSync(config, settingsFile(settings));
        xsettingsd.kill('SIGHUP');
      },
      /** Back to light, with animations. */
      resetSettings() {
        this.setSettings(DEFAULT_SETTINGS);
      },
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
