/**
 * Target URL templates: `{slug}`, `{country}`, `{lang}` and `{query.NAME}` are replaced by the
 * scan's values, URL-encoded. A template is parsed once into literal text and placeholders.
 */

export type Placeholder =
  | { readonly kind: 'slug' }
  | { readonly kind: 'country' }
  | { readonly kind: 'lang' }
  | { readonly kind: 'query'; readonly name: string };

export type TemplatePart = string | Placeholder;

export interface TemplateValues {
  slug: string;
  country: string | null;
  lang: string | null;
  query: URLSearchParams;
}

export type TemplateProblem = { readonly at: number; readonly message: string };

const PLACEHOLDER = /\{([^{}]*)\}/g;
export const TEMPLATE_NAMES = ['{slug}', '{country}', '{lang}', '{query.NAME}'] as const;

function toPlaceholder(name: string): Placeholder | null {
  if (name === 'slug' || name === 'country' || name === 'lang') return { kind: name };
  if (name.startsWith('query.') && name.length > 'query.'.length) {
    return { kind: 'query', name: name.slice('query.'.length) };
  }
  return null;
}

/** Splits a template into literal text and placeholders; problems name each unknown placeholder. */
export function parseTemplate(template: string): { parts: TemplatePart[]; problems: TemplateProblem[] } {
  const parts: TemplatePart[] = [];
  const problems: TemplateProblem[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const at = match.index;
    if (at > last) parts.push(template.slice(last, at));
    const placeholder = toPlaceholder(match[1] as string);
    if (placeholder) {
      parts.push(placeholder);
    } else {
      problems.push({
        at,
        message: `has an unknown placeholder ${match[0]} (known: ${TEMPLATE_NAMES.join(', ')})`,
      });
      parts.push(match[0]);
    }
    last = at + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  const stray = /[{}]/.exec(parts.filter((p): p is string => typeof p === 'string').join(''));
  if (stray && problems.length === 0) {
    problems.push({ at: template.indexOf(stray[0]), message: `has an unmatched "${stray[0]}"` });
  }
  return { parts, problems };
}

export function hasPlaceholders(parts: readonly TemplatePart[]): boolean {
  return parts.some((part) => typeof part !== 'string');
}

function placeholderValue(placeholder: Placeholder, values: TemplateValues): string {
  switch (placeholder.kind) {
    case 'slug':
      return values.slug;
    case 'country':
      return values.country ?? '';
    case 'lang':
      return values.lang ?? '';
    case 'query':
      return values.query.get(placeholder.name) ?? '';
  }
}

/** Fills a parsed template; every substituted value is URL-encoded, so it cannot add a path, query or host. */
export function fillTemplate(parts: readonly TemplatePart[], values: TemplateValues): string {
  let out = '';
  for (const part of parts) {
    out += typeof part === 'string' ? part : encodeURIComponent(placeholderValue(part, values));
  }
  return out;
}

function placeholderText(placeholder: Placeholder): string {
  return placeholder.kind === 'query' ? `{query.${placeholder.name}}` : `{${placeholder.kind}}`;
}

/**
 * A checked template in the form we store: its literal text in WHATWG serialisation (punycode
 * host, percent-encoded path, query and fragment), its placeholders kept. Each placeholder
 * stands in as a marker of lower-case letters and digits while the URL is serialised, which
 * no part of a URL changes.
 */
export function normalizeUrlTemplate(template: string): string {
  const { parts } = parseTemplate(template);
  let marker = 'rqph';
  while (template.toLowerCase().includes(marker)) marker += 'q';
  const placeholders: string[] = [];
  const sample = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      placeholders.push(placeholderText(part));
      return `${marker}${placeholders.length - 1}z`;
    })
    .join('');
  const href = new URL(sample).href;
  return href.replace(new RegExp(`${marker}(\\d+)z`, 'g'), (_m, i: string) => placeholders[Number(i)] ?? '');
}
