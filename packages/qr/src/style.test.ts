import { describe, expect, it } from 'vitest';
import { StyleError } from './errors.js';
import {
  DEFAULT_STYLE,
  effectiveErrorCorrection,
  LOGO_AREA_CAPS,
  LOGO_MAX_SIZE,
  resolveStyle,
  StyleSchema,
  validateStyle,
} from './style.js';

function issuesOf(input: unknown) {
  const result = validateStyle(input);
  if (result.ok) throw new Error('expected the style to be refused');
  return result.issues;
}

describe('style', () => {
  it('fills the defaults of PRODUCT.md §2', () => {
    expect(DEFAULT_STYLE).toMatchObject({
      size: 512,
      margin: 4,
      errorCorrection: 'M',
      dots: { type: 'square', color: '#000000', gradient: null },
      background: { color: '#ffffff' },
      logo: null,
      frame: null,
    });
  });

  it('lets corners inherit the dots colour unless they set their own', () => {
    const style = resolveStyle({ dots: { color: '#1E3A8A' }, cornerDots: { color: '#333' } });
    expect(style.cornerSquares.color).toBe('#1e3a8a');
    expect(style.cornerDots.color).toBe('#333333');
  });

  it('reports unknown words with their field path and the allowed values', () => {
    const issues = issuesOf({ dots: { type: 'hearts' } });
    expect(issues).toEqual([
      {
        path: '/style/dots/type',
        message: 'must be one of: square, rounded, dots, classy, classy-rounded, extra-rounded',
      },
    ]);
  });

  it('reports problems inside a nullable logo or frame at their own path', () => {
    expect(issuesOf({ logo: { src: 'data:image/png;base64,AA', size: 2 } })[0]?.path).toBe(
      '/style/logo/size',
    );
    expect(issuesOf({ frame: { text: '' } })[0]?.path).toBe('/style/frame/text');
    expect(issuesOf({ dots: { gradient: { type: 'linear', stops: [] } } })[0]?.path).toBe(
      '/style/dots/gradient/stops',
    );
  });

  it('takes another base path for the issues', () => {
    expect(validateStyle({ size: 10 }, '/design').ok).toBe(false);
    expect(issuesOf({ size: 10 })[0]?.path).toBe('/style/size');
    const result = validateStyle({ size: 10 }, '/design');
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual(['/design/size']);
  });

  it('refuses a margin under 2 modules as a quiet zone too small', () => {
    for (const margin of [0, 1]) {
      expect(issuesOf({ margin })).toEqual([
        expect.objectContaining({ path: '/style/margin', reason: 'quiet_zone_too_small' }),
      ]);
    }
    expect(validateStyle({ margin: 2 }).ok).toBe(true);
  });

  it('refuses a contrast of 1.2:1 with the path of the colour', () => {
    // #d3d3d3 on white is 1.5:1, #e6e6e6 is 1.2:1.
    const issues = issuesOf({ dots: { color: '#e6e6e6' } });
    expect(issues[0]).toMatchObject({ path: '/style/dots/color', reason: 'contrast_too_low' });
    expect(issues[0]?.message).toContain('1.2');
  });

  it('checks every gradient stop against the background, and light codes on dark grounds', () => {
    const gradient = {
      type: 'linear',
      stops: [
        { offset: 0, color: '#000000' },
        { offset: 1, color: '#eeeeee' },
      ],
    };
    expect(issuesOf({ dots: { gradient } })[0]?.path).toBe('/style/dots/gradient/stops/1/color');
    const inverted = issuesOf({ dots: { color: '#ffffff' }, background: { color: '#000000' } });
    expect(inverted[0]?.message).toContain('darker than the background');
  });

  it('judges a transparent background as white', () => {
    expect(validateStyle({ background: { color: 'transparent' } }).ok).toBe(true);
    expect(issuesOf({ background: { color: 'transparent' }, dots: { color: '#eeeeee' } })[0]?.reason).toBe(
      'contrast_too_low',
    );
  });

  it('raises the level with a logo by itself: to Q, and to H for a logo over 15%', () => {
    const logo = { src: 'data:image/png;base64,AA', size: 0.12 };
    const level = (input: unknown) => effectiveErrorCorrection(resolveStyle(input));
    // Issue 10: a 12% logo at the default level M was a 422; M is raised to Q, whose cap is 15%.
    expect(validateStyle({ logo }).ok).toBe(true);
    expect(level({ logo })).toBe('Q');
    expect(level({ errorCorrection: 'L', logo: { ...logo, size: 0.05 } })).toBe('Q');
    expect(level({ errorCorrection: 'Q', logo: { ...logo, size: 0.15 } })).toBe('Q');
    expect(level({ errorCorrection: 'M', logo: { ...logo, size: 0.16 } })).toBe('H');
    expect(level({ errorCorrection: 'H', logo: { ...logo, size: 0.05 } })).toBe('H');
    expect(level({ errorCorrection: 'L' })).toBe('L');
    expect(validateStyle({ errorCorrection: 'L', logo: { ...logo, size: 0.2 } }).ok).toBe(true);
  });

  it("takes logos up to H's cap, the schema maximum; a larger one is unscannable and names the maximum", () => {
    expect(LOGO_MAX_SIZE).toBe(LOGO_AREA_CAPS.H);
    expect(StyleSchema.properties.logo.anyOf[0]?.properties.size.maximum).toBe(LOGO_MAX_SIZE);
    const over = issuesOf({ errorCorrection: 'H', logo: { src: 'data:image/png;base64,AA', size: 0.25 } });
    expect(over).toEqual([
      {
        path: '/style/logo/size',
        message:
          'a logo of 25% of the symbol is over the 20% maximum (the cap at error correction H); use a size up to 0.2',
        reason: 'logo_too_large',
      },
    ]);
  });

  it('marks only the quiet zone, not the logo margin, as a quiet zone too small', () => {
    const logo = { src: 'data:image/png;base64,AA', margin: 5 };
    expect(issuesOf({ logo })).toEqual([{ path: '/style/logo/margin', message: expect.any(String) }]);
  });

  it('draws frame text in Latin Extended, Greek and Cyrillic (issue 10)', () => {
    for (const text of [
      'Zeskanuj mnie, łódź',
      'Naskenujte mě, čšřžůě',
      'Scanați-mă: ș ț ă î',
      'Σάρωσέ με ΑΩ',
      'Отсканируй меня Ёё',
      'Скануй мене: ґ є ї',
      'Quét tôi: ế ộ ữ',
      'Scannez-moi • Jetzt scannen €',
    ]) {
      expect(validateStyle({ frame: { text } }), text).toMatchObject({ ok: true });
    }
    // A letter typed with a combining accent is the composed letter the font has.
    expect(validateStyle({ frame: { text: 'Cafe\u0301 ł' } }).ok).toBe(true);
  });

  it('refuses frame text the embedded font cannot draw, naming each character and its code point', () => {
    expect(issuesOf({ frame: { text: 'Scan 我 😀 我' } })).toEqual([
      {
        path: '/style/frame/text',
        message: 'the frame font cannot draw "我" (U+6211), "😀" (U+1F600)',
        reason: 'glyph_missing',
      },
    ]);
    // Invisible characters are named too, never drawn as nothing.
    expect(issuesOf({ frame: { text: 'Scan\u200bme' } })[0]?.message).toBe(
      'the frame font cannot draw "\u200b" (U+200B)',
    );
  });

  it('checks the frame text against the frame like the dots against the background', () => {
    const issues = issuesOf({ frame: { text: 'Scan me', color: '#111111', textColor: '#333333' } });
    expect(issues).toEqual([
      {
        path: '/style/frame/textColor',
        message: 'contrast 1.49:1 against the frame is below 3:1',
        reason: 'contrast_too_low',
      },
    ]);
    expect(validateStyle({ frame: { text: 'Scan me', color: '#ffffff', textColor: '#111111' } }).ok).toBe(
      true,
    );
    const textGradient = {
      type: 'linear',
      stops: [
        { offset: 0, color: '#ffffff' },
        { offset: 1, color: '#222222' },
      ],
    };
    expect(issuesOf({ frame: { text: 'Scan me', textGradient } })[0]).toMatchObject({
      path: '/style/frame/textGradient/stops/1/color',
      reason: 'contrast_too_low',
    });
  });

  it('throws a StyleError with the issues from resolveStyle', () => {
    expect(() => resolveStyle({ margin: 0 })).toThrow(StyleError);
  });

  it('exports a JSON schema with defaults for the API', () => {
    expect(StyleSchema.properties.margin.minimum).toBe(2);
    expect(StyleSchema.properties.margin.default).toBe(4);
    expect(JSON.parse(JSON.stringify(StyleSchema)).properties.dots.properties.type.anyOf).toHaveLength(6);
  });
});
