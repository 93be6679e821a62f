import { type CSSResult, unsafeCSS } from 'lit';

/**
 * A custom property whose neutral colour depends on the colour scheme: `value` with `%` where that
 * colour goes (after the theme's and VS Code's properties), `light` and `dark` the colour.
 */
export type SchemeColor = readonly [name: string, value: string, light: string, dark: string];

/**
 * Declare `colors` on `selector`: through `light-dark()`, which follows the element's
 * `color-scheme` (the page's choice, VS Code's theme); where a browser does not know it (Chrome
 * and Edge before 123, Firefox before 120, Safari before 17.5), by the system's
 * `prefers-color-scheme` instead, so no colour is ever lost. From the kit's own constants only.
 */
export function schemeColors(selector: string, colors: readonly SchemeColor[]): CSSResult {
  const rule = (pick: (light: string, dark: string) => string) =>
    `${selector} {${colors.map(([name, value, light, dark]) => `${name}: ${value.replace('%', pick(light, dark))};`).join('')}}`;
  return unsafeCSS(`${rule((light) => light)}
@media (prefers-color-scheme: dark) {${rule((_, dark) => dark)}}
@supports (color: light-dark(#000, #fff)) {${rule((light, dark) => `light-dark(${light}, ${dark})`)}}`);
}
