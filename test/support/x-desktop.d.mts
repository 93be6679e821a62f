import type { ChildProcess } from 'node:child_process';

/** The GTK settings of the desktop that WebKit follows. */
export interface DesktopSettings {
  readonly dark: boolean;
  readonly reducedMotion: boolean;
}
/** A desktop for WebKitGTK: Xvfb, a D-Bus session and xsettingsd. */
export interface Desktop {
  /** What a program needs to run on it: `DISPLAY` and `DBUS_SESSION_BUS_ADDRESS`. */
  readonly env: Readonly<Record<'DISPLAY' | 'DBUS_SESSION_BUS_ADDRESS', string>>;
  /** The GTK settings now. */
  readonly settings: DesktopSettings;
  /** Change the GTK settings (a part left out keeps its value). */
  setSettings(change: Partial<DesktopSettings>): void;
  /** Back to light, with animations. */
  resetSettings(): void;
  stop(): void;
}
/** The first line a child prints on stdout, once it does (Xvfb's display, dbus-daemon's address). */
export declare function firstLine(child: ChildProcess, what: string): Promise<string>;
/** Start the desktop. */
export declare function startDesktop(): Promise<Desktop>;
