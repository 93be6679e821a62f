/**
 * Where the agent keeper gets rpc-ui-kit's bridge from. Inside this repository that is its
 * sources; in your own copy replace the line with:
 *
 *   export { startBridge } from 'rpc-ui-kit/bridge';
 */
export { startBridge } from '../../../src/bridge/server.js';
