/**
 * The design in the page's URL (`?design=`), so a link opens the same design. An uploaded logo (a data:
 * URL, up to megabytes) does not fit a link and is left out; a logo URL stays.
 */
import { validateStyle } from '@rq/qr';
import {
  CONTENT_EXAMPLES,
  DEFAULT_TOOL_STYLE,
  type DesignState,
  type ToolFrame,
  type ToolLogo,
  type ToolStyle,
} from './designState';

export const DESIGN_PARAM = 'design';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** Whether the state's logo can travel in a link. */
export function logoFitsLink(style: ToolStyle): boolean {
  return !style.logo?.src.startsWith('data:');
}

export function encodeDesign(state: DesignState): string {
  const style = logoFitsLink(state.style) ? state.style : { ...state.style, logo: null };
  return toBase64Url(JSON.stringify({ c: state.content, s: style }));
}

/**
 * The design a link holds, or null when it holds none or a broken one. The style passes through the
 * API's schema (so a hand-edited link cannot break the controls); its scannability is judged live.
 */
export function decodeDesign(param: string | null): DesignState | null {
  if (!param) return null;
  try {
    const parsed = JSON.parse(fromBase64Url(param)) as { c?: { kind?: string }; s?: unknown };
    const kind = parsed.c?.kind;
    if (!kind || !(kind in CONTENT_EXAMPLES)) return null;
    const content = {
      ...CONTENT_EXAMPLES[kind as keyof typeof CONTENT_EXAMPLES],
      ...parsed.c,
    } as DesignState['content'];
    return { content, style: toolStyleOf(parsed.s) };
  } catch {
    return null;
  }
}

/**
 * Any style the API accepts (a stored code's or a link's), every field spelled out for the controls.
 * Fields it leaves out take the API's defaults; a style that fails the schema gives the tool's default.
 */
export function toolStyleOf(input: unknown): ToolStyle {
  const result = validateStyle(input);
  if (result.ok) {
    const { version: _version, ...style } = result.style;
    return style as ToolStyle;
  }
  // A design that would not scan still opens, so the user can fix it: only malformed values fall back.
  const malformed = result.issues.some((issue) => issue.reason === undefined);
  if (malformed) return DEFAULT_TOOL_STYLE;
  const given = input as { [K in keyof ToolStyle]?: Partial<NonNullable<ToolStyle[K]>> | null } & Record<
    string,
    unknown
  >;
  const base = DEFAULT_TOOL_STYLE;
  return {
    ...base,
    ...(given as Partial<Pick<ToolStyle, 'size' | 'margin' | 'errorCorrection'>>),
    dots: { ...base.dots, ...given.dots },
    cornerSquares: { ...base.cornerSquares, ...given.cornerSquares },
    cornerDots: { ...base.cornerDots, ...given.cornerDots },
    background: { ...base.background, ...given.background },
    logo: given.logo ? ({ size: 0.1, margin: 1, ...given.logo } as ToolLogo) : null,
    frame: given.frame
      ? ({
          color: '#000000',
          gradient: null,
          textColor: '#ffffff',
          textGradient: null,
          ...given.frame,
        } as ToolFrame)
      : null,
  };
}
