import type {
  CancelResponse,
  ConfirmResponse,
  DialogAnswer,
  DialogRequest,
  ExtensionUIResponse,
  ValueResponse,
} from './types.js';
import { RESPONSE_TYPE } from './types.js';

/** `{type, id, value}` for select, input and editor. The value is passed untouched. */
export function valueResponse(id: string, value: string): ValueResponse {
  return { type: RESPONSE_TYPE, id, value };
}

/** `{type, id, confirmed}` for confirm. */
export function confirmResponse(id: string, confirmed: boolean): ConfirmResponse {
  return { type: RESPONSE_TYPE, id, confirmed };
}

/** `{type, id, cancelled: true}` for any dialog. */
export function cancelResponse(id: string): CancelResponse {
  return { type: RESPONSE_TYPE, id, cancelled: true };
}

/**
 * Address an answer to a dialog, checking that its kind fits the method
 * (`confirmed` only for confirm, `value` only for the others and, for select, one of its options
 * exactly as received; `cancelled` for all).
 * @throws TypeError when the answer does not fit the dialog: that is a bug in the calling code.
 */
export function responseFor(request: DialogRequest, answer: DialogAnswer): ExtensionUIResponse {
  if ('cancelled' in answer) {
    if (answer.cancelled !== true) throw new TypeError('A cancel answer must be { cancelled: true }.');
    return cancelResponse(request.id);
  }
  if ('confirmed' in answer) {
    if (request.method !== 'confirm')
      throw new TypeError(`A ${request.method} dialog is answered with { value }.`);
    if (typeof answer.confirmed !== 'boolean') throw new TypeError('"confirmed" must be a boolean.');
    return confirmResponse(request.id, answer.confirmed);
  }
  if (request.method === 'confirm') throw new TypeError('A confirm dialog is answered with { confirmed }.');
  if (typeof answer.value !== 'string') throw new TypeError('"value" must be a string.');
  if (request.method === 'select' && !request.options.includes(answer.value)) {
    throw new TypeError(
      `A select dialog is answered with one of its options, not ${JSON.stringify(answer.value)}.`,
    );
  }
  // atomic's `oauth_select` is answered with the chosen option's id, not its label.
  if (request.method === 'select' && request.login?.optionIds) {
    const id = request.login.optionIds[request.options.indexOf(answer.value)];
    if (id !== undefined) return valueResponse(request.id, id);
  }
  return valueResponse(request.id, answer.value);
}
