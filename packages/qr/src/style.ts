import { type Static, type TLiteral, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { contrastRatio, luminanceOfHex, normalizeHex } from './color.js';
import type { ErrorCorrection } from './encode.js';
import { StyleError, type StyleIssue } from './errors.js';
import { missingGlyphs } from './font/text.js';

function hexColor(options: { default?: string; description?: string } = {}) {
  return Type.String({
    pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
    description: 'sRGB colour as #rgb or #rrggbb',
    ...options,
  });
}

const HexColor = hexColor();

export const GradientSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('linear'), Type.Literal('radial')]),
    rotation: Type.Optional(
      Type.Number({ minimum: -360, maximum: 360, default: 0, description: 'degrees, linear only' }),
    ),
    stops: Type.Array(
      Type.Object(
        { offset: Type.Number({ minimum: 0, maximum: 1 }), color: HexColor },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 8 },
    ),
  },
  { additionalProperties: false },
);

const Gradient = Type.Optional(
  Type.Union([GradientSchema, Type.Null()], { default: null, description: 'replaces color when set' }),
);

function literals<T extends TLiteral<string>[]>(variants: [...T], fallback: string, description: string) {
  return Type.Optional(Type.Union(variants, { default: fallback, description }));
}

const L = Type.Literal;

export const DOT_TYPES = ['square', 'rounded', 'dots', 'classy', 'classy-rounded', 'extra-rounded'] as const;
export const CORNER_SQUARE_TYPES = ['square', 'rounded', 'extra-rounded', 'dot'] as const;
export const CORNER_DOT_TYPES = ['square', 'dot'] as const;
export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;

/**
 * Share of the symbol's area a logo may take (cleared modules plus its margin) at the two levels a logo is
 * ever encoded at. A logo raises the level by itself: to Q, and to H when it is over Q's cap (see
 * `effectiveErrorCorrection`). The symbol is also grown to a version where the codewords the logo breaks
 * stay repairable in every block (see logo-fit.ts).
 */
export const LOGO_AREA_CAPS: Readonly<Record<'Q' | 'H', number>> = { Q: 0.15, H: 0.2 };
/** The largest logo: H's cap, and the schema's maximum for `logo.size`. */
export const LOGO_MAX_SIZE = LOGO_AREA_CAPS.H;
const LEVEL_ORDER: readonly ErrorCorrection[] = ['L', 'M', 'Q', 'H'];
/** Least WCAG contrast between every dark colour (each gradient stop) and the background. */
export const MIN_CONTRAST = 3;
export const MIN_MARGIN = 2;

/**
 * The style of a design, as the API, the design tool and stored designs carry it. Every field is optional;
 * `resolveStyle` fills the defaults. `logo.src` is a `data:` URL (PNG, JPEG, WebP or SVG) when rendered;
 * an http(s) URL must be fetched by the server (SSRF guard) and replaced by `logoFromBytes()` first.
 */
export const StyleSchema = Type.Object(
  {
    size: Type.Optional(
      Type.Integer({ minimum: 64, maximum: 4096, default: 512, description: 'width in px' }),
    ),
    margin: Type.Optional(
      Type.Integer({ minimum: MIN_MARGIN, maximum: 20, default: 4, description: 'quiet zone in modules' }),
    ),
    errorCorrection: literals(
      [L('L'), L('M'), L('Q'), L('H')],
      'M',
      'raised to Q when a logo is set, to H for a logo over 15% of the symbol',
    ),
    version: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 40 }), Type.Null()], {
        default: null,
        description: 'fixed symbol version; null picks the smallest that fits',
      }),
    ),
    dots: Type.Optional(
      Type.Object(
        {
          type: literals(
            [L('square'), L('rounded'), L('dots'), L('classy'), L('classy-rounded'), L('extra-rounded')],
            'square',
            'shape of the data modules',
          ),
          color: Type.Optional(hexColor({ default: '#000000' })),
          gradient: Gradient,
        },
        { additionalProperties: false },
      ),
    ),
    cornerSquares: Type.Optional(
      Type.Object(
        {
          type: literals(
            [L('square'), L('rounded'), L('extra-rounded'), L('dot')],
            'square',
            'outer ring of the finder patterns',
          ),
          color: Type.Optional(hexColor({ description: 'defaults to the dots colour' })),
          gradient: Gradient,
        },
        { additionalProperties: false },
      ),
    ),
    cornerDots: Type.Optional(
      Type.Object(
        {
          type: literals([L('square'), L('dot')], 'square', 'centre of the finder patterns'),
          color: Type.Optional(hexColor({ description: 'defaults to the corner squares colour' })),
          gradient: Gradient,
        },
        { additionalProperties: false },
      ),
    ),
    background: Type.Optional(
      Type.Object(
        {
          color: Type.Optional(Type.Union([HexColor, Type.Literal('transparent')], { default: '#ffffff' })),
          gradient: Gradient,
        },
        { additionalProperties: false },
      ),
    ),
    logo: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              src: Type.String({
                minLength: 1,
                maxLength: 3_000_000,
                description:
                  'data: URL (image/png, image/jpeg, image/webp, image/svg+xml), an http(s) URL, or the URL of a stored asset (/api/v1/assets/ast_...)',
              }),
              size: Type.Optional(
                Type.Number({
                  exclusiveMinimum: 0,
                  maximum: LOGO_MAX_SIZE,
                  default: 0.1,
                  description:
                    'share of the symbol area cleared for the logo, its margin included; up to 0.15 encodes at error correction Q, above at H',
                }),
              ),
              margin: Type.Optional(
                Type.Number({
                  minimum: 0,
                  maximum: 4,
                  default: 1,
                  description: 'modules between logo and dots',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { default: null },
      ),
    ),
    frame: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              text: Type.String({
                minLength: 1,
                maxLength: 40,
                description: 'call to action below the symbol',
              }),
              color: Type.Optional(hexColor({ default: '#000000' })),
              gradient: Gradient,
              textColor: Type.Optional(hexColor({ default: '#ffffff' })),
              textGradient: Gradient,
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        { default: null },
      ),
    ),
  },
  { additionalProperties: false, $id: 'QrStyle' },
);

export type StyleInput = Static<typeof StyleSchema>;
export type Gradient = Static<typeof GradientSchema>;
export type DotType = (typeof DOT_TYPES)[number];
export type CornerSquareType = (typeof CORNER_SQUARE_TYPES)[number];
export type CornerDotType = (typeof CORNER_DOT_TYPES)[number];

/** A colour or a gradient, wherever a colour may stand. */
export interface Paint {
  color: string;
  gradient: Gradient | null;
}

export interface ResolvedStyle {
  size: number;
  margin: number;
  errorCorrection: ErrorCorrection;
  version: number | null;
  dots: Paint & { type: DotType };
  cornerSquares: Paint & { type: CornerSquareType };
  cornerDots: Paint & { type: CornerDotType };
  background: Paint & { color: string | 'transparent' };
  logo: { src: string; size: number; margin: number } | null;
  frame: {
    text: string;
    color: string;
    gradient: Gradient | null;
    textColor: string;
    textGradient: Gradient | null;
  } | null;
}

export type ValidationResult = { ok: true; style: ResolvedStyle } | { ok: false; issues: StyleIssue[] };

/**
 * The level a design is encoded at: the requested one, raised with a logo to the lowest of Q and H whose
 * cap holds the logo (H for anything over Q's cap; the schema refuses a logo over H's).
 */
export function effectiveErrorCorrection(
  style: Pick<ResolvedStyle, 'errorCorrection' | 'logo'>,
): ErrorCorrection {
  const requested = style.errorCorrection;
  if (!style.logo) return requested;
  const needed = style.logo.size > LOGO_AREA_CAPS.Q + 1e-9 ? 'H' : 'Q';
  return LEVEL_ORDER.indexOf(requested) > LEVEL_ORDER.indexOf(needed) ? requested : needed;
}

function normalizeGradient(gradient: Gradient | null | undefined): Gradient | null {
  if (!gradient) return null;
  return {
    type: gradient.type,
    rotation: gradient.rotation ?? 0,
    stops: gradient.stops
      .map((stop) => ({ offset: stop.offset, color: normalizeHex(stop.color) }))
      .sort((a, b) => a.offset - b.offset),
  };
}

function paint(
  color: string | undefined,
  gradient: Gradient | null | undefined,
  inherited: Paint,
): { color: string; gradient: Gradient | null } {
  if (color === undefined && gradient === undefined)
    return { color: inherited.color, gradient: inherited.gradient };
  return { color: normalizeHex(color ?? inherited.color), gradient: normalizeGradient(gradient) };
}

function withDefaults(input: StyleInput): ResolvedStyle {
  const dots = paint(input.dots?.color, input.dots?.gradient, { color: '#000000', gradient: null });
  const cornerSquares = paint(input.cornerSquares?.color, input.cornerSquares?.gradient, dots);
  const cornerDots = paint(input.cornerDots?.color, input.cornerDots?.gradient, cornerSquares);
  const backgroundColor = input.background?.color ?? '#ffffff';
  const { logo, frame } = input;
  return {
    size: input.size ?? 512,
    margin: input.margin ?? 4,
    errorCorrection: input.errorCorrection ?? 'M',
    version: input.version ?? null,
    dots: { type: input.dots?.type ?? 'square', ...dots },
    cornerSquares: { type: input.cornerSquares?.type ?? 'square', ...cornerSquares },
    cornerDots: { type: input.cornerDots?.type ?? 'square', ...cornerDots },
    background: {
      color: backgroundColor === 'transparent' ? 'transparent' : normalizeHex(backgroundColor),
      gradient: normalizeGradient(input.background?.gradient),
    },
    logo: logo ? { src: logo.src, size: logo.size ?? 0.1, margin: logo.margin ?? 1 } : null,
    frame: frame
      ? {
          text: frame.text,
          color: normalizeHex(frame.color ?? '#000000'),
          gradient: normalizeGradient(frame.gradient),
          textColor: normalizeHex(frame.textColor ?? '#ffffff'),
          textGradient: normalizeGradient(frame.textGradient),
        }
      : null,
  };
}

function isEnumUnion(schema: TSchema): string[] | null {
  const variants = (schema as { anyOf?: TSchema[] }).anyOf;
  if (!variants?.every((variant) => typeof variant.const === 'string')) return null;
  return variants.map((variant) => variant.const as string);
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

function logoTooLargeMessage(size: number): string {
  return `a logo of ${percent(size)} of the symbol is over the ${percent(LOGO_MAX_SIZE)} maximum (the cap at error correction H); use a size up to ${LOGO_MAX_SIZE}`;
}

/** A schema error that means the design would not scan, rather than a malformed value. */
function unscannableIssue(pointer: string, value: unknown, path: string): StyleIssue | null {
  if (pointer === '/margin' && typeof value === 'number' && value < MIN_MARGIN) {
    return { path, message: `must be at least ${MIN_MARGIN} modules`, reason: 'quiet_zone_too_small' };
  }
  if (pointer === '/logo/size' && typeof value === 'number' && value > LOGO_MAX_SIZE) {
    return { path, message: logoTooLargeMessage(value), reason: 'logo_too_large' };
  }
  return null;
}

/**
 * TypeBox's errors, one per path, with unions of words and nullable objects explained. `at` is the
 * pointer of `value` inside the style, for errors found in a nested object.
 */
function schemaIssues(schema: TSchema, value: unknown, base: string, at = ''): StyleIssue[] {
  const issues: StyleIssue[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const path = `${base}${error.path}`;
    if (seen.has(path)) continue;
    seen.add(path);
    const words = isEnumUnion(error.schema);
    const variants = (error.schema as { anyOf?: TSchema[] }).anyOf;
    const objectVariant = variants?.find((variant) => variant.type === 'object');
    if (words) {
      issues.push({ path, message: `must be one of: ${words.join(', ')}` });
    } else if (objectVariant && typeof error.value === 'object' && error.value !== null) {
      const nested = schemaIssues(objectVariant, error.value, path, `${at}${error.path}`);
      for (const issue of nested) seen.add(issue.path);
      issues.push(...nested);
    } else {
      const unscannable = unscannableIssue(`${at}${error.path}`, error.value, path);
      issues.push(unscannable ?? { path, message: error.message.toLowerCase() });
    }
  }
  return issues;
}

function darkColours(paint: Paint, path: string): Array<{ color: string; path: string }> {
  if (paint.gradient) {
    return paint.gradient.stops.map((stop, i) => ({
      color: stop.color,
      path: `${path}/gradient/stops/${i}/color`,
    }));
  }
  return [{ color: paint.color, path: `${path}/color` }];
}

function contrastIssues(style: ResolvedStyle, base: string): StyleIssue[] {
  // A transparent background is judged as printed or shown on white, where most codes end up.
  const background = style.background.gradient
    ? style.background.gradient.stops.map((stop) => luminanceOfHex(stop.color))
    : [style.background.color === 'transparent' ? 1 : luminanceOfHex(style.background.color)];
  const lightest = Math.min(...background);
  const issues: StyleIssue[] = [];
  const layers: Array<[Paint, string]> = [
    [style.dots, '/dots'],
    [style.cornerSquares, '/cornerSquares'],
    [style.cornerDots, '/cornerDots'],
  ];
  const seen = new Set<string>();
  for (const [layer, layerPath] of layers) {
    for (const { color, path } of darkColours(layer, `${base}${layerPath}`)) {
      const luminance = luminanceOfHex(color);
      const ratio = contrastRatio(luminance, lightest);
      if (luminance < lightest && ratio >= MIN_CONTRAST) continue;
      if (seen.has(path)) continue;
      seen.add(path);
      const message =
        luminance >= lightest
          ? `${color} must be darker than the background (light codes on dark grounds do not scan everywhere)`
          : `contrast ${ratio.toFixed(2)}:1 against the background is below ${MIN_CONTRAST}:1`;
      issues.push({ path, message, reason: 'contrast_too_low' });
    }
  }
  return issues;
}

/**
 * The frame text against the frame, like the dots against the background: every colour of the text
 * (each gradient stop) needs MIN_CONTRAST against every colour of the frame. Light text on a dark frame
 * and dark on light are both fine.
 */
function frameTextContrastIssues(frame: NonNullable<ResolvedStyle['frame']>, base: string): StyleIssue[] {
  const ring = frame.gradient ? frame.gradient.stops.map((stop) => stop.color) : [frame.color];
  const text = frame.textGradient
    ? frame.textGradient.stops.map((stop, i) => ({
        color: stop.color,
        path: `${base}/frame/textGradient/stops/${i}/color`,
      }))
    : [{ color: frame.textColor, path: `${base}/frame/textColor` }];
  const issues: StyleIssue[] = [];
  for (const { color, path } of text) {
    const luminance = luminanceOfHex(color);
    const worst = Math.min(...ring.map((colour) => contrastRatio(luminance, luminanceOfHex(colour))));
    if (worst >= MIN_CONTRAST) continue;
    issues.push({
      path,
      message: `contrast ${worst.toFixed(2)}:1 against the frame is below ${MIN_CONTRAST}:1`,
      reason: 'contrast_too_low',
    });
  }
  return issues;
}

function designIssues(style: ResolvedStyle, base: string): StyleIssue[] {
  const issues = contrastIssues(style, base);
  if (style.logo) {
    // A path on the host is a stored asset (`/api/v1/assets/ast_...`): the server resolves it to bytes.
    if (!/^(data:|https?:\/\/|\/[^/])/i.test(style.logo.src)) {
      issues.push({
        path: `${base}/logo/src`,
        message: 'must be a data: URL, an http(s) URL or an asset URL (/api/v1/assets/ast_...)',
      });
    }
  }
  if (style.frame) {
    const missing = missingGlyphs(style.frame.text);
    if (missing.length > 0) {
      issues.push({
        path: `${base}/frame/text`,
        message: `the frame font cannot draw ${missing.join(', ')}`,
        reason: 'glyph_missing',
      });
    }
    issues.push(...frameTextContrastIssues(style.frame, base));
  }
  return issues;
}

/**
 * Validates a style and fills its defaults. Issues carry JSON pointers under `path` (default `/style`),
 * and a `reason` when the design would not scan (contrast, logo size, quiet zone).
 */
export function validateStyle(input: unknown, path = '/style'): ValidationResult {
  const value = input ?? {};
  if (!Value.Check(StyleSchema, value)) return { ok: false, issues: schemaIssues(StyleSchema, value, path) };
  const style = withDefaults(value);
  const issues = designIssues(style, path);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, style };
}

/** Like `validateStyle`, but throws a `StyleError` (code `invalid_style`) with the issues. */
export function resolveStyle(input: unknown, path = '/style'): ResolvedStyle {
  const result = validateStyle(input, path);
  if (!result.ok) throw new StyleError(result.issues);
  return result.style;
}

export const DEFAULT_STYLE: ResolvedStyle = withDefaults({});
