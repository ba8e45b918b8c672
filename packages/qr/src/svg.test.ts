import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { QrError, StyleError } from './errors.js';
import { outlineText } from './font/text.js';
import { bytesOfDataUrl, logoFromBytes, logoImage, sniffLogoType } from './logo.js';
import { validateStyle } from './style.js';
import { renderSvg } from './svg.js';
import {
  activeOrExternalContent,
  HOSTILE_SVG,
  pngLogo,
  pngLogoDataUrl,
  SHORT_URL,
  svgLogoDataUrl,
} from './test-support/fixtures.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

describe('renderSvg', () => {
  it('draws a standalone, compact document: one path per layer, no rect per module', () => {
    const svg = renderSvg(SHORT_URL, { size: 300 });
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = parser.parse(svg).svg;
    expect(doc.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(doc.width).toBe('300');
    expect(doc.viewBox).toBe('0 0 33 33');
    expect(doc.path).toHaveLength(4);
    expect(svg).not.toContain('<rect');
    expect(svg.length).toBeLessThan(4000);
    expect(activeOrExternalContent(svg)).toEqual([]);
  });

  it('references gradients without quotes and with its own id prefix', () => {
    const gradient = {
      type: 'radial',
      stops: [
        { offset: 0, color: '#1e3a8a' },
        { offset: 1, color: '#000000' },
      ],
    };
    const svg = renderSvg(SHORT_URL, { dots: { gradient } }, { idPrefix: 'card7' });
    expect(svg).toContain('fill="url(#card7-dots)"');
    expect(svg).toContain('<radialGradient id="card7-dots"');
    expect(svg).not.toMatch(/url\(['"]/);
  });

  it('leaves the background out when it is transparent', () => {
    const svg = renderSvg(SHORT_URL, { background: { color: 'transparent' } });
    expect(parser.parse(svg).svg.path).toHaveLength(3);
  });

  it('draws the frame text as paths in the embedded font, no <text>', () => {
    const svg = renderSvg(SHORT_URL, { frame: { text: 'Scan me', color: '#111111', textColor: '#ffffff' } });
    expect(svg).not.toContain('<text');
    expect(svg).toContain(outlineText('Scan me').d);
    const doc = parser.parse(svg).svg;
    expect(Number(doc.height)).toBeGreaterThan(Number(doc.width));
  });

  it('draws every letter of Polish, Greek and Cyrillic frame text, none left out', () => {
    const text = 'Łódź · Σάρωσε · Скануй ґ';
    const outline = outlineText(text);
    // Each letter adds its own outline: the text is not the same drawing with a letter dropped.
    for (let i = 0; i < text.length; i++) {
      const shorter = outlineText(text.slice(0, i) + text.slice(i + 1));
      expect(shorter.width, text[i]).toBeLessThan(outline.width);
    }
    expect(outline.d.match(/M/g)?.length).toBeGreaterThanOrEqual(text.replace(/ /g, '').length);
    expect(renderSvg(SHORT_URL, { frame: { text } })).toContain(outline.d);
    expect(() => outlineText('Scan 我')).toThrow(StyleError);
  });

  it('embeds a sanitised SVG logo and refuses to fetch URLs', () => {
    const svg = renderSvg(SHORT_URL, { logo: { src: svgLogoDataUrl(), size: 0.1 } });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('<image');
    expect(activeOrExternalContent(svg)).toEqual([]);
    expect(() => renderSvg(SHORT_URL, { logo: { src: 'https://example.com/logo.png' } })).toThrow(
      expect.objectContaining({ code: 'logo_fetch_required' }),
    );
  });

  it('clears the modules under the logo', () => {
    const plain = renderSvg(SHORT_URL, { errorCorrection: 'H' });
    const withLogo = renderSvg(SHORT_URL, {
      errorCorrection: 'H',
      logo: { src: pngLogoDataUrl(), size: 0.2 },
    });
    expect(withLogo.length).toBeGreaterThan(plain.length);
    expect(withLogo).toContain('href="data:image/png;base64,');
  });
});

describe('logos', () => {
  it('sniffs types by their bytes', () => {
    expect(sniffLogoType(pngLogo())).toBe('image/png');
    expect(sniffLogoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffLogoType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffLogoType(new TextEncoder().encode(HOSTILE_SVG))).toBe('image/svg+xml');
    expect(sniffLogoType(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('removes scripts, handlers, foreign objects and external references from SVG logos', () => {
    const href = logoFromBytes(new TextEncoder().encode(HOSTILE_SVG));
    const svg = Buffer.from(href.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(activeOrExternalContent(svg)).toEqual([]);
    expect(svg).toContain('<circle');
    expect(svg).toContain('.a { fill: #2563eb }');
    expect(svg).not.toContain('evil.example');
  });

  it('gives logo bytes ready to store: the sniffed type, SVG sanitised, raster bytes untouched', () => {
    const png = pngLogo();
    expect(logoImage(png)).toEqual({ type: 'image/png', bytes: png });
    const svg = logoImage(new TextEncoder().encode(HOSTILE_SVG));
    expect(svg.type).toBe('image/svg+xml');
    expect(activeOrExternalContent(new TextDecoder().decode(svg.bytes))).toEqual([]);
    expect(Buffer.from(bytesOfDataUrl(logoFromBytes(png)))).toEqual(png);
  });

  it('takes an asset URL in a style but draws only bytes: the server resolves it first', () => {
    const logo = { src: '/api/v1/assets/ast_01jdx0000000000000000000000' };
    expect(validateStyle({ logo }).ok).toBe(true);
    expect(() => renderSvg(SHORT_URL, { logo })).toThrow(
      expect.objectContaining({ code: 'logo_fetch_required' }),
    );
    const refused = validateStyle({ logo: { src: 'logo.png' } });
    expect(refused.ok ? [] : refused.issues.map((issue) => issue.path)).toEqual(['/style/logo/src']);
  });

  it('refuses bytes that are no image', () => {
    expect(() => logoFromBytes(new TextEncoder().encode('hello'))).toThrow(QrError);
    expect(() => renderSvg(SHORT_URL, { logo: { src: 'data:image/png;base64,aGVsbG8=' } })).toThrow(
      expect.objectContaining({ code: 'invalid_logo' }),
    );
  });
});
