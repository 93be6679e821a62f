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

/**
 * Fields every request carries. `id` is opaque: a UUID from pi and atomic, 16 hex digits from
 * oh-my-pi, anything from another agent. It is never parsed.
 */
export interface RequestBase {
  readonly type: typeof REQUEST_TYPE;
  /** Unique per request; a response must echo it. */
  readonly id: string;
}

/** One option's extra text (oh-my-pi's `optionDetails`, aligned with `options`; `{}` for none). */
export interface OptionDetail {
  readonly description?: string;
}

/**
 * The login a dialog belongs to: atomic asks its `oauth_prompt`, `oauth_select` and
 * `oauth_manual_code` questions as dialogs of a login started with `login_provider`.
 */
export interface LoginQuestion {
  /** The wire method the dialog came as. */
  readonly method: 'oauth_prompt' | 'oauth_select' | 'oauth_manual_code';
  readonly provider: string;
  readonly loginId: string;
  /** For `oauth_select`: each option's id, aligned with `options`; the answer is the id. */
  readonly optionIds?: readonly string[];
  /** For `oauth_prompt`: whether an empty answer may be sent. */
  readonly allowEmpty?: boolean;
}

/** What every dialog may carry besides its own fields. */
interface DialogBase extends RequestBase {
  /** Set when the dialog is a question of an agent's login (atomic's `oauth_*`). */
  readonly login?: LoginQuestion;
}

/** Pick one of `options`; answer with the option string exactly as received. */
export interface SelectRequest extends DialogBase {
  readonly method: 'select';
  readonly title: string;
  /** The choices, in order. They may repeat. */
  readonly options: readonly string[];
  /** Optional descriptions, one per option by index (oh-my-pi). */
  readonly optionDetails?: readonly OptionDetail[];
  /** Milliseconds after which the agent goes on with `undefined`; absent or `0` means never. */
  readonly timeout?: number;
}

/** A yes/no question. */
export interface ConfirmRequest extends DialogBase {
  readonly method: 'confirm';
  readonly title: string;
  /** The question's body; may span several lines. */
  readonly message: string;
  /** Milliseconds after which the agent goes on with `false`; absent or `0` means never. */
  readonly timeout?: number;
}

/** Free-form, single-line text. There is no prefill. */
export interface InputRequest extends DialogBase {
  readonly method: 'input';
  readonly title: string;
  readonly placeholder?: string;
  /** Milliseconds after which the agent goes on with `undefined`; absent or `0` means never. */
  readonly timeout?: number;
}

/** Multi-line text with an optional prefill. Never times out. */
export interface EditorRequest extends DialogBase {
  readonly method: 'editor';
  readonly title: string;
  readonly prefill?: string;
  /** oh-my-pi: show the editor as a prompt (a styling hint). */
  readonly promptStyle?: boolean;
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

/** oh-my-pi: the extension withdrew the dialog `targetId` (its signal fired). Nothing is answered. */
export interface CancelRequest extends RequestBase {
  readonly method: 'cancel';
  readonly targetId: string;
}

/**
 * A page for the user to open (oh-my-pi's `open_url`, atomic's `oauth_auth`): shown as a link,
 * never opened by itself.
 */
export interface OpenUrlRequest extends RequestBase {
  readonly method: 'open_url';
  readonly url: string;
  /** A local address that opens `url` (it survives a cut `url`). */
  readonly launchUrl?: string;
  readonly instructions?: string;
  /** For atomic's `oauth_auth`: the login it belongs to. */
  readonly login?: LoginRef;
}

/** A login of the agent's, named as atomic names it. */
export interface LoginRef {
  readonly provider: string;
  readonly loginId: string;
}

/** atomic's `oauth_device_code`: a code to type at a page. */
export interface DeviceCodeRequest extends RequestBase {
  readonly method: 'oauth_device_code';
  readonly login: LoginRef;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly intervalSeconds?: number;
  readonly expiresInSeconds?: number;
}

/** atomic's `oauth_progress` (`links` empty) and `oauth_info`: what the login is doing. */
export interface LoginInfoRequest extends RequestBase {
  readonly method: 'oauth_info';
  readonly login: LoginRef;
  readonly message: string;
  readonly links: readonly { readonly url: string; readonly label?: string }[];
}

/** atomic's `oauth_manual_code_cancel`: the login's manual-code dialog is no longer wanted. */
export interface LoginDialogCancelRequest extends RequestBase {
  readonly method: 'oauth_manual_code_cancel';
  readonly login: LoginRef;
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
/** Requests that close something already shown. */
export type WithdrawRequest = CancelRequest | LoginDialogCancelRequest;
/** The parts of a login the user reads (no answer). */
export type LoginRequest = OpenUrlRequest | DeviceCodeRequest | LoginInfoRequest;
/** Any valid extension UI request. */
export type ExtensionUIRequest = DialogRequest | UpdateRequest | WithdrawRequest | LoginRequest;
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
 * The request's timeout in milliseconds, or `undefined` when it never times out (no timeout, an
 * `editor`, or `timeout: 0` where it means "never"). A negative timeout is `0`: the agent already
 * gave up, as oh-my-pi has with `timeout: 0` (`zeroIsOver`).
 */
export function dialogTimeout(request: DialogRequest, zeroIsOver = false): number | undefined {
  if (request.method === 'editor' || request.timeout === undefined) return undefined;
  if (request.timeout === 0 && !zeroIsOver) return undefined;
  return Math.max(0, request.timeout);
}
