/**
 * Shared pieces of the status bar, widget and notification stories: a controller fed by an
 * in-memory agent, the agent's themed colours, and checks that look inside shadow roots.
 */
import { expect, within } from 'storybook/test';
import { ExtensionUIController } from '../src/controller/controller.js';
import { createMemoryTransport } from '../src/transport/memory.js';
import { rgb, storyParameters } from './story-helpers.js';
import { darkModern, highContrastDark, lightModern, type VscodeTheme } from './vscode-themes.js';

/** One fire-and-forget request as the agent writes it, without `type` and `id`. */
export type AgentRequest = { readonly method: string } & Readonly<Record<string, unknown>>;

/** The args of these stories: what the agent sends before the element shows it. */
export interface AgentArgs {
  requests: readonly AgentRequest[];
}

/** A controller fed by an in-memory agent that has written `requests`, in order. */
export function agent(requests: readonly AgentRequest[]): ExtensionUIController {
  const { transport, peer } = createMemoryTransport();
  const controller = new ExtensionUIController({ transport });
  requests.forEach((request, index) => {
    peer.writeMessage({ type: 'extension_ui_request', id: `story-${index + 1}`, ...request });
  });
  return controller;
}

export const setStatus = (statusKey: string, statusText?: string): AgentRequest => ({
  method: 'setStatus',
  statusKey,
  ...(statusText === undefined ? {} : { statusText }),
});

export const setWidget = (
  widgetKey: string,
  widgetLines: readonly string[] | undefined,
  widgetPlacement: 'aboveEditor' | 'belowEditor' = 'aboveEditor',
): AgentRequest => ({
  method: 'setWidget',
  widgetKey,
  ...(widgetLines ? { widgetLines } : {}),
  widgetPlacement,
});

export const notify = (message: string, notifyType: 'info' | 'warning' | 'error' = 'info'): AgentRequest => ({
  method: 'notify',
  message,
  notifyType,
});

const E = '\u001b';

/**
 * Text coloured as pi 0.73.1 colours it with its dark theme (`theme.fg(colour, text)`): a 24-bit
 * foreground, reset with `39`. Accent (`38;2;138;190;183`) and success (`38;2;181;189;104`) are
 * captured from the real agent (test/node/protocol/ansi-agent.test.ts and the element tests);
 * warning and error are the same theme's `#ffff00` and `#cc6666` in the same form. These colours
 * are meant for dark backgrounds; the kit darkens or lightens any that would be under 4.5:1 in the
 * element's colour scheme (`readableColor`), so `rgb` is what shows in the dark scheme but for
 * `error`.
 */
export const piDark = {
  accent: { rgb: 'rgb(138, 190, 183)', paint: (text: string) => `${E}[38;2;138;190;183m${text}${E}[39m` },
  success: { rgb: 'rgb(181, 189, 104)', paint: (text: string) => `${E}[38;2;181;189;104m${text}${E}[39m` },
  warning: { rgb: 'rgb(255, 255, 0)', paint: (text: string) => `${E}[38;2;255;255;0m${text}${E}[39m` },
  error: { rgb: 'rgb(204, 102, 102)', paint: (text: string) => `${E}[38;2;204;102;102m${text}${E}[39m` },
} as const;

/** Bold, as the agent writes it (`1` … `22`). */
export const bold = (text: string) => `${E}[1m${text}${E}[22m`;

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/**
 * The element `selector` in the story once it has shown what the agent sent: its update done,
 * two animation frames passed (renders are coalesced per frame), and entrance animations over
 * (axe can't judge contrast while they run; an endless one is not waited for). Queries are scoped
 * to its shadow root.
 */
export async function shown(canvasElement: HTMLElement, selector: string) {
  const el = canvasElement.querySelector<HTMLElement & { updateComplete: Promise<boolean> }>(selector);
  if (!el?.shadowRoot) throw new Error(`${selector} is not rendered`);
  const root = el.shadowRoot;
  await el.updateComplete;
  await frame();
  await frame();
  await el.updateComplete;
  // Not an endless one, which never finishes (rpc-extension-ui's pill pulses while it reconnects).
  const entrances = root.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(entrances.map((a) => a.finished));
  const all = <E extends Element = HTMLElement>(css: string): E[] => [...root.querySelectorAll<E>(css)];
  const part = <E extends Element = HTMLElement>(css: string): E => {
    const found = root.querySelector<E>(css);
    if (!found) throw new Error(`${selector} has no ${css}`);
    return found;
  };
  return { el, root, part, all, screen: within(root as unknown as HTMLElement) };
}

export type Shown = Awaited<ReturnType<typeof shown>>;

/** `text` is shown in a span of computed colour `color` (an `rgb()` string). */
export async function expectColoured(
  { screen }: Pick<Shown, 'screen'>,
  text: string,
  color: string,
): Promise<void> {
  const span = screen.getByText(text);
  await expect(span).toBeVisible();
  await expect(span.matches('span.ansi')).toBe(true);
  await expect(`${text}: ${getComputedStyle(span).color}`).toBe(`${text}: ${color}`);
}

/** `element` wraps: it is taller than `lines` lines and nothing in it scrolls sideways. */
export async function expectWraps(element: Element, lines = 1): Promise<void> {
  await expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth);
  const style = getComputedStyle(element);
  // `line-height: normal` computes to "normal": about 1.2 em.
  const lineHeight = Number.parseFloat(style.lineHeight) || 1.2 * Number.parseFloat(style.fontSize);
  await expect(element.getBoundingClientRect().height).toBeGreaterThan((lines + 0.5) * lineHeight);
}

/** `computed` (a computed colour) is the theme's recorded `variable`, if the theme sets it. */
export async function expectThemeColour(
  what: string,
  computed: string,
  theme: VscodeTheme,
  variable: `--vscode-${string}`,
): Promise<void> {
  const recorded = theme.variables[variable];
  // `#rrggbbaa` values (High Contrast's description colour) compute to `rgba()`: not compared.
  if (recorded?.length === 7) await expect(`${what}: ${computed}`).toBe(`${what}: ${rgb(recorded)}`);
}

/** Right-to-left agent text: Arabic and Hebrew, with Latin, digits and emoji. */
export const rtlAgentText = {
  branch: 'الفرع: feature/تسجيل-الدخول',
  tests: 'בדיקות: 42 עברו ✓',
  model: 'النموذج: claude-sonnet',
  build: 'הבנייה הסתיימה בהצלחה ב-12 שניות 🎉',
  warning: 'تحذير: ٣ ملفات لم تُحفظ بعد',
  error: 'השרת לא מגיב (ECONNREFUSED 127.0.0.1:8080)',
} as const;

/** A long line with a long unbroken path, to wrap or to cut. */
export const longLine =
  'Indexing projects/monorepo/packages/very-long-package-name/dist/release-artifacts/checksums.sha256 ' +
  'and 1,284 other files for the semantic search extension (this may take a minute on first run)';

interface ThemedStory {
  readonly args: AgentArgs;
  readonly parameters: ReturnType<typeof storyParameters>;
  readonly play: (context: { canvasElement: HTMLElement }) => Promise<void>;
}

/**
 * The three recorded VS Code themes (story names come from the export names): the agent sends
 * `requests`, and `check` looks at the element `selector` on the theme's stage.
 */
export function themedStories(
  requests: readonly AgentRequest[],
  selector: string,
  check: (element: Shown, theme: VscodeTheme) => Promise<void>,
): Record<'VSCodeDarkModern' | 'VSCodeLightModern' | 'VSCodeHighContrast', ThemedStory> {
  const themed = (theme: VscodeTheme): ThemedStory => ({
    args: { requests },
    parameters: storyParameters({ stage: { theme } }),
    play: async ({ canvasElement }) => check(await shown(canvasElement, selector), theme),
  });
  return {
    VSCodeDarkModern: themed(darkModern),
    VSCodeLightModern: themed(lightModern),
    VSCodeHighContrast: themed(highContrastDark),
  };
}
