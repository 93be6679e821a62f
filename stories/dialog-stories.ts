/**
 * The stories every dialog element has in the same form, made for one element by
 * {@link dialogStories}, and the args and render function its stories share.
 *
 * Storybook's indexer takes a story's `name` only from a string literal in the story file's own
 * export, so the factories leave `name` out and the story files write it next to the spread:
 * `export const Queued: Story = { name: 'Queued (1 of 3)', ...stories.queued() };`. A story
 * without one is named after its export (`LongTitle` is shown as "Long Title").
 */
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { RpcExpireEvent } from '../src/components/events/expire-event.js';
import type { RpcResponseEvent } from '../src/components/events/response-event.js';
import type { RpcDialogElement } from '../src/components/dialog/dialog-element.js';
import type { RpcStrings } from '../src/components/strings/strings.js';
import type { DialogRequest } from '../src/protocol/types.js';
import {
  type Dialog,
  darkDescription,
  dialogIn,
  expectCountdown,
  expectDark,
  expectLines,
  expectMotionPreference,
  expectQueued,
  expectShown,
  expectTheme,
  expectWrappedTitle,
  logResponse,
  commandTitle,
  longTitle,
  multiLineTitle,
  pageModeDescription,
  reducedMotionDescription,
  responseLog,
  responses,
  storyParameters,
} from './story-helpers.js';
import { darkModern, highContrastDark, lightModern, type VscodeTheme } from './vscode-themes.js';

/** The args every dialog story takes (each component's args add to these). */
export interface DialogStoryArgs<R extends DialogRequest> {
  request: R;
  strings: Partial<RpcStrings>;
  onRpcResponse: (event: RpcResponseEvent) => void;
  onRpcExpire: (event: RpcExpireEvent) => void;
}

/** The args of a dialog element's stories: the request, how it is shown and the answers' spies. */
export interface DialogElementArgs<R extends DialogRequest> extends DialogStoryArgs<R> {
  contained: boolean;
  position: number;
  total: number;
}

/** A component's default args: `request`, contained, not queued, default strings, fresh spies. */
export function dialogArgs<R extends DialogRequest>(request: R): DialogElementArgs<R> {
  return {
    request,
    contained: true,
    position: 0,
    total: 0,
    strings: {},
    onRpcResponse: fn(),
    onRpcExpire: fn(),
  };
}

/** A component's render function: the element `tag` with the story's args, and the response log. */
export function dialogRender<R extends DialogRequest>(tag: string) {
  const element = unsafeStatic(tag);
  return (args: DialogElementArgs<R>) => staticHtml`<${element}
      .request=${args.request}
      ?contained=${args.contained}
      .position=${args.position}
      .total=${args.total}
      .strings=${args.strings}
      @rpc-response=${logResponse(args.onRpcResponse)}
      @rpc-expire=${args.onRpcExpire}
    ></${element}>
    ${responseLog}`;
}

/** Checks a story runs on the dialog besides its own (for what one element does more). */
type Check = (dialog: Dialog) => Promise<void>;

/** One story as {@link dialogStories} makes it (the story file adds the `name`). */
export interface DialogStory<R extends DialogRequest> {
  readonly args: { readonly request: R; readonly position?: number; readonly total?: number };
  readonly parameters?: ReturnType<typeof storyParameters>;
  readonly play: (context: { canvasElement: HTMLElement; args: DialogStoryArgs<R> }) => Promise<void>;
}

export interface DialogStoriesOptions<R extends DialogRequest> {
  /** The element's tag name, e.g. `rpc-confirm`. */
  readonly tag: string;
  /**
   * The element's request builder: the request `id`, and `fields` that change its default
   * request. A story's request id is the tag without `rpc-`, then the story's: `confirm-queued`.
   */
  readonly request: (id: string, fields?: Partial<R>) => R;
  /**
   * The timeout (ms) of the dark, VS Code theme and reduced-motion requests, so that they show the
   * countdown too. None for an element without a countdown (an editor request never times out).
   */
  readonly timeout?: number;
}

/** What differs in an element's "Multi-line title" story. */
interface MultiLineOptions<R extends DialogRequest> {
  /** The stage's height in rem (the component's default without it). */
  readonly blockSize?: number;
  /** Fields of the request besides its title. */
  readonly fields?: Partial<R>;
}

const expiringDescription =
  'Times out after 2.5 s: the dialog closes by itself, sends nothing (the agent goes on with ' +
  'its default) and says so briefly. Remount the story to see it again.';

/**
 * The stories every dialog element has in the same form, for the element `tag`. Each is a function
 * (the story file calls only those that apply: the editor has no countdown), and what differs
 * between elements is a parameter: stage heights, extra request fields, extra checks.
 */
export function dialogStories<R extends DialogRequest>({ tag, request, timeout }: DialogStoriesOptions<R>) {
  const open = (canvasElement: HTMLElement) => dialogIn(canvasElement, tag);
  const idPrefix = tag.replace(/^rpc-/, '');
  /** The request of the story `id`: the element's default, then `fields`, then the story's `more`. */
  const ask = (id: string, fields: Partial<DialogRequest> = {}, more: Partial<R> = {}) =>
    request(`${idPrefix}-${id}`, { ...fields, ...more });
  /** The request of the stories that show the countdown when the element has one. */
  const withTimeout = (id: string) => ask(id, timeout === undefined ? {} : { timeout });
  const themed = (id: string, theme: VscodeTheme): DialogStory<R> => ({
    args: { request: withTimeout(id) },
    parameters: storyParameters({ stage: { theme } }),
    play: async ({ canvasElement }) => expectTheme(await open(canvasElement), theme),
  });

  return {
    /** "With countdown (30 s)": the countdown shows 30 s left. */
    withCountdown: (): DialogStory<R> => ({
      args: { request: ask('countdown', { timeout: 30_000 }) },
      play: async ({ canvasElement }) => {
        await expectCountdown(await open(canvasElement), 30);
      },
    }),

    /**
     * "Expiring (2.5 s)": a request titled `title` times out; the dialog closes, says so and sends
     * nothing. `whileOpen` runs before it expires, `afterExpiry` after the notice is checked.
     */
    expiring: (title: string, checks: { whileOpen?: Check; afterExpiry?: Check } = {}): DialogStory<R> => ({
      args: { request: ask('expiring', { title, timeout: 2_500 }) },
      parameters: storyParameters({ description: expiringDescription }),
      play: async ({ canvasElement, args }) => {
        const dialog = await open(canvasElement);
        await checks.whileOpen?.(dialog);
        await waitFor(() => expect(dialog.dialog.open).toBe(false), { timeout: 5_000 });
        await expect(dialog.part('[part="notice"]')).toHaveTextContent(
          `“\u2068${title}\u2069” timed out: the agent went on with its default.`,
        );
        await checks.afterExpiry?.(dialog);
        await expect(args.onRpcExpire).toHaveBeenCalledTimes(1);
        await expect(args.onRpcResponse).not.toHaveBeenCalled();
      },
    }),

    /** "Queued (1 of 3)": the first of three dialogs. */
    queued: (): DialogStory<R> => ({
      args: { request: ask('queued'), position: 1, total: 3 },
      play: async ({ canvasElement }) => {
        await expectQueued(await open(canvasElement));
      },
    }),

    /** A long title wraps, on a stage `blockSize` rem high. */
    longTitle: (blockSize: number): DialogStory<R> => ({
      args: { request: ask('long-title', { title: longTitle }) },
      parameters: storyParameters({ stage: { blockSize } }),
      play: async ({ canvasElement }) => {
        const dialog = await open(canvasElement);
        await expectShown(dialog, longTitle);
        await expectWrappedTitle(dialog);
      },
    }),

    /**
     * "Title taller than the dialog": a permission prompt whose title is the command to allow,
     * 40 lines of it, on a stage `blockSize` rem high. The title scrolls on its own and is a Tab
     * stop; the body and the buttons stay in view.
     */
    titleTallerThanDialog: (blockSize: number): DialogStory<R> => ({
      args: { request: ask('tall-title', { title: commandTitle }) },
      parameters: storyParameters({ stage: { blockSize } }),
      play: async ({ canvasElement }) => {
        const { dialog, part } = await open(canvasElement);
        const title = part('[part="title"]');
        await expect(title.scrollHeight).toBeGreaterThan(title.clientHeight);
        await waitFor(() => expect(title.tabIndex).toBe(0));
        const box = dialog.getBoundingClientRect();
        for (const shown of [
          title,
          part('[part="body"]'),
          ...part('[part="actions"]').querySelectorAll('button'),
        ]) {
          const rect = shown.getBoundingClientRect();
          await expect(rect.height).toBeGreaterThan(0);
          await expect(rect.top).toBeGreaterThanOrEqual(box.top);
          await expect(rect.bottom).toBeLessThanOrEqual(box.bottom + 0.5);
        }
      },
    }),

    /**
     * "Multi-line title" (for an element whose request has no message): the title keeps its line
     * breaks. `fields` change the rest of the request; `blockSize` is the stage's height.
     */
    multiLineTitle: ({ blockSize, fields }: MultiLineOptions<R> = {}): DialogStory<R> => {
      const multiLine = ask('multi-line', { title: multiLineTitle }, fields);
      const article = /^[aeiou]/.test(multiLine.method) ? 'An' : 'A';
      return {
        args: { request: multiLine },
        parameters: storyParameters({
          stage: blockSize === undefined ? undefined : { blockSize },
          description: `${article} ${multiLine.method} request has no message; its title keeps its line breaks.`,
        }),
        play: async ({ canvasElement }) => {
          const { part } = await open(canvasElement);
          await expect(part('[part="title"]').textContent).toBe(multiLineTitle);
          await expectLines(part('[part="title"]'), 3);
        },
      };
    },

    /** Dark surfaces with light text on a dark stage; `more` checks the element's own parts. */
    dark: (more?: Check): DialogStory<R> => ({
      args: { request: withTimeout('dark') },
      parameters: storyParameters({ stage: { colorScheme: 'dark' }, description: darkDescription }),
      play: async ({ canvasElement }) => {
        const dialog = await open(canvasElement);
        await expectDark(dialog);
        await more?.(dialog);
      },
    }),

    // The theme stories' names come from their exports (`VSCodeDarkModern` is "VS Code Dark Modern").
    vscodeDarkModern: () => themed('vscode-dark', darkModern),
    vscodeLightModern: () => themed('vscode-light', lightModern),
    vscodeHighContrast: () => themed('vscode-hc', highContrastDark),

    /** Nothing moves under `prefers-reduced-motion: reduce`. */
    reducedMotion: (): DialogStory<R> => ({
      args: { request: withTimeout('reduced-motion') },
      parameters: storyParameters({ description: reducedMotionDescription }),
      play: async ({ canvasElement }) => expectMotionPreference(await open(canvasElement)),
    }),

    /** "Page mode": see {@link pageModeStory}. */
    pageMode: (initialFocus: (screen: Dialog['screen']) => HTMLElement) =>
      pageModeStory(tag, ask('page'), initialFocus),
  };
}

/**
 * The "Page mode" story of the element `tag`: a button opens `request` modally over the page;
 * focus goes to `initialFocus`, Escape cancels, and focus comes back to the button.
 *
 * (Its `name` is not a literal in the story file, so the sidebar and the story's test call it
 * "Page Mode", after the export.)
 */
function pageModeStory<R extends DialogRequest>(
  tag: string,
  request: R,
  initialFocus: (screen: Dialog['screen']) => HTMLElement,
) {
  const element = unsafeStatic(tag);
  return {
    name: 'Page mode',
    args: { request, contained: false },
    parameters: storyParameters({ stage: { page: true }, description: pageModeDescription }),
    render: (args: DialogStoryArgs<R>) => staticHtml`
      <button
        type="button"
        @click=${(event: Event) => {
          const next = (event.currentTarget as HTMLElement).nextElementSibling as RpcDialogElement<R>;
          next.request = { ...args.request };
        }}
      >
        Ask in page mode
      </button>
      <${element}
        .strings=${args.strings}
        @rpc-response=${logResponse(args.onRpcResponse)}
        @rpc-expire=${args.onRpcExpire}
      ></${element}>
      ${responseLog}
    `,
    play: async ({ canvasElement, args }: { canvasElement: HTMLElement; args: DialogStoryArgs<R> }) => {
      const opener = within(canvasElement).getByRole('button', { name: 'Ask in page mode' });
      await userEvent.click(opener);
      const { dialog, screen, focused } = await dialogIn(canvasElement, tag);
      await expect(dialog.matches(':modal')).toBe(true);
      await expect(focused()).toBe(initialFocus(screen));
      await userEvent.keyboard('{Escape}');
      await expect(responses(args.onRpcResponse)).toEqual([
        { type: 'extension_ui_response', id: request.id, cancelled: true },
      ]);
      await expect(dialog.open).toBe(false);
      await expect(document.activeElement).toBe(opener);
    },
  };
}
