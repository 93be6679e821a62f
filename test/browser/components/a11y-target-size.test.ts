/**
 * Target size (WCAG 2.5.8, minimum): in every scene of test/support/kit-scenes.ts, each target a
 * pointer can use (a button, field, link, disclosure, option, and a status item, whose full text
 * shows on hover) is at least 24×24 CSS px, or else, by the criterion's spacing exception, a
 * circle of 24 px across centred on it meets no other target, nor the circle of another small one.
 *
 * A box that scrolls and takes Tab only to be scrolled by keys (the conversation, a list, a long
 * title or body) is no target of its own: it holds the targets, measured whole (scrolling brings
 * all of one into view), but a box that clips without scrolling leaves a target only what it
 * shows. A link in a sentence (the links after a sign-in's message) is left out, as the
 * criterion leaves it: its height is the line's.
 */
import { expect } from '@open-wc/testing';
import { flatParent } from '../../support/contrast.js';
import { controls, nameOf, type Scene, SCENES } from '../../support/kit-scenes.js';

const MIN = 24;
const TARGETS = 'button, input, textarea, select, a[href], summary, [role="option"], li[part~="item"]';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * The box of `element` a pointer can reach: cut to what its clipping ancestors (overflow hidden or
 * clip) show; whole inside a box that scrolls, which brings all of it into view (null when it is
 * scrolled out of view, or nothing of it shows).
 */
function reachableBox(element: Element): Box | null {
  let box: Box = element.getBoundingClientRect();
  for (let at = flatParent(element); at; at = flatParent(at)) {
    const style = getComputedStyle(at);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const outer = at.getBoundingClientRect();
    const left = outer.left + at.clientLeft;
    const top = outer.top + at.clientTop;
    const view = { left, top, right: left + at.clientWidth, bottom: top + at.clientHeight };
    if (/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) {
      if (
        box.right <= view.left ||
        box.left >= view.right ||
        box.bottom <= view.top ||
        box.top >= view.bottom
      )
        return null;
      continue;
    }
    box = {
      left: style.overflowX === 'visible' ? box.left : Math.max(box.left, view.left),
      right: style.overflowX === 'visible' ? box.right : Math.min(box.right, view.right),
      top: style.overflowY === 'visible' ? box.top : Math.max(box.top, view.top),
      bottom: style.overflowY === 'visible' ? box.bottom : Math.min(box.bottom, view.bottom),
    };
    if (box.right - box.left <= 0 || box.bottom - box.top <= 0) return null;
  }
  return box;
}

/**
 * Whether `element` is a link in a sentence, which the criterion leaves out ("the size of the
 * target is constrained by the line-height of non-target text"): shown inline, in a block whose
 * text is more than its links'.
 */
function inSentence(element: Element): boolean {
  if (element.localName !== 'a' || getComputedStyle(element).display !== 'inline') return false;
  let block = flatParent(element);
  while (block && getComputedStyle(block).display.startsWith('inline')) block = flatParent(block);
  const links = [...(block?.querySelectorAll('a') ?? [])].map((a) => a.textContent ?? '').join('');
  const all = block?.textContent ?? '';
  return all.replace(/\s+/g, '').length > links.replace(/\s+/g, '').length;
}

/** Whether a circle of `radius` around (x, y) meets `box`. */
function meets(x: number, y: number, radius: number, box: Box): boolean {
  const dx = Math.max(box.left - x, 0, x - box.right);
  const dy = Math.max(box.top - y, 0, y - box.bottom);
  return dx * dx + dy * dy < radius * radius - 0.01;
}

/** The targets of `scene` too small and too close to others, with why. */
function crowded(scene: Scene): { targets: number; problems: string[] } {
  const targets = controls(scene)
    .filter((control) => control.matches(TARGETS))
    .map((element) => ({ element, box: reachableBox(element) }))
    .filter((target): target is { element: HTMLElement; box: Box } => target.box !== null);
  const small = targets.filter(
    ({ box }) => box.right - box.left < MIN - 0.01 || box.bottom - box.top < MIN - 0.01,
  );
  const centre = ({ box }: { box: Box }) => [(box.left + box.right) / 2, (box.top + box.bottom) / 2] as const;
  const problems: string[] = [];
  for (const target of small) {
    if (inSentence(target.element)) continue;
    const [x, y] = centre(target);
    const size = `${(target.box.right - target.box.left).toFixed(1)}×${(target.box.bottom - target.box.top).toFixed(1)}`;
    for (const other of targets) {
      if (other === target) continue;
      const [ox, oy] = centre(other);
      const otherSmall = small.includes(other);
      if (meets(x, y, MIN / 2, other.box) || (otherSmall && Math.hypot(x - ox, y - oy) < MIN - 0.01))
        problems.push(`${nameOf(target.element)} (${size} px): too close to ${nameOf(other.element)}`);
    }
  }
  return { targets: targets.length, problems };
}

describe('target size (WCAG 2.5.8)', () => {
  for (const [name, show] of SCENES) {
    it(`${name}: every target ${MIN}×${MIN} px, or a ${MIN} px circle on it clear of the others`, async () => {
      const scene = await show();
      const { targets, problems } = crowded(scene);
      expect(targets, 'targets measured').to.be.at.least(1);
      expect(problems).to.deep.equal([]);
    });
  }
});
