/**
 * A string whose words depend on a number, one form per plural category of its language (see
 * `Intl.PluralRules`): English has `one` and `other`, Arabic all six, Japanese `other` only.
 * `other` is the form any missing category falls back to.
 */
export type PluralText = { readonly other: string } & {
  readonly [category in Exclude<Intl.LDMLPluralRule, 'other'>]?: string;
};

/** A string with a `{count}`: one string for every number, or a form per plural category. */
export type CountedText = string | PluralText;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, lang: string, make: (lang: string) => T): T {
  let value = cache.get(lang);
  if (value === undefined) cache.set(lang, (value = make(lang)));
  return value;
}

/** The form of `text` for `count` in `lang`'s plural rules. */
export function pluralForm(text: CountedText, count: number, lang: string): string {
  if (typeof text === 'string') return text;
  const category = cached(pluralRules, lang, (tag) => new Intl.PluralRules(tag)).select(count);
  return text[category] ?? text.other;
}

/**
 * Fill `{name}` placeholders; a number is written as `lang` writes numbers. A plural text takes
 * the form `values.count` calls for in `lang`.
 */
export function format(
  template: CountedText,
  values: Readonly<Record<string, string | number>>,
  lang = 'en',
): string {
  const { count } = values;
  const text =
    typeof count === 'number'
      ? pluralForm(template, count, lang)
      : typeof template === 'string'
        ? template
        : template.other;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    return typeof value === 'number'
      ? cached(numberFormats, lang, (tag) => new Intl.NumberFormat(tag)).format(value)
      : value;
  });
}
