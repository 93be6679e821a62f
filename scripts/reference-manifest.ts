/**
 * The part of the custom elements manifest the reference shows, read from what `cem analyze`
 * produces (custom-elements-manifest.config.mjs) without writing custom-elements.json.
 */
import { cli } from '@custom-elements-manifest/analyzer/cli.js';

export interface Named {
  readonly name: string;
  readonly description?: string;
  readonly type?: { readonly text?: string };
  readonly default?: string;
}

export interface Member extends Named {
  readonly kind: 'field' | 'method';
  readonly privacy?: 'public' | 'private' | 'protected';
  readonly static?: boolean;
  readonly readonly?: boolean;
  readonly attribute?: string;
  readonly parameters?: readonly Named[];
}

export interface Attribute extends Named {
  readonly fieldName?: string;
}

export interface ElementDoc {
  readonly tagName: string;
  readonly name: string;
  readonly summary?: string;
  readonly description?: string;
  readonly members?: readonly Member[];
  readonly attributes?: readonly Attribute[];
  readonly events?: readonly Named[];
  readonly slots?: readonly Named[];
  readonly cssParts?: readonly Named[];
  readonly cssProperties?: readonly Named[];
}

interface Manifest {
  readonly modules: readonly {
    readonly declarations?: readonly (Partial<ElementDoc> & { readonly customElement?: boolean })[];
  }[];
}

function isManifest(value: unknown): value is Manifest {
  return typeof value === 'object' && value !== null && Array.isArray((value as Manifest).modules);
}

/** Every custom element of the manifest, by tag name. */
export function elementsOf(manifest: unknown): ElementDoc[] {
  if (!isManifest(manifest)) throw new Error('Not a custom elements manifest.');
  const elements: ElementDoc[] = [];
  for (const mod of manifest.modules)
    for (const d of mod.declarations ?? [])
      if (d.customElement && d.tagName && d.name) elements.push({ ...d, tagName: d.tagName, name: d.name });
  return elements.sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** Analyze the sources, as `npm run analyze` does, and return the manifest. */
export function analyze(cwd: string): Promise<unknown> {
  return cli({ argv: ['analyze', '--quiet'], cwd, noWrite: true });
}
