/** Colour checks for the browser tests: what a computed colour is, and how readable on another. */

/** The channels of a computed `rgb()` colour. */
export const channels = (color: string) => (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);

/** The WCAG contrast ratio of two sRGB colours. */
export function contrast(a: readonly number[], b: readonly number[]): number {
  const luminance = (rgb: readonly number[]) => {
    const [r = 0, g = 0, bl = 0] = rgb.map((c) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}
