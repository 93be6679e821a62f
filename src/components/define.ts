/**
 * Registers every element of the kit under its `rpc-*` tag. Importing this module is the only
 * side effect in the package; element classes themselves register nothing. Registering again
 * with the same classes (a second copy of this module) is silent; a different class under a taken
 * name is reported once on the console and left alone.
 */
import { RpcConfirm } from './confirm/rpc-confirm.js';
import { RpcDialogs } from './dialogs/rpc-dialogs.js';
import { RpcEditor } from './editor/rpc-editor.js';
import { RpcExtensionUI } from './extension-ui/rpc-extension-ui.js';
import { RpcInput } from './input/rpc-input.js';
import { RpcLogin } from './login/rpc-login.js';
import { RpcModel } from './model/rpc-model.js';
import { RpcNotifications } from './notifications/rpc-notifications.js';
import { RpcSelect } from './select/rpc-select.js';
import { RpcSessions } from './sessions/rpc-sessions.js';
import { RpcStatusBar } from './status-bar/rpc-status-bar.js';
import { RpcTranscript } from './transcript/rpc-transcript.js';
import { RpcUsage } from './usage/rpc-usage.js';
import { RpcWidget } from './widget/rpc-widget.js';

/** The tags and their classes. */
export const elements = {
  'rpc-confirm': RpcConfirm,
  'rpc-dialogs': RpcDialogs,
  'rpc-editor': RpcEditor,
  'rpc-extension-ui': RpcExtensionUI,
  'rpc-input': RpcInput,
  'rpc-login': RpcLogin,
  'rpc-model': RpcModel,
  'rpc-notifications': RpcNotifications,
  'rpc-select': RpcSelect,
  'rpc-sessions': RpcSessions,
  'rpc-status-bar': RpcStatusBar,
  'rpc-transcript': RpcTranscript,
  'rpc-usage': RpcUsage,
  'rpc-widget': RpcWidget,
} as const;

/**
 * Marks a class this kit registered, under its tag. A global symbol, so that every copy of the kit
 * on a page (two bundles, two versions) knows the others' classes; class names cannot tell, a
 * minifier renames them.
 */
const KIT_TAG = Symbol.for('rpc-ui-kit.tag');

/** Register `elements` (idempotent). */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const [tag, element] of Object.entries(elements)) {
    const existing = registry.get(tag);
    if (!existing) {
      registry.define(tag, element);
      Object.defineProperty(element, KIT_TAG, { value: tag });
    } else if (existing !== element && !Object.hasOwn(existing, KIT_TAG)) {
      console.warn(`rpc-ui-kit: <${tag}> is already defined by another class; the kit's was not registered.`);
    }
  }
}

defineElements();

declare global {
  interface HTMLElementTagNameMap {
    'rpc-confirm': RpcConfirm;
    'rpc-dialogs': RpcDialogs;
    'rpc-editor': RpcEditor;
    'rpc-extension-ui': RpcExtensionUI;
    'rpc-input': RpcInput;
    'rpc-login': RpcLogin;
    'rpc-model': RpcModel;
    'rpc-notifications': RpcNotifications;
    'rpc-select': RpcSelect;
    'rpc-sessions': RpcSessions;
    'rpc-status-bar': RpcStatusBar;
    'rpc-transcript': RpcTranscript;
    'rpc-usage': RpcUsage;
    'rpc-widget': RpcWidget;
  }
}
