import type { BrowserLauncher } from '@web/test-runner-core';
import type { Desktop } from '../x-desktop.mjs';
import type { Engine, EngineOptions } from './engine-page.js';

/** One W3C WebDriver key action. */
export interface KeyAction {
  readonly type: 'keyDown' | 'keyUp';
  readonly value: string;
}
export declare const WEBKIT_DRIVER: string;
export declare const MINIBROWSER: string;
/** The capabilities of a MiniBrowser session. */
export declare const MINIBROWSER_CAPABILITIES: Readonly<Record<string, unknown>>;
/** Start WebKitWebDriver on a desktop of its own; its port, the desktop and how to stop both. */
export declare function startWebKitDriver(): Promise<{ port: number; desktop: Desktop; stop(): void }>;
/** The key actions that type `text`, a keyDown and keyUp per character. */
export declare function typeActions(text: string): KeyAction[];
/** The key actions that press `key` while holding `modifiers`. */
export declare function pressActions(key: string, modifiers?: readonly string[]): KeyAction[];
/** The key action that puts `key` down, or lets it go. */
export declare function keyAction(kind: 'down' | 'up', key: string): KeyAction[];
/** The desktop the component tests' WebKit runs on, once its launcher has started it. */
export declare function desktopOfWebKit(): Desktop;
/** The component tests' launcher. */
export declare function webkitLauncher(): Promise<BrowserLauncher>;
/** Start WebKitWebDriver under Xvfb for EnginePages. */
export declare function launchWebKit(options?: EngineOptions): Promise<Engine>;
