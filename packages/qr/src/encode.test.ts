import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { capacityOf, encode } from './encode.js';
import { DataTooLongError, QrError } from './errors.js';

const LEVELS = ['L', 'M', 'Q', 'H'] as const;

function inputs(): string[] {
  const list = ['https://rq.codes/a', '0123456789012345', 'HELLO WORLD 42', 'mixed 123 ABC abc ~!'];
  for (let i = 0; i < 40; i++) list.push(`https://example.com/${'path-segment/'.repeat(i)}?q=${i * 7919}`);
  return list;
}

describe('encode', () => {
  it('gives exactly the symbol QRCode.create() gives, mask included', () => {
    for (const text of inputs()) {
      for (const level of LEVELS) {
        const reference = QRCode.create(text, { errorCorrectionLevel: level });
        const ours = encode(text, { errorCorrection: level });
        expect(ours.version).toBe(reference.version);
        expect(ours.mask).toBe(reference.maskPattern);
        expect(Buffer.compare(Buffer.from(ours.modules), Buffer.from(reference.modules.data))).toBe(0);
      }
    }
  });

  it('writes text beyond ASCII as UTF-8 behind an ECI header (designator 26), which decoders read exactly', async () => {
    const { renderVerified } = await import('./node.js');
    for (const text of ['Zoë Łukasz café', 'Grüße aus Köln — 😀', `東京 ${'ü'.repeat(300)}`]) {
      for (const errorCorrection of LEVELS) {
        const { verification } = await renderVerified(text, { errorCorrection, size: 2048 });
        expect(verification, `${errorCorrection}: ${text.slice(0, 12)}`).toEqual({ ok: true, text });
      }
    }
    // The header costs 12 bits: the capacity in bytes is 2 fewer than node-qrcode's byte mode.
    expect(() => encode('é'.repeat(1000), { errorCorrection: 'H' })).toThrow(DataTooLongError);
    expect(() => encode('é'.repeat(4), { errorCorrection: 'M', version: 1 })).not.toThrow();
    expect(() => encode('é'.repeat(7), { errorCorrection: 'M', version: 1 })).toThrow(DataTooLongError);
  });

  it('uses a fixed version when asked', () => {
    const matrix = encode('https://rq.codes/a', { errorCorrection: 'H', version: 7 });
    expect(matrix.version).toBe(7);
    expect(matrix.size).toBe(45);
    const reference = QRCode.create('https://rq.codes/a', { errorCorrectionLevel: 'H', version: 7 });
    expect(matrix.mask).toBe(reference.maskPattern);
  });

  it('states the capacity when the data is too long for the level', () => {
    const text = 'x'.repeat(2400);
    expect(() => encode(text, { errorCorrection: 'M' })).toThrow(DataTooLongError);
    try {
      encode(text, { errorCorrection: 'M' });
    } catch (error) {
      expect(error).toBeInstanceOf(DataTooLongError);
      const tooLong = error as DataTooLongError;
      expect(tooLong.code).toBe('data_too_long');
      expect(tooLong.capacity).toBe(2331);
      expect(tooLong.length).toBe(2400);
      expect(tooLong.message).toContain('at most 2331 bytes');
    }
    expect(encode(text, { errorCorrection: 'L' }).version).toBe(36);
  });

  it('states the capacity of a fixed version', () => {
    try {
      encode('x'.repeat(100), { errorCorrection: 'Q', version: 3 });
      expect.unreachable();
    } catch (error) {
      expect((error as DataTooLongError).capacity).toBe(capacityOf('Q', 3));
      expect((error as DataTooLongError).message).toContain('version 3');
    }
  });

  it('knows the byte capacities of version 40', () => {
    expect(LEVELS.map((level) => capacityOf(level))).toEqual([2953, 2331, 1663, 1273]);
  });

  it('refuses empty data with a typed error', () => {
    expect(() => encode('')).toThrow(QrError);
  });
});
