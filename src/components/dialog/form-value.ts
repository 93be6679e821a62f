import { property } from 'lit/decorators.js';
import type { DialogRequest } from '../../protocol/types.js';
import { RpcDialogElement } from './dialog-element.js';

/**
 * A dialog answered with text that also takes part in a `<form>` (form-associated, through
 * `ElementInternals`): the last submitted text is its `value` and, under its `name`, its form
 * value; a form reset clears both. So the element serves outside the protocol too.
 */
export abstract class FormValueDialogElement<R extends DialogRequest> extends RpcDialogElement<R> {
  /** Tells the browser this element takes part in forms. */
  static formAssociated = true;

  /** The name under which the submitted text is part of the form's data. */
  @property({ reflect: true })
  name = '';

  readonly #internals = this.attachInternals();
  #value: string | undefined;

  /**
   * The last submitted text, exactly as submitted (`""` before any answer and after a form
   * reset). Setting it also sets the form value.
   */
  get value(): string {
    return this.#value ?? '';
  }
  set value(value: string) {
    this.#setValue(value);
  }

  /** The form the element belongs to, if any. */
  get form(): HTMLFormElement | null {
    return this.#internals.form;
  }

  /** Called by the browser when the form is reset: no value, nothing in the form's data. */
  formResetCallback(): void {
    this.#setValue(undefined);
  }

  /** Called by the browser when it restores the form (history navigation, autofill). */
  formStateRestoreCallback(state: string | File | FormData | null): void {
    if (typeof state === 'string') this.value = state;
  }

  /** The text field (`#field`) whose text the element answers with. */
  protected get field(): HTMLInputElement | HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('#field');
  }

  /** The text Submit answers with: by default the field's; `undefined` when there is none. */
  protected get pendingValue(): string | undefined {
    return this.field?.value;
  }

  /** Submit the pending text, as the Submit button does. */
  protected override primaryAction(): void {
    const value = this.pendingValue;
    if (value !== undefined) this.submit(value);
  }

  protected override initialFocus(): HTMLElement | null {
    return this.field;
  }

  /**
   * Answer `{ value }` with the text untouched and keep it as the value. The value is set first,
   * so `rpc-response` listeners (and a form submitted from one) already see it; it is put back if
   * the answer was not sent.
   * @returns whether this call answered
   */
  protected submit(value: string): boolean {
    if (this.settled || !this.request) return false;
    const previous = this.#value;
    this.#setValue(value);
    if (this.answer({ value })) return true;
    this.#setValue(previous);
    return false;
  }

  #setValue(value: string | undefined): void {
    this.#value = value;
    this.#internals.setFormValue(value ?? null);
  }
}
