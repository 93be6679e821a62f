/**
 * Shared pieces of the dialog stories: the stage each story renders on, a visible log of the
 * answers, and checks for play functions that look inside an element's shadow root.
 */
import type { Decorator } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { styleMap } from 'lit/directives/style-map.js';
import { expect, waitFor, within } from 'storybook/test';
import type { RpcResponseEvent } from '../src/components/events/response-event.js';
import type { RpcDialogElement } from '../src/components/dialog/dialog-element.js';
import type { DialogRequest } from '../src/protocol/types.js';
import type { VscodeTheme } from './vscode-themes.js';

/** How a story's stage looks: set per story as `parameters.stage` (see {@link storyParameters}). */
export interface Stage {
  /** Page mode: no box, the element's dialog is modal over the whole page (the docs iframe). */
  readonly page?: boolean;
  /** The box's height in rem (contained dialogs are confined to it). */
  readonly blockSize?: number;
  /** The box's width in rem, for a narrow sidebar (default: up to 48rem). */
  readonly inlineSize?: number;
  /** `color-scheme` of the stage. */
  readonly colorScheme?: 'light' | 'dark';
  /** Recorded `--vscode-*` variables, as in a VS Code webview. */
  readonly theme?: VscodeTheme;
  readonly dir?: 'ltr' | 'rtl';
  readonly lang?: string;
}

const defaultBlockSize = 18;

/** The docs iframe's height for a stage `blockSize` rem high (padding and border included). */
const iframeHeight = (blockSize: number) => `${blockSize + 3.5}rem`;

/**
 * A component's parameters: its default stage height, and docs pages that show each story in its
 * own iframe of that height. (Every dialog takes focus when it opens, so with inline stories the
 * docs page would scroll down to the last one.)
 */
export function metaParameters(blockSize: number, description: string) {
  return {
    stage: { blockSize } satisfies Stage,
    docs: {
      story: { inline: false, iframeHeight: iframeHeight(blockSize) },
      description: { component: description },
    },
  };
}

/**
 * A story's parameters: its stage (merged over the component's), a docs iframe height to match,
 * and its description on the docs page.
 */
export function storyParameters({ stage, description }: { stage?: Stage; description?: string }) {
  return {
    ...(stage ? { stage } : {}),
    docs: {
      ...(stage?.blockSize ? { story: { iframeHeight: iframeHeight(stage.blockSize) } } : {}),
      ...(description ? { description: { story: description } } : {}),
    },
  };
}

/** What every component's docs page says about its stories. */
export const storiesDescription =
  'Stories render the element standalone, in `contained` mode (the dialog stays in the dashed ' +
  'box), except "Page mode". Answers are `rpc-response` events: shown under the box and in the ' +
  'Actions panel. Play functions run in each story, so some end answered or expired: use the ' +
  'toolbar\'s "Remount" button to ask again.';

/**
 * Renders the story inside a positioned box (for `contained` dialogs), with the stage's colour
 * scheme, VS Code theme variables, direction and language (the story's, else the toolbar's).
 * Page-mode stories get no box.
 */
export const stage: Decorator = (story, { parameters, globals }) => {
  const options = (parameters as { stage?: Stage }).stage ?? {};
  // The toolbar's Language, unless the story sets its own.
  const language =
    typeof globals.language === 'string' && globals.language !== 'en' ? globals.language : undefined;
  const lang = options.lang ?? language;
  const dir = options.dir ?? (language === 'ar' ? 'rtl' : undefined);
  if (options.page) return story();
  const theme = options.theme;
  // The kit's `:host` declares `color-scheme: light dark`, so its fallback colours follow
  // prefers-color-scheme and ignore an inherited `color-scheme`. A stage with a scheme (or a VS Code
  // theme, which has a kind) sets it on the element too, as a page that forces a theme would.
  const scheme = theme?.colorScheme ?? options.colorScheme;
  const style = {
    position: 'relative',
    'block-size': `${options.blockSize ?? defaultBlockSize}rem`,
    'max-inline-size': `${options.inlineSize ?? 48}rem`,
    'box-sizing': 'border-box',
    padding: '0.5rem',
    border: '1px dashed GrayText',
    'font-family': 'system-ui, sans-serif',
    'color-scheme': scheme ?? 'normal',
    background: theme ? 'var(--vscode-editor-background)' : 'Canvas',
    color: theme ? 'var(--vscode-foreground)' : 'CanvasText',
    ...theme?.variables,
  };
  return html`${
    scheme
      ? html`<style>
          .stage[data-color-scheme] > * {
            color-scheme: inherit;
          }
        </style>`
      : nothing
  }<div
    class="stage"
    data-color-scheme=${ifDefined(scheme)}
    data-theme=${ifDefined(theme?.name)}
    dir=${ifDefined(dir)}
    lang=${ifDefined(lang)}
    style=${styleMap(style)}
  >
    ${story()}
  </div>`;
};

/** A line under the dialog that shows each answer as the JSON the agent would receive. */
export const responseLog = html`<p class="story-response" hidden>
  Sent: <code dir="ltr" style="white-space: pre-wrap"></code>
</p>`;

/** `@rpc-response` handler: calls `spy` (the Actions panel) and fills the story's response log. */
export function logResponse(spy: (event: RpcResponseEvent) => void) {
  return (event: RpcResponseEvent): void => {
    spy(event);
    const log = (event.currentTarget as Element).parentElement?.querySelector<HTMLElement>('.story-response');
    const code = log?.querySelector('code');
    if (!log || !code) return;
    code.textContent = JSON.stringify(event.detail);
    log.hidden = false;
  };
}

/** The `detail` of every `rpc-response` a story's spy saw. */
export function responses(spy: unknown): unknown[] {
  const calls = (spy as { mock: { calls: [RpcResponseEvent][] } }).mock.calls;
  return calls.map(([event]) => event.detail);
}

type DialogEl = RpcDialogElement<DialogRequest>;

/** The dialog element `tag` in the story and queries inside its shadow root. */
export async function dialogIn<T extends DialogEl = DialogEl>(canvasElement: HTMLElement, tag: string) {
  const el = canvasElement.querySelector<T>(tag);
  if (!el?.shadowRoot) throw new Error(`<${tag}> is not rendered`);
  await el.updateComplete;
  const root = el.shadowRoot;
  // Shown first (under load the request may open it a render later: its animation would then be
  // missed below and the dialog checked at opacity 0), then the entrance animation (opacity from
  // 0) finished: users see the dialog after it, and axe can't judge colour contrast while it runs.
  if (el.request) await waitFor(() => expect(root.querySelector('dialog[open]')).not.toBeNull());
  await Promise.all(
    root
      .querySelector('dialog')
      ?.getAnimations()
      .map((a) => a.finished) ?? [],
  );
  const part = <E extends Element = HTMLElement>(selector: string): E => {
    const found = root.querySelector<E>(selector);
    if (!found) throw new Error(`<${tag}> has no ${selector}`);
    return found;
  };
  return {
    el,
    root,
    part,
    dialog: part<HTMLDialogElement>('dialog'),
    /** Testing Library queries scoped to the shadow root. */
    screen: within(root as unknown as HTMLElement),
    /** What has focus inside the shadow root. */
    focused: () => root.activeElement,
  };
}

/** What {@link dialogIn} finds: the element, its dialog and queries inside its shadow root. */
export type Dialog = Awaited<ReturnType<typeof dialogIn>>;

/** The dialog is open, shows `title` as its heading and is named by it. */
export async function expectShown({ dialog, screen }: Dialog, title: string): Promise<void> {
  await expect(dialog.open).toBe(true);
  await expect(screen.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog).toHaveAccessibleName(title);
}

/** The countdown shows `seconds` left, is part of the description, and its bar is hidden from AT. */
export async function expectCountdown({ dialog, screen, part }: Dialog, seconds: number): Promise<void> {
  await expect(screen.getByText(`${seconds} s left`)).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(expect.stringContaining(`${seconds} s left`));
  await expect(part('[part~="countdown-bar"]')).toHaveAttribute('aria-hidden', 'true');
}

/** "1 of 3" is shown and part of the description. */
export async function expectQueued({ dialog, screen }: Dialog): Promise<void> {
  await expect(screen.getByText('1 of 3')).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(expect.stringContaining('1 of 3'));
}

/** A long title wraps inside the dialog: all of it shown, nothing scrolls sideways. */
export async function expectWrappedTitle({ dialog, part }: Dialog): Promise<void> {
  const title = part('[part="title"]');
  await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
  await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  const lineHeight = Number.parseFloat(getComputedStyle(title).lineHeight);
  await expect(title.getBoundingClientRect().height).toBeGreaterThan(1.5 * lineHeight);
}

/** `element` shows `lines` lines of text. */
export async function expectLines(element: Element, lines: number): Promise<void> {
  const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
  await expect(Math.round(element.getBoundingClientRect().height / lineHeight)).toBe(lines);
}

/** The dialog is laid out right to left. */
export async function expectRightToLeft({ dialog }: Dialog): Promise<void> {
  await expect(getComputedStyle(dialog).direction).toBe('rtl');
}

/**
 * `element`'s text is painted in the direction of its own words: its last character right of its
 * first for `ltr` (an English question keeps its "?" at its end in a right-to-left page).
 */
export async function expectPaintedDirection(element: Element, direction: 'ltr' | 'rtl'): Promise<void> {
  const text = [...element.childNodes].find((node): node is Text => node instanceof Text && node.data !== '');
  if (!text) throw new Error('No text to measure.');
  const left = (index: number) => {
    const range = document.createRange();
    range.setStart(text, index);
    range.setEnd(text, index + 1);
    return range.getBoundingClientRect().left;
  };
  const last = text.data.length - 1;
  await expect(left(last) > left(0) ? 'ltr' : 'rtl').toBe(direction);
}

/** Dark surfaces with light text. */
export async function expectDark({ dialog }: Dialog): Promise<void> {
  await expect(luminance(getComputedStyle(dialog).backgroundColor)).toBeLessThan(0.1);
  await expect(luminance(getComputedStyle(dialog).color)).toBeGreaterThan(0.5);
}

/** The dialog uses the theme's widget background, text colour, border and primary button. */
export async function expectTheme({ dialog, part }: Dialog, theme: VscodeTheme): Promise<void> {
  const vars = theme.variables;
  const style = getComputedStyle(dialog);
  const checks: [string, string, string | undefined][] = [
    ['background', style.backgroundColor, vars['--vscode-editorWidget-background']],
    ['text', style.color, vars['--vscode-foreground']],
    ['border', style.borderTopColor, vars['--vscode-widget-border']],
    [
      'primary button',
      getComputedStyle(part('[part~="primary-button"]')).backgroundColor,
      vars['--vscode-button-background'],
    ],
  ];
  for (const [what, actual, recorded] of checks) {
    if (recorded) await expect(`${what}: ${actual}`).toBe(`${what}: ${rgb(recorded)}`);
  }
}

/**
 * Under `prefers-reduced-motion: reduce` nothing moves: no entrance animation, and the countdown
 * bar (if any) jumps instead of sliding. A story can't force the media query, so this checks
 * whichever applies.
 */
export async function expectMotionPreference({ dialog, root }: Dialog): Promise<void> {
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  await expect(getComputedStyle(dialog).animationName).toBe(reduce ? 'none' : 'rpc-enter');
  const fill = root.querySelector('[part~="countdown-bar"] .fill');
  if (fill) await expect(getComputedStyle(fill).transitionDuration).toBe(reduce ? '0s' : '1s');
}

export const reducedMotionDescription =
  'Under `prefers-reduced-motion: reduce` the dialog appears without its entrance animation ' +
  'and the countdown bar (if any) jumps once a second instead of sliding. A story cannot force ' +
  'that media query: turn on "Reduce motion" in the OS, or emulate `prefers-reduced-motion` in ' +
  "the browser's developer tools (Rendering panel), then reload.";

export const darkDescription =
  "The stage sets `color-scheme: dark`. The element's own fallback colours follow " +
  '`prefers-color-scheme` (its `:host` declares `color-scheme: light dark`), so the stage also ' +
  'sets `color-scheme` on the element itself, as a page with a forced dark theme would.';

export const pageModeDescription =
  'Without `contained`, the dialog is modal over the whole page (`showModal()`; here the page is ' +
  "the story's frame), and the rest of the page is inert until it is answered. Focus comes back " +
  'to the button after.';

/** The relative luminance of a computed `rgb()` / `rgba()` colour (0 black … 1 white). */
export function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** `#rrggbb` → the `rgb(r, g, b)` string getComputedStyle returns. */
export function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** Right-to-left sample text: Arabic and Hebrew, with Latin, digits, emoji and astral characters. */
export const rtlText = {
  arabicTitle: 'هل تريد حذف الفرع «feature/تسجيل-الدخول»؟',
  hebrewTitle: 'בחרו ענף למיזוג',
  mixed: 'הענף יימחק מהמחשב הזה בלבד.\nسيتم حذف ٣ ملفات 🗑️ — Ünïcödé: 𝔘𝔫𝔦𝔠𝔬𝔡𝔢, café, 漢字',
} as const;

export const longTitle =
  'Allow the extension "release-helper" to push tag v2.14.0-rc.3 to origin and publish the ' +
  'package to the registry? projects/monorepo/packages/very-long-package-name/' +
  'dist/release-artifacts/checksums.sha256';

/** A permission prompt's title: the command to allow, 40 lines of a heredoc. */
export const commandTitle = `Allow this command?\ncat > deploy.sh <<'EOF'\n${Array.from(
  { length: 38 },
  (_, i) => `echo "step ${i + 1} of 38"`,
).join('\n')}\nEOF`;

/** A title over three lines, as written (the kit keeps line breaks in titles). */
export const multiLineTitle =
  'Commit message for:\n  src/components/select/rpc-select.ts\n  src/components/input/rpc-input.ts';
