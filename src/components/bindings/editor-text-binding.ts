import type { ExtensionUIController } from '../../controller/controller.js';
import { RpcEditorTextEvent } from '../events/editor-text-event.js';
import { deepActiveElement } from '../internal/focus.js';

/** A host text field the agent's editor text can go to. */
export type EditorField = HTMLTextAreaElement | HTMLInputElement;

/** Options of {@link bindEditorText}. */
export interface EditorTextBindingOptions {
  /** Fire `rpc-editor-text` here for every `set_editor_text`. */
  readonly eventTarget?: EventTarget;
  /**
   * Opt in to filling a host field: the element, or a selector looked up in `root` each time
   * (so a field rendered later is found).
   */
  readonly target?: EditorField | string;
  /** Where a selector `target` is looked up (default `document`). */
  readonly root?: ParentNode;
  /**
   * When text held back because the user was typing lands: `'blur'` (default) when the user
   * leaves the field, `'apply'` only when the host calls `apply()`.
   */
  readonly deferUntil?: 'blur' | 'apply';
  /**
   * Hold the text back whenever the field holds a draft of the user's (not empty, not the last
   * text written), whether or not it has focus: for a host that offers the held text instead.
   */
  readonly keepDrafts?: boolean;
}

/** The disposer returned by {@link bindEditorText}, with the held-back text's controls. */
export interface EditorTextBinding {
  /** Stop following the agent (held-back text is dropped). */
  (): void;
  /** Write the held-back text now. @returns whether there was any */
  apply(): boolean;
  /** Drop the held-back text. */
  discard(): void;
  /** The text held back because the user was typing, if any. */
  pending(): string | undefined;
}

/**
 * Follow the agent's `set_editor_text`. Each one fires an {@link RpcEditorTextEvent}
 * (`rpc-editor-text`, `detail.text`, `detail.deferred`) on `options.eventTarget`.
 *
 * With `target`, the text also goes into that `<textarea>` or `<input>`: its value is set through
 * the native setter and an `input` event (bubbling, `inputType: 'insertReplacementText'`) is
 * fired, so React, Vue and others notice. Focus is never moved, and the selection is kept
 * (clamped to the new length) rather than jumping to the end.
 *
 * The typing rule: text the user typed is never silently overwritten. The user counts as typing
 * when the field has focus (or the agent asks something and focus is in that dialog: it came from
 * the draft and goes back to it), is not empty and its value differs from the last value this
 * binding wrote into it. Then the field is left alone, the event says `deferred: true`, and the
 * text is held back (a newer one replaces it) until the user leaves the field (`deferUntil:
 * 'blur'`, the default; held while a question had focus, it lands when the last question is gone
 * unless focus came back to the field) or the host calls `apply()` (either mode); `discard()` drops
 * it. A field without focus, empty (the host cleared it after a send) or untouched since the last
 * write is updated at once.
 *
 * @returns a disposer that also offers `apply()`, `discard()` and `pending()`
 */
export function bindEditorText(
  controller: ExtensionUIController,
  options: EditorTextBindingOptions = {},
): EditorTextBinding {
  const written = new WeakMap<EditorField, string>();
  let pending: string | undefined;
  let waiting: EditorField | undefined;

  const field = (): EditorField | undefined => {
    const target = options.target;
    if (typeof target !== 'string') return target;
    const found = (options.root ?? document).querySelector(target);
    return found instanceof HTMLTextAreaElement || found instanceof HTMLInputElement ? found : undefined;
  };

  const write = (el: EditorField, text: string): void => {
    setValue(el, text);
    // What the field holds now: a textarea reads CR LF back as LF, an input drops line breaks.
    written.set(el, el.value);
  };

  /** Drop the held-back text and stop waiting for a blur. */
  const discard = (): void => {
    pending = undefined;
    waiting?.removeEventListener('blur', left);
    waiting = undefined;
  };

  const apply = (): boolean => {
    const text = pending;
    const el = field();
    discard();
    if (text === undefined || !el) return false;
    write(el, text);
    return true;
  };

  // The user left the field: the text lands, unless the agent's question took focus (then it
  // lands once no question is left, below).
  const left = (): void => {
    if (controller.dialogs.length === 0) apply();
  };

  const stop = controller.on('editorText', (text) => {
    const el = field();
    const draft = el !== undefined && el.value !== '' && el.value !== written.get(el);
    const typing = draft && (options.keepDrafts === true || inUse(el, controller));
    if (el && !typing) {
      discard();
      write(el, text);
    } else if (el) {
      if (options.deferUntil !== 'apply' && waiting !== el) {
        discard();
        waiting = el;
        el.addEventListener('blur', left);
      }
      pending = text;
    }
    options.eventTarget?.dispatchEvent(new RpcEditorTextEvent({ text, deferred: typing }));
  });

  // Held back while the agent asked something: once no question is left, focus is back in the
  // field (then its blur applies the text) or it is elsewhere (then it lands now). The check waits
  // a task, for the dialog to give focus back.
  const stopDialogs = controller.on('dialogs', (dialogs) => {
    if (dialogs.length > 0 || waiting === undefined) return;
    setTimeout(() => {
      if (waiting && !isFocused(waiting)) apply();
    });
  });

  const dispose = (): void => {
    stop();
    stopDialogs();
    discard();
  };
  return Object.assign(dispose, { apply, discard, pending: (): string | undefined => pending });
}

/** Whether `el` has focus in its document or shadow root (a detached field's root has none). */
function isFocused(el: Element): boolean {
  return (el.getRootNode() as Partial<DocumentOrShadowRoot>).activeElement === el;
}

/**
 * Whether the user is at `el`: it has focus, or the agent asks something and focus is in that
 * dialog (it took focus from the draft, and gives it back after).
 */
function inUse(el: Element, controller: ExtensionUIController): boolean {
  return (
    isFocused(el) ||
    (el.isConnected && controller.dialogs.length > 0 && !!deepActiveElement()?.closest('dialog'))
  );
}

/** Set the value as the browser would (the native setter), keep the selection, fire `input`. */
function setValue(el: EditorField, text: string): void {
  if (el.value === text) return;
  const start = el.selectionStart;
  const end = el.selectionEnd;
  const direction = el.selectionDirection ?? undefined;
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, text);
  if (start !== null && end !== null) {
    el.setSelectionRange(Math.min(start, text.length), Math.min(end, text.length), direction);
  }
  el.dispatchEvent(
    new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertReplacementText' }),
  );
}
