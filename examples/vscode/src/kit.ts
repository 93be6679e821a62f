/**
 * Where the webview gets rpc-ui-kit from. Inside this repository that is its sources; in your own
 * copy replace both lines with:
 *
 *   import 'rpc-ui-kit/define.js';
 *   export { PostMessageTransport, type RpcExtensionUI, type RpcStateStore } from 'rpc-ui-kit';
 *   export { Transcript } from 'rpc-ui-kit/elements/rpc-transcript.js';
 */
import '../../../src/components/define.js';
export { PostMessageTransport, type RpcExtensionUI, type RpcStateStore } from '../../../src/index.js';
export { Transcript } from '../../../src/components/transcript/rpc-transcript.js';
