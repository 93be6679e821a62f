/**
 * rpc-ui-kit: the browser client of the extension UI protocol of coding agents in RPC mode.
 * Importing this module registers no element: import `rpc-ui-kit/define.js` for that.
 */
export * from './protocol/index.js';
export * from './transport/index.js';
export { ControllerBinding } from './components/shared/controller-binding.js';
export { RpcConfirm } from './components/confirm/rpc-confirm.js';
export { RpcDialogs } from './components/dialogs/rpc-dialogs.js';
export { RpcEditor } from './components/editor/rpc-editor.js';
export { RpcExpireEvent } from './components/events/expire-event.js';
export { RpcResponseEvent } from './components/events/response-event.js';
export { RpcInput } from './components/input/rpc-input.js';
export { RpcSelect, type SelectFilterMode } from './components/select/rpc-select.js';
export { RpcDialogElement } from './components/shared/dialog-element.js';
export { defaultStrings, type RpcStrings, setDefaultStrings } from './components/shared/strings.js';
