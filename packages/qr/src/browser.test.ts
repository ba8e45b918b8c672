import { describe, expect, it } from 'vitest';
import * as qr from './index.js';

/** The browser entry on its own: no Node built-ins, and no decoder until one is configured. */
describe('@rq/qr (browser entry)', () => {
  it('exports rendering and validation but nothing that needs Node', () => {
    expect(typeof qr.renderSvg).toBe('function');
    expect(typeof qr.validateStyle).toBe('function');
    expect('renderPng' in qr).toBe(false);
  });

  it('refuses to verify before it is told where the wasm is, instead of fetching it', async () => {
    const image = { data: new Uint8ClampedArray(4 * 32 * 32).fill(255), width: 32, height: 32 };
    await expect(qr.verify(image, 'x')).rejects.toMatchObject({ code: 'verifier_not_configured' });
  });

  it('states the capacity when rendering data that does not fit', () => {
    expect(() => qr.renderSvg('x'.repeat(1700), { errorCorrection: 'H' })).toThrow(
      expect.objectContaining({ code: 'data_too_long', capacity: 1273 }),
    );
  });
});
