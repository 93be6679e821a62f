import { expect } from '@open-wc/testing';
import { ExtensionUIController } from '../../../src/controller/controller.js';
import { createMemoryTransport } from '../../../src/transport/memory.js';

/** The raw agent lines of a fixture, as the agent wrote them. */
async function agentLines(name: string): Promise<string[]> {
  const text = await (await fetch(`/test/fixtures/pi-0.73.1/${name}`)).text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { dir: string; raw: string })
    .filter((record) => record.dir === 'from_agent')
    .map((record) => record.raw);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('under a CSP without unsafe-eval', () => {
  it('validates every request of a real transcript with no CSP violation', async () => {
    const violations: string[] = [];
    const onViolation = (event: SecurityPolicyViolationEvent) => violations.push(event.violatedDirective);
    document.addEventListener('securitypolicyviolation', onViolation);

    const { transport, peer } = createMemoryTransport();
    const controller = new ExtensionUIController({ transport });
    const invalid: string[] = [];
    controller.on('invalid', (report) => invalid.push(report.message));
    for (const raw of await agentLines('main.jsonl')) peer.write(`${raw}\n`);
    await nextTask();

    expect(invalid).to.deep.equal([]);
    expect(controller.dialogs.map((d) => d.request.method)).to.deep.equal([
      'select',
      'select',
      'confirm',
      'input',
      'input',
      'editor',
      'editor',
    ]);
    expect(controller.notifications.length).to.equal(5);
    expect(violations).to.deep.equal([]);

    // Control: the page really forbids eval, so the check above could have failed.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the control that proves eval is blocked
    expect(() => new Function('return 1')).to.throw(EvalError);
    await nextTask();
    expect(violations.length).to.be.greaterThan(0);
    document.removeEventListener('securitypolicyviolation', onViolation);
  });
});
