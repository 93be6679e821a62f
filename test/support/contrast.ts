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

/** A colour's sRGB channels (0–255) and alpha (0–1). */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

let canvas: CanvasRenderingContext2D | null | undefined;

/**
 * Any computed CSS colour as sRGB channels and alpha: `rgb()`/`rgba()` and `color(srgb …)` read
 * directly, anything else (an engine's `oklch()`, `lab()`, a system colour) drawn on a 1×1 canvas
 * and read back.
 */
export function rgba(color: string): Rgba {
  const text = color.trim();
  const numbers = (list: string) => list.split(/[\s,/]+/).filter(Boolean);
  const rgb = /^rgba?\(([^)]*)\)$/.exec(text);
  if (rgb?.[1]) {
    const [r = 0, g = 0, b = 0, a = '1'] = numbers(rgb[1]);
    const alpha = a.endsWith('%') ? Number.parseFloat(a) / 100 : Number.parseFloat(a);
    return [Number.parseFloat(`${r}`), Number.parseFloat(`${g}`), Number.parseFloat(`${b}`), alpha];
  }
  const srgb = /^color\(srgb ([^)]*)\)$/.exec(text);
  if (srgb?.[1]) {
    const [r = '0', g = '0', b = '0', a = '1'] = numbers(srgb[1]);
    return [
      Number.parseFloat(r) * 255,
      Number.parseFloat(g) * 255,
      Number.parseFloat(b) * 255,
      Number.parseFloat(a),
    ];
  }
  canvas ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!canvas) throw new Error(`Cannot read the colour ${color}: no canvas.`);
  canvas.clearRect(0, 0, 1, 1);
  canvas.fillStyle = '#000';
  canvas.fillStyle = text;
  canvas.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

/** `top` painted over the opaque `bottom` (source-over, in sRGB as browsers blend). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [
    top[0] * a + bottom[0] * (1 - a),
    top[1] * a + bottom[1] * (1 - a),
    top[2] * a + bottom[2] * (1 - a),
    1,
  ];
}

/** The parent of `element` in the flat tree (a slot, a shadow root's host), or null at the top. */
export function flatParent(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The opaque colour `element`'s own background shows on, or with `self`, its background over
 * that: each background from it up the flat tree painted over the next, down to the page's
 * canvas (white where nothing paints it).
 */
export function surface(element: Element, self = false): Rgba {
  const layers: Rgba[] = [];
  for (let at = self ? element : flatParent(element); at; at = flatParent(at)) {
    const layer = rgba(getComputedStyle(at).backgroundColor);
    if (layer[3] > 0) layers.push(layer);
    if (layer[3] >= 1) break;
  }
  if (layers.at(-1)?.[3] !== 1) layers.push([255, 255, 255, 1]);
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
}
