import { verifyPng, verifySvg } from '@rq/qr/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { discPng } from '../helpers/png.js';

/** The public renderer (POST /api/v1/render) on the items of issue 10, section 2. */
describe('POST /api/v1/render', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' });
  });
  afterAll(() => t.close());

  const render = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/render', payload: body });
  const logo = (size: number) => ({
    src: `data:image/png;base64,${discPng(64).toString('base64')}`,
    size,
  });

  it('renders a margin of exactly 2 modules, the documented minimum', async () => {
    const data = 'https://example.com/p/5?q=123456789';
    const style = {
      size: 512,
      margin: 2,
      errorCorrection: 'M',
      dots: { type: 'dots', color: '#2a28cc' },
      cornerSquares: { type: 'extra-rounded', color: '#2e6faa' },
      cornerDots: { type: 'square', color: '#0d1c44' },
      background: { color: '#ffffff' },
    };
    const png = await render({ data, format: 'png', style });
    expect(png.statusCode, png.body).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await verifyPng(png.rawPayload, data)).toEqual({ ok: true, text: data });
    const three = await render({ data, format: 'png', style: { ...style, margin: 3 } });
    expect(three.statusCode).toBe(200);
    const one = await render({ data, style: { ...style, margin: 1 } });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors[0].path).toBe('/body/style/margin');
  });

  it('raises error correction for a logo by itself: 12% and 18% at the default level render', async () => {
    for (const size of [0.12, 0.18]) {
      const answer = await render({ data: 'https://rq.codes/logo', style: { logo: logo(size) } });
      expect(answer.statusCode, `${size}: ${answer.body}`).toBe(200);
      expect(answer.body).toContain('href="data:image/png;base64,');
      expect(await verifySvg(answer.body, 'https://rq.codes/logo')).toMatchObject({ ok: true });
    }
    const over = await render({ data: 'https://rq.codes/logo', style: { logo: logo(0.25) } });
    expect(over.statusCode).toBe(400);
    // The accepted range is the schema's: up to H's cap, named in the answer.
    expect(over.json().errors[0]).toMatchObject({ path: '/body/style/logo/size' });
    expect(over.json().errors[0].message).toContain('0.2');
  });

  it('draws frame text in Polish, Greek and Cyrillic; refuses a character it cannot draw by name', async () => {
    const text = 'Zeskanuj mnie łódź Σάρωσε Скануй';
    const framed = await render({ data: 'frame', style: { frame: { text } } });
    expect(framed.statusCode, framed.body).toBe(200);

    const missing = await render({ data: 'frame', style: { frame: { text: 'Scan 我' } } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'unprocessable',
      reason: 'glyph_missing',
      errors: [{ path: '/body/style/frame/text', message: 'the frame font cannot draw "我" (U+6211)' }],
    });
  });

  it('checks the frame text contrast like the dots', async () => {
    const faint = await render({
      data: 'frame',
      style: { frame: { text: 'Scan me', color: '#111111', textColor: '#333333' } },
    });
    expect(faint.statusCode).toBe(422);
    expect(faint.json()).toMatchObject({
      code: 'unscannable_design',
      reason: 'contrast_too_low',
      errors: [
        { path: '/body/style/frame/textColor', message: 'contrast 1.49:1 against the frame is below 3:1' },
      ],
    });
  });

  it('holds inline logos to the asset limits: 413 over 512 KiB, 415 for a non-image', async () => {
    const oversized = Buffer.concat([discPng(8).subarray(0, 8), Buffer.alloc(518 * 1024)]);
    const large = await render({
      data: 'logo',
      style: { logo: { src: `data:image/png;base64,${oversized.toString('base64')}` } },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().errors).toEqual([{ path: '/body/style/logo/src', message: 'is over 512 KiB' }]);
    const text = await render({
      data: 'logo',
      style: { logo: { src: `data:text/plain;base64,${Buffer.from('hi').toString('base64')}` } },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');
    const asset = await render({ data: 'logo', style: { logo: { src: '/api/v1/assets/ast_x' } } });
    expect(asset.statusCode).toBe(400);
    expect(asset.json().errors[0]).toEqual({
      path: '/body/style/logo/src',
      message: 'must be a data: URL here',
    });
  });
});
