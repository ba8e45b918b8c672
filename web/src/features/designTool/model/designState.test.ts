import { describe, expect, it } from 'vitest';
import {
  CONTENT_EXAMPLES,
  codeContent,
  DEFAULT_DESIGN,
  DEFAULT_TOOL_STYLE,
  drawableStyle,
  encodedText,
  PRESETS,
} from './designState';

describe('what a design becomes as a code', () => {
  it('makes a URL a redirecting code and every other kind a static one', () => {
    expect(codeContent({ kind: 'url', url: 'https://example.com/menu' })).toEqual({
      mode: 'redirect',
      target: 'https://example.com/menu',
    });
    const wifi = CONTENT_EXAMPLES.wifi;
    expect(codeContent(wifi)).toEqual({ mode: 'static', data: wifi });
  });

  it('encodes static data as the text a phone reads', () => {
    expect(encodedText({ kind: 'text', text: 'Hello' })).toBe('Hello');
    expect(encodedText({ kind: 'phone', number: '+49 30 1234567' })).toMatch(/^tel:\+49/);
    expect(
      encodedText({ kind: 'wifi', ssid: 'Cafe', password: 'pw', encryption: 'WPA', hidden: false }),
    ).toMatch(/^WIFI:.*S:Cafe;/);
  });

  it('starts with an example URL in the default style', () => {
    expect(DEFAULT_DESIGN.content).toEqual(CONTENT_EXAMPLES.url);
    expect(DEFAULT_DESIGN.style).toBe(DEFAULT_TOOL_STYLE);
  });
});

describe('the logo the preview draws', () => {
  const withLogo = (src: string) => ({ ...DEFAULT_TOOL_STYLE, logo: { src, size: 0.2, margin: 4 } });

  it("swaps a logo's URL for the bytes the browser fetched", () => {
    const bytes = new Map([['https://cdn.example/logo.png', 'data:image/png;base64,AAAA']]);
    const drawn = drawableStyle(withLogo('https://cdn.example/logo.png'), bytes);
    expect(drawn.logo?.src).toBe('data:image/png;base64,AAAA');
    expect(drawn.logo?.size).toBe(0.2);
  });

  it('keeps an upload, a style without a logo and a logo not fetched yet as they are', () => {
    const upload = withLogo('data:image/svg+xml,<svg/>');
    expect(drawableStyle(upload, new Map())).toBe(upload);
    expect(drawableStyle(DEFAULT_TOOL_STYLE, new Map())).toBe(DEFAULT_TOOL_STYLE);
    const pending = withLogo('https://cdn.example/other.png');
    expect(drawableStyle(pending, new Map())).toBe(pending);
  });
});

describe('the presets', () => {
  it('have distinct names and leave the size and the logo to the user', () => {
    const names = PRESETS.map((preset) => preset.name);
    expect(new Set(names).size).toBe(names.length);
    for (const preset of PRESETS) {
      expect(preset.style).not.toHaveProperty('logo');
      expect(preset.style).not.toHaveProperty('size');
    }
  });
});
