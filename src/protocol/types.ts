/**
 * Wire types of the extension UI sub-protocol, as pi (`pi --mode rpc`) speaks it.
 * The zod schemas in `schema.ts` validate incoming lines against exactly these shapes.
 */

/** The `type` of every line the agent writes to ask for UI. */
export const REQUEST_TYPE = 'extension_ui_request';
/** The `type` of every line the client writes back to answer a dialog. */
export const RESPONSE_TYPE = 'extension_ui_response';

/** Severity of a `notify` request. A missing `notifyType` on the wire means `info`. */
export type NotifyType = 'info' | 'warning' | 'error';
/** Where a widget goes. A missing `widgetPlacement` on the wire means `aboveEditor`. */
export type WidgetPlacement = 'aboveEditor' | 'belowEditor';

/** Fields every request carries. `id` is a fresh UUID for every request. */
export interface RequestBase {
  readonly type: typeof REQUEST_TYPE;
  /** Unique per request; a response must echo it. */
  readonly id: string;
}

/** Pick one of `options`; answer with the option string exactly as received. */
export interface SelectRequest extends RequestBase {
  readonly method: 'select';
  readonly title: string;
  /** The choices, in order. They may repeat. */
  readonly options: readonly string[];
  /** Milliseconds after which the agent goes on with `undefined`; absent or `0` means never. */
  readonly timeout?: number;
}

/** A yes/no question. */
export interface ConfirmRequest extends RequestBase {
  readonly method: 'confirm';
  readonly title: string;
  /** The question's body; may span several lines. */
  readonly message: string;
  /** Milliseconds after which the agent goes on with `false`; absent or `0` means never. */
  readonly timeout?: number;
}

/** Free-form, single-line text. There is no prefill. */
export interface InputRequest extends RequestBase {
  readonly method: 'input';
  readonly title: string;
  readonly placeholder?: string;
  /** Milliseconds after which the agent goes on with `undefined`; absent or `0` means never. */
  readonly timeout?: number;
}

/** Multi-line text with an optional prefill. Never times out. */
export interface EditorRequest extends RequestBase {
  readonly method: 'editor';
  readonly title: string;
  readonly prefill?: string;
}

/** A notification. Fire-and-forget. */
export interface NotifyRequest extends RequestBase {
  readonly method: 'notify';
  readonly message: string;
  /** Normalised: `info` when the wire omits it. */
  readonly notifyType: NotifyType;
}

/** Set (or, without `statusText`, clear) one keyed status entry. Fire-and-forget. */
export interface SetStatusRequest extends RequestBase {
  readonly method: 'setStatus';
  readonly statusKey: string;
  readonly statusText?: string;
}

/** Set (or, without `widgetLines`, clear) one keyed block of lines. Fire-and-forget. */
export interface SetWidgetRequest extends RequestBase {
  readonly method: 'setWidget';
  readonly widgetKey: string;
  readonly widgetLines?: readonly string[];
  /** Normalised: `aboveEditor` when the wire omits it. */
  readonly widgetPlacement: WidgetPlacement;
}

/** Set the window or tab title. Fire-and-forget. */
export interface SetTitleRequest extends RequestBase {
  readonly method: 'setTitle';
  readonly title: string;
}

/** Replace the text of the host's input editor. Fire-and-forget. */
export interface SetEditorTextRequest extends RequestBase {
  readonly method: 'set_editor_text';
  readonly text: string;
}

/** The four requests that block the agent until answered (or until their timeout). */
export type DialogRequest = SelectRequest | ConfirmRequest | InputRequest | EditorRequest;
/** The five requests that expect no answer. */
export type UpdateRequest =
  | NotifyRequest
  | SetStatusRequest
  | SetWidgetRequest
  | SetTitleRequest
  | SetEditorTextRequest;
/** Any valid extension UI request. */
export type ExtensionUIRequest = DialogRequest | UpdateRequest;
/** The `method` of a dialog request. */
export type DialogMethod = DialogRequest['method'];
/** The `method` of any known request. */
export type RequestMethod = ExtensionUIRequest['method'];

/** Answer to `select`, `input` or `editor`: the text, untouched (`""` is a real answer). */
export type ValueResponse = {
  readonly type: typeof RESPONSE_TYPE;
  readonly id: string;
  readonly value: string;
};
/** Answer to `confirm`. */
export type ConfirmResponse = {
  readonly type: typeof RESPONSE_TYPE;
  readonly id: string;
  readonly confirmed: boolean;
};
/** Dismissal of any dialog: the extension gets `undefined` (or `false` for confirm). */
export type CancelResponse = {
  readonly type: typeof RESPONSE_TYPE;
  readonly id: string;
  readonly cancelled: true;
};
/** Any line the client may write for a dialog. */
export type ExtensionUIResponse = ValueResponse | ConfirmResponse | CancelResponse;

/**
 * What a user (or code) answers to a dialog, before it is addressed to a request id:
 * `{ value }` for select, input and editor, `{ confirmed }` for confirm, `{ cancelled: true }` for any.
 */
export type DialogAnswer =
  | { readonly value: string }
  | { readonly confirmed: boolean }
  | { readonly cancelled: true };

/** The dialog methods, for fast membership tests. */
export const DIALOG_METHODS: ReadonlySet<string> = new Set<DialogMethod>([
  'select',
  'confirm',
  'input',
  'editor',
]);

/** Whether a request blocks the agent until it is answered. */
export function isDialogRequest(request: ExtensionUIRequest): request is DialogRequest {
  return DIALOG_METHODS.has(request.method);
}

/**
 * The request's timeout in milliseconds, or `undefined` when it never times out
 * (no timeout, `timeout: 0`, or an `editor`). A negative timeout is `0`: the agent already gave up.
 */
export function dialogTimeout(request: DialogRequest): number | undefined {
  if (request.method === 'editor' || !request.timeout) return undefined;
  return Math.max(0, request.timeout);
}
