/**
 * Starts an agent keeper the way the example extension does (`examples/vscode/src/keeper.ts`),
 * prints what it said as JSON and exits at once: it plays an extension host that goes away.
 * Arguments: the keeper script, the agent as JSON, the log file.
 */
import { startKeeper } from '../../../examples/vscode/src/keeper.js';
import type { KeeperAgent } from '../../../examples/vscode/src/keeper-protocol.js';

const [script = '', agent = '{}', log = ''] = process.argv.slice(2);
const report = await startKeeper(script, JSON.parse(agent) as KeeperAgent, log);
process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
