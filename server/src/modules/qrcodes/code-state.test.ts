import { describe, expect, it } from 'vitest';
import { type CodeState, dataPathOf, mergeCodePatch, payloadOf } from './code-state.js';
import { NO_CONTROLS } from './link-controls.js';

const redirect: CodeState = {
  mode: 'redirect',
  slug: 'menu',
  hostKey: '',
  target: 'https://example.com/',
  data: null,
  exec: null,
  style: { size: 300, dots: { type: 'rounded', color: '#111111' } },
  title: 'Menu',
  tags: ['a'],
  enabled: true,
  controls: {
    ...NO_CONTROLS,
    expiresAt: Date.parse('2027-01-01T00:00:00Z'),
    utm: { source: 'qr', medium: 'print' },
  },
};

describe('a code state under a merge patch', () => {
  it('keeps what the patch leaves out, merges the style, and null clears', () => {
    const after = mergeCodePatch(redirect, {
      style: { dots: { color: '#222222' } },
      title: null,
      tags: [' b ', 'b'],
    });
    expect(after).toMatchObject({
      target: 'https://example.com/',
      style: { size: 300, dots: { type: 'rounded', color: '#222222' } },
      title: null,
      tags: ['b'],
    });
    expect(mergeCodePatch(redirect, { style: null }).style).toEqual({});
  });

  it('drops the old mode fields on a change of mode, and a new static kind starts from nothing', () => {
    const asText = mergeCodePatch(redirect, { mode: 'static', data: { kind: 'text', text: 'hi' } });
    expect(asText).toMatchObject({
      mode: 'static',
      target: null,
      exec: null,
      data: { kind: 'text', text: 'hi' },
    });
    const asUrl = mergeCodePatch(asText, { data: { kind: 'url', url: 'https://e.example/' } });
    expect(asUrl.data).toEqual({ kind: 'url', url: 'https://e.example/' });
  });

  it('says what the symbol encodes and which field to shorten when it is too long', () => {
    expect(payloadOf(redirect, 'https://rq.link')).toBe('https://rq.link/menu');
    expect(payloadOf({ ...redirect, hostKey: 'qr.example.com' }, 'https://rq.link')).toBe(
      'https://qr.example.com/menu',
    );
    const text = mergeCodePatch(redirect, { mode: 'static', data: { kind: 'text', text: 'hi' } });
    expect(payloadOf(text, 'https://rq.link')).toBe('hi');
    expect(dataPathOf(text)).toBe('/body/data/text');
    expect(dataPathOf({ mode: 'static', data: { kind: 'wifi', ssid: 'x', encryption: 'nopass' } })).toBe(
      '/body/data',
    );
    expect(dataPathOf(redirect)).toBe('/body/slug');
  });
});

describe('link controls under a merge patch', () => {
  it('keeps what the patch leaves out, merges utm field by field, and null clears', () => {
    const after = mergeCodePatch(redirect, {
      maxScans: 10,
      utm: { medium: null, campaign: ' launch ' },
      activeFrom: '2026-12-01T09:00:00+01:00',
    });
    expect(after.controls).toMatchObject({
      activeFrom: Date.parse('2026-12-01T08:00:00Z'),
      expiresAt: Date.parse('2027-01-01T00:00:00Z'),
      maxScans: 10,
      utm: { source: 'qr', campaign: 'launch' },
    });
    expect(mergeCodePatch(after, { utm: { source: null, campaign: null } }).controls.utm).toBeNull();
  });

  it('drops the controls when the code becomes static', () => {
    const after = mergeCodePatch(redirect, { mode: 'static', data: { kind: 'text', text: 'hi' } });
    expect(after.controls).toEqual(NO_CONTROLS);
  });
});
