import { expect } from '@open-wc/testing';
import { defineElements, elements } from '../../../src/components/define.js';

const KIT_TAG = Symbol.for('rpc-ui-kit.tag');

/** A registry of its own, so the page's real one is not touched. */
function registry(taken: Record<string, CustomElementConstructor> = {}) {
  const defined = new Map(Object.entries(taken));
  return {
    defined,
    get: (tag: string) => defined.get(tag),
    define: (tag: string, element: CustomElementConstructor) => void defined.set(tag, element),
  } as unknown as CustomElementRegistry & { defined: Map<string, CustomElementConstructor> };
}

function warningsDuring(run: () => void): string[] {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: string) => void warnings.push(message);
  try {
    run();
  } finally {
    console.warn = original;
  }
  return warnings;
}

describe('defineElements', () => {
  it('registers all nine tags with the kit’s classes, silently, again and again', () => {
    const target = registry();
    const warnings = warningsDuring(() => {
      defineElements(target);
      defineElements(target);
    });
    expect(warnings).to.deep.equal([]);
    expect([...target.defined.keys()].sort()).to.deep.equal(Object.keys(elements).sort());
    for (const [tag, element] of Object.entries(elements)) expect(target.defined.get(tag)).to.equal(element);
  });

  it('leaves a tag that another copy of the kit registered, silently', () => {
    class OtherCopy extends HTMLElement {}
    Object.defineProperty(OtherCopy, KIT_TAG, { value: 'rpc-select' });
    const target = registry({ 'rpc-select': OtherCopy });
    expect(warningsDuring(() => defineElements(target))).to.deep.equal([]);
    expect(target.defined.get('rpc-select')).to.equal(OtherCopy);
  });

  it('is silent when the page registered the kit’s own class under the tag itself', () => {
    const target = registry({ 'rpc-widget': elements['rpc-widget'] });
    expect(warningsDuring(() => defineElements(target))).to.deep.equal([]);
  });

  it('reports a foreign class under a kit tag once, even one with the same class name', () => {
    // A minifier gives classes short names: a foreign class can share one with the kit's.
    const foreign = { [elements['rpc-confirm'].name]: class extends HTMLElement {} }[
      elements['rpc-confirm'].name
    ];
    if (!foreign) throw new Error('no class');
    const target = registry({ 'rpc-confirm': foreign });
    const warnings = warningsDuring(() => defineElements(target));
    expect(warnings).to.deep.equal([
      "rpc-ui-kit: <rpc-confirm> is already defined by another class; the kit's was not registered.",
    ]);
    expect(target.defined.get('rpc-confirm')).to.equal(foreign);
    expect(target.defined.get('rpc-input')).to.equal(elements['rpc-input']);
  });
});
