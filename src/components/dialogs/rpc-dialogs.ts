import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { literal, html as staticHtml } from 'lit/static-html.js';
import type { DialogMethod } from '../../protocol/types.js';
import type { ExtensionUIController } from '../../controller/controller.js';
import type { PendingDialog } from '../../controller/types.js';
import { BoundElement, type RenderedState } from '../base/bound-element.js';
import { Notice } from '../reactive/notice.js';
import { FocusReturn } from '../internal/focus.js';
import { relayToModal } from '../internal/modal-relay.js';
import { dialogEnglish, expiryText, queueEnglish } from '../strings/dialog-strings.js';
import { dialogsStyles } from './rpc-dialogs.styles.js';

/** The element for each dialog method. */
const TAGS = {
  select: literal`rpc-select`,
  confirm: literal`rpc-confirm`,
  input: literal`rpc-input`,
  editor: literal`rpc-editor`,
} satisfies Record<DialogMethod, ReturnType<typeof literal>>;

/**
 * The dialog queue, bound to an {@link ExtensionUIController}: shows the oldest pending dialog
 * with the element for its method (`rpc-select`, `rpc-confirm`, `rpc-input`, `rpc-editor`), with
 * "1 of 3" when more wait, and the next one as soon as it is answered or expires. A dialog that
 * expires, current or queued, is reported briefly in a status message. Focus goes back to where
 * it was when the queue empties. Register the elements first (`rpc-ui-kit/define.js`).
 *
 * @tagname rpc-dialogs
 * @summary The dialog queue.
 * @csspart notice - the brief note shown when a dialog expired
 */
export class RpcDialogs extends BoundElement {
  static override styles = [...BoundElement.styles, dialogsStyles];

  protected static override renders: RenderedState = { parts: ['dialogs'] };

  /** Confine dialogs to the nearest positioned ancestor instead of the page (IDE sidebars). */
  @property({ type: Boolean, reflect: true })
  contained = false;

  /** Where focus goes when the queue empties and the element focused before is gone. */
  @property({ attribute: false })
  returnFocus: HTMLElement | undefined;

  /** How long the note about an expired dialog stays, in milliseconds. */
  @property({ type: Number, attribute: 'notice-duration' })
  noticeDuration = 6000;

  readonly #notice = new Notice(this);
  readonly #focusReturn = new FocusReturn();
  #wasEmpty = true;

  /** A dialog that expires, current or queued, is reported briefly in the notice. */
  protected override follow(controller: ExtensionUIController): () => void {
    return controller.on('expire', ({ dialog, reason }) => {
      const said = expiryText({ dialog, reason }, this.textFor({ ...dialogEnglish, ...queueEnglish }));
      this.#notice.show(said, this.noticeDuration);
      // Behind the next dialog, if one follows, the notice is not heard: that dialog says it.
      relayToModal(said);
    });
  }

  protected override willUpdate(): void {
    if (this.#wasEmpty && this.controller?.current) this.#focusReturn.save();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const empty = !this.controller?.current;
    if (empty && !this.#wasEmpty) this.#focusReturn.restore(this.returnFocus, this.renderRoot);
    this.#wasEmpty = empty;
  }

  protected override render(): TemplateResult {
    const controller = this.controller;
    const dialogs = controller?.dialogs ?? [];
    const current = dialogs[0];
    return html`${current && controller ? keyed(current.request.id, this.#renderDialog(current, dialogs.length, controller)) : nothing}
      ${this.#notice.render()}`;
  }

  #renderDialog(dialog: PendingDialog, total: number, controller: ExtensionUIController): TemplateResult {
    const tag = TAGS[dialog.request.method];
    return staticHtml`<${tag} .request=${dialog.request} .controller=${controller} .receivedAt=${dialog.receivedAt} .deadline=${dialog.deadline}
      .position=${1} .total=${total} .strings=${this.strings} .restoreFocus=${false} ?contained=${this.contained}
    ></${tag}>`;
  }
}
