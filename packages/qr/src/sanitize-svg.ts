import { XMLBuilder, XMLParser } from 'fast-xml-parser';

/**
 * Logo SVGs come from users. We keep drawing elements only: no scripts, no event handlers, no foreign
 * objects, no animation (it can rewrite links), and no reference that leaves the document.
 */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'title',
  'desc',
  'style',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

const RASTER_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=\s]*$/;
const LOCAL_URL = /url\(\s*(['"]?)#[^)'"]*\1\s*\)/g;

const options = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
} as const;

const parser = new XMLParser(options);
const builder = new XMLBuilder({ ...options, suppressEmptyNode: true });

type XmlNode = Record<string, unknown>;

/** True when the CSS or attribute text could reach outside the document or run code. */
function reachesOutside(text: string): boolean {
  const withoutLocal = text.replace(LOCAL_URL, '');
  return /url\(|@import|expression\(|javascript:|behavior\s*:|-moz-binding/i.test(withoutLocal);
}

function sanitizeCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .split('}')
    .filter((rule) => rule.trim() !== '' && !reachesOutside(rule))
    .map((rule) => `${rule}}`)
    .join('');
}

function sanitizeAttributes(tag: string, attributes: Record<string, string>): Record<string, string> | null {
  const clean: Record<string, string> = {};
  for (const [name, raw] of Object.entries(attributes)) {
    const value = String(raw);
    const lower = name.toLowerCase();
    if (lower.startsWith('on') || lower === 'xml:base') continue;
    if (lower === 'href' || lower.endsWith(':href')) {
      if (value.startsWith('#') && tag !== 'image') clean[name] = value;
      else if (tag === 'image' && RASTER_DATA_URL.test(value)) clean[name] = value;
      continue;
    }
    if (lower === 'style') {
      const declarations = value.split(';').filter((part) => !reachesOutside(part));
      if (declarations.length > 0) clean[name] = declarations.join(';');
      continue;
    }
    if (reachesOutside(value)) continue;
    clean[name] = value;
  }
  // An image without an embedded raster would be a reference to somewhere else.
  if (tag === 'image' && !Object.keys(clean).some((name) => name.toLowerCase().endsWith('href'))) return null;
  return clean;
}

function textOf(nodes: XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string' || typeof node['#text'] === 'number') text += String(node['#text']);
    else if (Array.isArray(node['#cdata'])) text += textOf(node['#cdata'] as XmlNode[]);
  }
  return text;
}

function sanitizeNodes(nodes: XmlNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    const tag = Object.keys(node).find((key) => key !== ':@');
    if (tag === undefined) continue;
    if (tag === '#text') {
      out.push(node);
      continue;
    }
    // A link's drawing stays; the link goes.
    if (tag === 'a') {
      out.push(...sanitizeNodes(node[tag] as XmlNode[]));
      continue;
    }
    if (!ALLOWED_ELEMENTS.has(tag)) continue;
    const attributes = sanitizeAttributes(tag, (node[':@'] as Record<string, string> | undefined) ?? {});
    if (attributes === null) continue;
    const children = node[tag] as XmlNode[];
    const content = tag === 'style' ? [{ '#text': sanitizeCss(textOf(children)) }] : sanitizeNodes(children);
    const clean: XmlNode = { [tag]: content };
    if (Object.keys(attributes).length > 0) clean[':@'] = attributes;
    out.push(clean);
  }
  return out;
}

/** Returns a standalone, inert SVG document, or null when the text is not an SVG document. */
export function sanitizeSvg(source: string): string | null {
  let tree: XmlNode[];
  try {
    // A logo needs no DTD; its entities could only point elsewhere or blow up in size.
    tree = parser.parse(source.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')) as XmlNode[];
  } catch {
    return null;
  }
  const root = sanitizeNodes(tree).find((node) => 'svg' in node);
  if (!root) return null;
  const attributes = (root[':@'] as Record<string, string> | undefined) ?? {};
  root[':@'] = { ...attributes, xmlns: 'http://www.w3.org/2000/svg' };
  return builder.build([root]) as string;
}
