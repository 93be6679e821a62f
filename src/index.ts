/**
 * rpc-ui-kit: the browser client of the extension UI protocol of coding agents in RPC mode.
 * Importing this module registers no element: import `rpc-ui-kit/define.js` for that.
 */
export * from './protocol/index.js';
export * from './transport/index.js';
export * from './controller/index.js';
export { ControllerBinding } from './components/reactive/controller-binding.js';
export { RpcConfirm } from './components/confirm/rpc-confirm.js';
export { RpcDialogs } from './components/dialogs/rpc-dialogs.js';
export { RpcEditor } from './components/editor/rpc-editor.js';
export { RpcExpireEvent } from './components/events/expire-event.js';
export { RpcResponseEvent } from './components/events/response-event.js';
export { RpcInput } from './components/input/rpc-input.js';
export { RpcSelect, type SelectFilterMode } from './components/select/rpc-select.js';
export { RpcDialogElement } from './components/dialog/dialog-element.js';
export { strayInput } from './components/dialog/stray-input.js';
export { expiryText } from './components/strings/dialog-strings.js';
export { noteText, type NoteStrings } from './components/strings/notification-strings.js';
export { type RpcStrings, setDefaultStrings } from './components/strings/strings.js';
export type { CountedText, PluralText } from './components/strings/format.js';
export { setLocaleStrings } from './components/strings/locales.js';
export { RpcNotifications } from './components/notifications/rpc-notifications.js';
export { RpcStatusBar } from './components/status-bar/rpc-status-bar.js';
export { RpcWidget } from './components/widget/rpc-widget.js';
export { type RpcEditorTextDetail, RpcEditorTextEvent } from './components/events/editor-text-event.js';
export { type RpcTitleDetail, RpcTitleEvent } from './components/events/title-event.js';
export {
  bindEditorText,
  type EditorField,
  type EditorTextBinding,
  type EditorTextBindingOptions,
} from './components/bindings/editor-text-binding.js';
export {
  bindTitle,
  type TitleBindingOptions,
  type TitleTarget,
} from './components/bindings/title-binding.js';
export { type AnsiTextOptions, ansiText, TEXT_RENDER_LIMIT } from './components/ansi-text/ansi-text.js';
export {
  type RpcPersistMode,
  type RpcStateStore,
  RpcExtensionUI,
} from './components/extension-ui/rpc-extension-ui.js';
export {
  type RpcConnectionDetail,
  RpcConnectionEvent,
  type RpcConnectionState,
} from './components/events/connection-event.js';
export { type RpcStopDetail, RpcStopEvent } from './components/events/stop-event.js';
