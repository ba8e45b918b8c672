/**
 * The design tool's state: what the code holds (one static kind, or a URL) and the style, every field
 * spelled out so each has a control. The style is exactly what the API takes (API.md "Style").
 */
import {
  type CornerDotType,
  type CornerSquareType,
  type DotType,
  type ErrorCorrection,
  encodeStaticData,
  type Gradient,
} from '@rq/qr';
import type { StaticData, StaticKind } from '@site/src/lib/qr/staticData';

export interface ToolPaint {
  color: string;
  gradient: Gradient | null;
}

export interface ToolLogo {
  /** A data: URL (an upload), an http(s) URL, or a stored asset's URL (a code's logo). */
  src: string;
  size: number;
  margin: number;
}

export interface ToolFrame {
  text: string;
  color: string;
  gradient: Gradient | null;
  textColor: string;
  textGradient: Gradient | null;
}

export interface ToolStyle {
  size: number;
  margin: number;
  errorCorrection: ErrorCorrection;
  dots: ToolPaint & { type: DotType };
  cornerSquares: ToolPaint & { type: CornerSquareType };
  cornerDots: ToolPaint & { type: CornerDotType };
  background: ToolPaint;
  logo: ToolLogo | null;
  frame: ToolFrame | null;
}

export interface DesignState {
  content: StaticData;
  style: ToolStyle;
}

/** The first content of each kind, and what a kind's form keeps when the user switches away and back. */
export const CONTENT_EXAMPLES: Readonly<Record<StaticKind, StaticData>> = {
  url: { kind: 'url', url: 'https://rq.codes' },
  text: { kind: 'text', text: 'Hello from RQ Codes' },
  email: { kind: 'email', to: 'hello@example.com', subject: 'Hello', body: '' },
  phone: { kind: 'phone', number: '+49 30 1234567' },
  sms: { kind: 'sms', number: '+49 30 1234567', message: 'Table 12 would like the bill' },
  wifi: { kind: 'wifi', ssid: 'Cafe Guest', password: 'correct horse', encryption: 'WPA', hidden: false },
  vcard: {
    kind: 'vcard',
    name: 'Jane Doe',
    org: 'RQ Codes',
    phone: '+49 30 1234567',
    email: 'jane@example.com',
  },
  geo: { kind: 'geo', lat: 52.520008, lng: 13.404954 },
};

const INK = '#111111';

export const DEFAULT_TOOL_STYLE: ToolStyle = {
  size: 300,
  margin: 4,
  errorCorrection: 'M',
  dots: { type: 'rounded', color: INK, gradient: null },
  cornerSquares: { type: 'extra-rounded', color: INK, gradient: null },
  cornerDots: { type: 'dot', color: INK, gradient: null },
  background: { color: '#ffffff', gradient: null },
  logo: null,
  frame: null,
};

export const DEFAULT_DESIGN: DesignState = { content: CONTENT_EXAMPLES.url, style: DEFAULT_TOOL_STYLE };

export interface Preset {
  name: string;
  /** Laid over the current style: the content, size and logo stay. */
  style: Omit<ToolStyle, 'size' | 'logo'>;
}

const solid = (color: string): ToolPaint => ({ color, gradient: null });

/** The default look without its size and logo, which a preset leaves as the user set them. */
const { size: _defaultSize, logo: _defaultLogo, ...DEFAULT_LOOK } = DEFAULT_TOOL_STYLE;

export const PRESETS: readonly Preset[] = [
  {
    name: 'Classic',
    style: {
      margin: 4,
      errorCorrection: 'M',
      dots: { type: 'square', ...solid('#000000') },
      cornerSquares: { type: 'square', ...solid('#000000') },
      cornerDots: { type: 'square', ...solid('#000000') },
      background: solid('#ffffff'),
      frame: null,
    },
  },
  {
    name: 'Soft ink',
    style: DEFAULT_LOOK,
  },
  {
    name: 'Indigo gradient',
    style: {
      margin: 4,
      errorCorrection: 'Q',
      dots: {
        type: 'dots',
        color: '#3730a3',
        gradient: {
          type: 'linear',
          rotation: 45,
          stops: [
            { offset: 0, color: '#3730a3' },
            { offset: 1, color: '#6d28d9' },
          ],
        },
      },
      cornerSquares: { type: 'extra-rounded', ...solid('#312e81') },
      cornerDots: { type: 'dot', ...solid('#312e81') },
      background: solid('#ffffff'),
      frame: null,
    },
  },
  {
    name: 'Forest on cream',
    style: {
      margin: 4,
      errorCorrection: 'M',
      dots: { type: 'classy-rounded', ...solid('#14532d') },
      cornerSquares: { type: 'rounded', ...solid('#14532d') },
      cornerDots: { type: 'square', ...solid('#166534') },
      background: solid('#fefce8'),
      frame: null,
    },
  },
  {
    name: 'Scan me frame',
    style: {
      margin: 3,
      errorCorrection: 'M',
      dots: { type: 'extra-rounded', ...solid('#0f172a') },
      cornerSquares: { type: 'extra-rounded', ...solid('#0f172a') },
      cornerDots: { type: 'dot', ...solid('#0f172a') },
      background: solid('#ffffff'),
      frame: { text: 'Scan me', color: '#4f46e5', gradient: null, textColor: '#ffffff', textGradient: null },
    },
  },
  {
    name: 'Sunset radial',
    style: {
      margin: 4,
      errorCorrection: 'M',
      dots: {
        type: 'classy',
        color: '#7c2d12',
        gradient: {
          type: 'radial',
          rotation: 0,
          stops: [
            { offset: 0, color: '#9a3412' },
            { offset: 1, color: '#4c0519' },
          ],
        },
      },
      cornerSquares: { type: 'dot', ...solid('#4c0519') },
      cornerDots: { type: 'dot', ...solid('#9a3412') },
      background: solid('#ffffff'),
      frame: null,
    },
  },
];

/** The text the symbol encodes. */
export function encodedText(content: StaticData): string {
  return encodeStaticData(content);
}

/** The style with the logo's `src` replaced by the bytes the browser has for it (data: URL), to draw. */
export function drawableStyle(style: ToolStyle, logoBytes: ReadonlyMap<string, string>): ToolStyle {
  if (!style.logo || style.logo.src.startsWith('data:')) return style;
  const drawable = logoBytes.get(style.logo.src);
  return drawable ? { ...style, logo: { ...style.logo, src: drawable } } : style;
}

/** The content as the code manager's create form takes it: a URL makes a dynamic code, the rest static. */
export function codeContent(
  content: StaticData,
): { mode: 'redirect'; target: string } | { mode: 'static'; data: StaticData } {
  return content.kind === 'url'
    ? { mode: 'redirect', target: content.url }
    : { mode: 'static', data: content };
}
