/**
 * Text spacing (WCAG 1.4.12): with the spacing the criterion names (line height 1.5, paragraphs
 * 2 em apart, letters 0.12 em and words 0.16 em), put into the page and into every shadow root of
 * the kit as a user's style sheet or bookmarklet would, in every scene of
 * test/support/kit-scenes.ts nothing is lost: no box that hides what overflows it (overflow
 * hidden or clip) has more in it than it shows, and every button's label stays inside the
 * button, and the button inside what clips it. Boxes that scroll (overflow auto or scroll: the
 * conversation, a dialog's body, a list, the status bar) lose nothing; they scroll.
 */
import { expect } from '@open-wc/testing';
import { flatParent } from '../../support/contrast.js';
import { deepElements, nameOf, type Scene, SCENES, settled, shadowRoots } from '../../support/kit-scenes.js';

/** The spacing of WCAG 1.4.12, as the usual bookmarklet writes it. */
const SPACING = `
  * {
    line-height: 1.5 !important;
    letter-spacing: 0.12em !important;
    word-spacing: 0.16em !important;
  }
  p {
    margin-block-end: 2em !important;
  }
`;

/** Put the spacing into the page and into every shadow root of the scene; returns how to take it out. */
function applySpacing(scene: Scene): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SPACING);
  const targets: (Document | ShadowRoot)[] = [document, ...shadowRoots(scene.wrapper)];
  for (const target of targets) target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
  return () => {
    for (const target of targets)
      target.adoptedStyleSheets = target.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}

const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
/** Hidden on purpose: read by screen readers only (`.visually-hidden`, an empty notice). */
const hiddenOnPurpose = (element: Element) =>
  getComputedStyle(element).clipPath.startsWith('inset(50%') || element.classList.contains('visually-hidden');

/** The boxes in the scene that hide part of what they hold. */
function clipped(scene: Scene): string[] {
  const found: string[] = [];
  for (const element of deepElements(scene.wrapper)) {
    if (element.getClientRects().length === 0 || hiddenOnPurpose(element)) continue;
    const style = getComputedStyle(element);
    const wide = clips(style.overflowX) ? element.scrollWidth - element.clientWidth : 0;
    const tall = clips(style.overflowY) ? element.scrollHeight - element.clientHeight : 0;
    if (wide > 1 || tall > 1)
      found.push(
        `${nameOf(element)}: ${Math.max(wide, 0)} px wider, ${Math.max(tall, 0)} px taller than it shows`,
      );
  }
  return found;
}

/** The buttons whose label leaves the button, or that a box that clips (and does not scroll) cuts. */
function cutButtons(scene: Scene): string[] {
  const found: string[] = [];
  const buttons = deepElements(scene.wrapper).filter(
    (element) => element.localName === 'button' && element.getClientRects().length > 0,
  );
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const label = range.getBoundingClientRect();
    if (
      label.width > 0 &&
      (label.left < box.left - 1 ||
        label.right > box.right + 1 ||
        label.top < box.top - 1 ||
        label.bottom > box.bottom + 1)
    )
      found.push(`${nameOf(button)}: its label leaves it`);
    // Up to the box that scrolls it into view, if any: what is beyond clips that box, not it.
    for (let at = flatParent(button); at && at !== scene.wrapper; at = flatParent(at)) {
      const style = getComputedStyle(at);
      if (/auto|scroll/.test(`${style.overflowX} ${style.overflowY}`)) break;
      const outer = at.getBoundingClientRect();
      const [left, top] = [outer.left + at.clientLeft, outer.top + at.clientTop];
      const cutX = clips(style.overflowX) && (box.left < left - 1 || box.right > left + at.clientWidth + 1);
      const cutY = clips(style.overflowY) && (box.top < top - 1 || box.bottom > top + at.clientHeight + 1);
      if (cutX || cutY) found.push(`${nameOf(button)}: cut by ${nameOf(at)}`);
    }
  }
  return found;
}

describe('text spacing (WCAG 1.4.12)', () => {
  for (const [name, show] of SCENES) {
    it(`${name}: nothing is cut off with the criterion's spacing`, async () => {
      const scene = await show();
      expect(clipped(scene), 'cut off before the spacing').to.deep.equal([]);
      const remove = applySpacing(scene);
      try {
        await settled(scene.wrapper);
        // Check that it took: a button's letters are spaced now.
        const button = deepElements(scene.wrapper).find((element) => element.localName === 'button');
        expect(button && getComputedStyle(button).letterSpacing, 'the spacing applied').not.to.equal(
          'normal',
        );
        expect(clipped(scene), 'cut off').to.deep.equal([]);
        expect(cutButtons(scene), 'buttons').to.deep.equal([]);
      } finally {
        remove();
      }
    });
  }
});
