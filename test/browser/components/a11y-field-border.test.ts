/**
 * Field boundaries (WCAG 1.4.11 non-text contrast): in every scene of test/support/kit-scenes.ts,
 * in the light and the dark scheme, each text field, text area and list box the kit draws shows a
 * border of 1 CSS px or more whose colour has a contrast of 3:1 or more with the surface around
 * the field and with the field's own background: the border is what tells a person where to type.
 */
import { expect } from '@open-wc/testing';
import { contrast, over, rgba, surface } from '../../support/contrast.js';
import { controls, nameOf, SCENES } from '../../support/kit-scenes.js';
import { emulateMedia, resetMedia } from '../../support/media.js';

const MIN_CONTRAST = 3;
const FIELDS = 'input:not([type="checkbox"]):not([type="radio"]), textarea, select';

/** What is wrong with `field`'s border: an empty list when nothing. */
function borderProblems(field: HTMLElement): string[] {
  const style = getComputedStyle(field);
  const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
  const problems: string[] = [];
  for (const side of sides) {
    const width = Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
    const kind = style.getPropertyValue(`border-${side.toLowerCase()}-style`);
    if (kind === 'none' || width < 1) {
      problems.push(`no ${side.toLowerCase()} border`);
      continue;
    }
    const around = surface(field);
    const border = over(rgba(style.getPropertyValue(`border-${side.toLowerCase()}-color`)), around);
    const own = surface(field, true);
    for (const [where, color] of [
      ['around it', around],
      ['inside it', own],
    ] as const) {
      const ratio = contrast(border, color);
      if (ratio < MIN_CONTRAST) problems.push(`border ${where}: ${ratio.toFixed(2)}:1`);
    }
  }
  return [...new Set(problems)];
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`field borders (${scheme})`, () => {
    before(() => emulateMedia({ colorScheme: scheme }));
    after(() => resetMedia());

    // A test a scene, as the other criteria's: each within its own time on a busy machine.
    let fields = 0;
    for (const [name, show] of SCENES) {
      it(`${name}: every field has a border of ${MIN_CONTRAST}:1 against what is around and inside it`, async () => {
        const scene = await show();
        const problems: string[] = [];
        for (const field of controls(scene).filter((control) => control.matches(FIELDS))) {
          fields++;
          problems.push(...borderProblems(field).map((problem) => `${nameOf(field)}: ${problem}`));
        }
        expect(problems).to.deep.equal([]);
      });
    }

    it("found the fields: the input, the editor, the select's filter, the sign-in code and the provider list", () => {
      expect(fields).to.be.at.least(5);
    });
  });
}
