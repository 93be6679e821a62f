/**
 * Focus rings (WCAG 1.4.11 non-text contrast, 2.4.7 focus visible, 2.4.11 focus not obscured,
 * toward 2.4.13): in every scene
 * of test/support/kit-scenes.ts, in the light and the dark scheme, each control Tab reaches shows
 * `:focus-visible` with an outline of 2 CSS px or more, whose colour has a contrast of 3:1 or more
 * with each colour next to it, and that nothing around it clips. Where a list keeps focus and
 * names its current option (`aria-activedescendant`), that option's mark is measured the same.
 *
 * What is next to a ring depends on where it is drawn (`outline-offset`): outside the element it
 * lies on the surface behind the element (the ancestors' backgrounds, painted one over another);
 * inside it, on the element's own border or background. Colours are the computed ones, normalised
 * to sRGB (test/support/contrast.ts), the contrast WCAG's relative luminance ratio.
 */
import { expect } from '@open-wc/testing';
import { contrast, flatParent, over, type Rgba, rgba, surface } from '../../support/contrast.js';
import { press } from '../../support/keys.js';
import { controls, deepActive, nameOf, type Scene, SCENES } from '../../support/kit-scenes.js';
import { emulateMedia, resetMedia } from '../../support/media.js';

const MIN_CONTRAST = 3;
const MIN_WIDTH = 2;

const hex = (color: Rgba) =>
  `#${color
    .slice(0, 3)
    .map((c) => Math.round(c).toString(16).padStart(2, '0'))
    .join('')}`;

/** The colour `depth` px inside `element`'s border edge: its border there, else its background. */
function inside(element: Element, depth: number): Rgba {
  const style = getComputedStyle(element);
  const own = surface(element, true);
  const border = Number.parseFloat(style.borderTopWidth);
  if (style.borderTopStyle !== 'none' && depth < border) return over(rgba(style.borderTopColor), own);
  return own;
}

/** What is wrong with `element`'s ring: an empty list when nothing. */
function ringProblems(element: Element, scope: Element): string[] {
  const style = getComputedStyle(element);
  if (style.outlineStyle === 'none' || style.outlineStyle === 'hidden') return ['no outline'];
  if (style.outlineStyle === 'auto') return ["the engine's own ring (outline-style: auto), not the theme's"];
  const problems: string[] = [];
  const width = Number.parseFloat(style.outlineWidth);
  const offset = Number.parseFloat(style.outlineOffset);
  if (width < MIN_WIDTH - 0.01) problems.push(`${width} px thin`);
  const behind = surface(element);
  const ring = over(rgba(style.outlineColor), behind);
  // The ring spans from `offset` to `offset + width` out from the border edge.
  const near = {
    outside: offset + width >= 0 ? behind : inside(element, -(offset + width)),
    inside: offset > 0 ? behind : inside(element, -offset),
  };
  for (const [side, color] of Object.entries(near)) {
    const ratio = contrast(ring, color);
    if (ratio < MIN_CONTRAST) problems.push(`${hex(ring)} on ${hex(color)} (${side}): ${ratio.toFixed(2)}:1`);
  }
  // Drawn whole: no ancestor up to the scene that clips what overflows it cuts the ring off.
  const reach = Math.max(offset + width, 0);
  const box = element.getBoundingClientRect();
  for (let at = flatParent(element); at && at !== scope; at = flatParent(at)) {
    const { overflowX, overflowY } = getComputedStyle(at);
    if (overflowX === 'visible' && overflowY === 'visible') continue;
    const outer = at.getBoundingClientRect();
    const clip = {
      left: outer.left + at.clientLeft,
      top: outer.top + at.clientTop,
      right: outer.left + at.clientLeft + at.clientWidth,
      bottom: outer.top + at.clientTop + at.clientHeight,
    };
    const cut =
      (overflowX !== 'visible' &&
        (box.left - reach < clip.left - 0.5 || box.right + reach > clip.right + 0.5)) ||
      (overflowY !== 'visible' &&
        (box.top - reach < clip.top - 0.5 || box.bottom + reach > clip.bottom + 0.5));
    if (cut) problems.push(`cut off by ${nameOf(at)} (overflow ${overflowX} ${overflowY})`);
  }
  return problems;
}

/** The option a focused list or combobox names as current, if any. */
function activeOption(element: Element): Element | null {
  const id = element.getAttribute('aria-activedescendant');
  return id ? (element.getRootNode() as ShadowRoot | Document).getElementById(id) : null;
}

/**
 * Whether `element`, focused, is hidden from sight (WCAG 2.4.11): off the screen, or entirely
 * under something else drawn over it (a floating notification, a sticky row). Each box of it (a
 * link may wrap) is probed at its middle and near its corners; one point of it in sight will do.
 */
function obscured(element: Element): string[] {
  const root = element.getRootNode() as ShadowRoot | Document;
  const over: string[] = [];
  for (const box of element.getClientRects()) {
    const inset = Math.min(2, box.width / 4, box.height / 4);
    const points = [
      [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ].filter(([x = -1, y = -1]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    for (const [x = 0, y = 0] of points) {
      const hit = root.elementFromPoint(x, y);
      if (hit === element || (hit && element.contains(hit))) return [];
      over.push(hit ? nameOf(hit) : 'nothing');
    }
  }
  return over.length === 0 ? ['off the screen'] : [`hidden under ${[...new Set(over)].join(', ')}`];
}

/** Walk the scene by Tab; each stop's problems, by name. */
async function walk(scene: Scene): Promise<{ stops: string[]; problems: string[]; missed: string[] }> {
  if (!scene.dialog) scene.before.focus();
  const stops: string[] = [];
  const problems: string[] = [];
  const seen = new Set<Element>();
  for (let presses = 0; presses < 80; presses++) {
    await press('Tab');
    // What a person sees: the frame after the key (a floating stack moves off a covered control).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const active = deepActive();
    if (!active || active === scene.after || seen.has(active)) break;
    seen.add(active);
    // The host's own controls (its composer) are the host's to style.
    if (!(active.getRootNode() instanceof ShadowRoot)) continue;
    const name = nameOf(active);
    stops.push(name);
    const found = active.matches(':focus-visible')
      ? ringProblems(active, scene.wrapper)
      : ['not :focus-visible'];
    found.push(...obscured(active));
    const option = activeOption(active);
    if (option)
      found.push(...ringProblems(option, scene.wrapper).map((problem) => `its current option: ${problem}`));
    problems.push(...found.map((problem) => `${name}: ${problem}`));
  }
  // Options, and the radio buttons of a group Tab reached, are reached with the arrow keys: their
  // mark is measured with their list, and is the reached radio button's.
  const groupReached = (control: HTMLElement) =>
    control instanceof HTMLInputElement &&
    control.type === 'radio' &&
    [...seen].some(
      (stop) =>
        stop instanceof HTMLInputElement &&
        stop.type === 'radio' &&
        stop.name === control.name &&
        stop.getRootNode() === control.getRootNode(),
    );
  const missed = controls(scene)
    .filter(
      (control) => !seen.has(control) && control.getAttribute('role') !== 'option' && !groupReached(control),
    )
    .map(nameOf);
  return { stops, problems, missed };
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`focus rings (${scheme})`, () => {
    before(() => emulateMedia({ colorScheme: scheme }));
    after(() => resetMedia());

    for (const [name, show] of SCENES) {
      it(`${name}: a ring of ${MIN_WIDTH} px or more on every control Tab reaches, ${MIN_CONTRAST}:1 against what is next to it, not cut off`, async () => {
        const scene = await show();
        const { stops, problems, missed } = await walk(scene);
        expect(missed, `controls Tab did not reach (stops: ${stops.join(', ')})`).to.deep.equal([]);
        expect(problems, `Tab stops: ${stops.join(', ')}`).to.deep.equal([]);
      });
    }
  });
}
