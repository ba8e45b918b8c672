import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { pngPixels, renderPng } from './node.js';
import { SHORT_URL } from './test-support/fixtures.js';

function size(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('renderPng', () => {
  it('renders from 64 to 4096 px wide', () => {
    expect(size(renderPng(SHORT_URL, { size: 64 }))).toEqual([64, 64]);
    expect(size(renderPng(SHORT_URL, { size: 4096 }))).toEqual([4096, 4096]);
    expect(() => renderPng(SHORT_URL, { size: 5000 })).toThrow(
      expect.objectContaining({ code: 'invalid_style' }),
    );
  });

  it('keeps a transparent background transparent', () => {
    const png = renderPng(SHORT_URL, { size: 128, background: { color: 'transparent' } });
    const wrapper = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><image width="128" height="128" href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
    // Drawn on nothing, the quiet zone has no alpha; composited on white, it is white.
    expect(new Resvg(wrapper).render().pixels.readUInt8(3)).toBe(0);
    expect([...pngPixels(png).data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
  });

  it('is taller than wide with a frame, by the text band', () => {
    const [width, height] = size(renderPng(SHORT_URL, { size: 300, frame: { text: 'Scan me' } }));
    expect(width).toBe(300);
    expect(height).toBeGreaterThan(300);
  });
});
