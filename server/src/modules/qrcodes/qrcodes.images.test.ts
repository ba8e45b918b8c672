import { describe, expect, it } from 'vitest';
import { applyImageOverrides, ImageRenderer, type RenderedImage, styleProblem } from './qrcodes.images.js';
import { negotiate } from './qrcodes.routes.js';

describe('answer format', () => {
  it('takes ?format first, then the best of Accept, JSON by default', () => {
    expect(negotiate(undefined, undefined)).toBe('json');
    expect(negotiate('png', 'application/json')).toBe('png');
    expect(negotiate(undefined, 'image/svg+xml')).toBe('svg');
    expect(negotiate(undefined, 'image/png, application/json;q=0.5')).toBe('png');
    expect(negotiate(undefined, 'application/json, image/png;q=0.5')).toBe('json');
    expect(negotiate(undefined, 'text/html, */*;q=0.8')).toBe('json');
    expect(negotiate(undefined, 'image/png;q=abc')).toBe('json');
    expect(negotiate(undefined, 'image/*')).toBe('svg');
  });
});

describe('image overrides', () => {
  it('lays flat query values over the stored style without changing it', () => {
    const stored = {
      size: 512,
      dots: { type: 'rounded', gradient: { type: 'linear', stops: [] } },
      frame: { text: 'Scan me' },
    };
    const style = applyImageOverrides(stored, {
      size: 256,
      dotsColor: '#123456',
      cornerDotsType: 'dot',
      backgroundColor: 'transparent',
      frameText: 'Menu',
    });
    expect(style).toEqual({
      size: 256,
      dots: { type: 'rounded', color: '#123456', gradient: null },
      cornerDots: { type: 'dot' },
      background: { color: 'transparent', gradient: null },
      frame: { text: 'Menu' },
    });
    expect(stored.size).toBe(512);
    expect(stored.dots).not.toHaveProperty('color');
  });
});

describe('style problems', () => {
  it('makes unscannable designs a 422 with the reason, malformed ones a 400', () => {
    const unscannable = styleProblem([
      { path: '/body/style/dots/color', message: 'contrast 1.2:1', reason: 'contrast_too_low' },
    ]);
    expect(unscannable.status).toBe(422);
    expect(unscannable.toBody()).toMatchObject({ code: 'unscannable_design', reason: 'contrast_too_low' });
    const malformed = styleProblem([{ path: '/body/style/size', message: 'must be <= 4096' }]);
    expect(malformed.status).toBe(400);
    expect(malformed.toBody().errors).toEqual([{ path: '/body/style/size', message: 'must be <= 4096' }]);
  });
});

describe('the image cache', () => {
  const paths = { data: '/body/data', style: '/body/style' };
  const style = { size: 600 };
  const draw = (renderer: ImageRenderer, data: string): Promise<RenderedImage> =>
    renderer.render(data, style, 'png', paths);

  it('keeps a design it drew, and evicts the oldest once the images pass the byte bound', async () => {
    const roomy = new ImageRenderer({ maxEntries: 64, maxBytes: 32 * 1024 * 1024 });
    const first = await draw(roomy, 'https://example.com/first');
    const second = await draw(roomy, 'https://example.com/second');
    expect(await draw(roomy, 'https://example.com/first')).toBe(first);

    // Room for either image, not for both: drawing the second pushes the first out.
    const bytes = first.body.length + second.body.length - 1;
    const tight = new ImageRenderer({ maxEntries: 64, maxBytes: bytes });
    const firstAgain = await draw(tight, 'https://example.com/first');
    expect(await draw(tight, 'https://example.com/first')).toBe(firstAgain);
    const secondAgain = await draw(tight, 'https://example.com/second');
    expect(await draw(tight, 'https://example.com/second')).toBe(secondAgain);
    const redrawn = await draw(tight, 'https://example.com/first');
    expect(redrawn).not.toBe(firstAgain);
    expect(redrawn).toEqual(firstAgain);
  });
});
