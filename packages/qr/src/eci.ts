import ecc from 'qrcode/lib/core/error-correction-code.js';
import levels from 'qrcode/lib/core/error-correction-level.js';
import qrcodeCore from 'qrcode/lib/core/qrcode.js';
import ReedSolomonEncoder from 'qrcode/lib/core/reed-solomon-encoder.js';
import utils from 'qrcode/lib/core/utils.js';
import type { ErrorCorrection } from './encode.js';

/**
 * Text beyond ASCII as UTF-8 bytes behind an ECI header (ISO/IEC 18004 §7.4.2, designator 26 =
 * UTF-8). Without it a decoder guesses the byte mode's charset, and zbar and many phones read
 * "Zoë Łukasz café" as ISO-8859-1 mojibake. node-qrcode writes no ECI, so the data codewords are
 * built here and laid into a symbol node-qrcode drew for the version (its function patterns,
 * format and version information stay).
 */

const UTF8_DESIGNATOR = 26;
const MODE_ECI = 0b0111;
const MODE_BYTE = 0b0100;

/** Whether text needs the UTF-8 ECI header: anything outside ASCII. */
export function needsUtf8Eci(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
  return /[^\x00-\x7f]/.test(text);
}

const dataCodewordCount = (version: number, errorCorrection: ErrorCorrection) =>
  utils.getSymbolTotalCodewords(version) - ecc.getTotalCodewordsCount(version, levels[errorCorrection]);

const countBits = (version: number) => (version < 10 ? 8 : 16);

/** Bits of the ECI header and one byte segment of `length` bytes. */
const segmentBits = (version: number, length: number) => 4 + 8 + 4 + countBits(version) + 8 * length;

/** Bytes an ECI UTF-8 symbol holds at this level and version. */
export function eciCapacity(errorCorrection: ErrorCorrection, version: number): number {
  return Math.floor((dataCodewordCount(version, errorCorrection) * 8 - segmentBits(version, 0)) / 8);
}

/** The smallest version (from `from`) whose symbol holds `length` bytes, or null. */
export function eciVersionFor(length: number, errorCorrection: ErrorCorrection, from = 1): number | null {
  for (let version = from; version <= 40; version++) {
    if (segmentBits(version, length) <= dataCodewordCount(version, errorCorrection) * 8) return version;
  }
  return null;
}

class BitWriter {
  readonly bytes: Uint8Array;
  length = 0;

  constructor(capacityBytes: number) {
    this.bytes = new Uint8Array(capacityBytes);
  }

  put(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      const at = this.length >> 3;
      if ((value >> i) & 1) this.bytes[at] = (this.bytes[at] as number) | (0x80 >> (this.length & 7));
      this.length++;
    }
  }
}

/** The data codewords: header, byte segment, terminator and padding (0xEC, 0x11, ...). */
function dataCodewords(bytes: Uint8Array, version: number, errorCorrection: ErrorCorrection): Uint8Array {
  const count = dataCodewordCount(version, errorCorrection);
  const writer = new BitWriter(count);
  writer.put(MODE_ECI, 4);
  writer.put(UTF8_DESIGNATOR, 8);
  writer.put(MODE_BYTE, 4);
  writer.put(bytes.length, countBits(version));
  for (const byte of bytes) writer.put(byte, 8);
  writer.put(0, Math.min(4, count * 8 - writer.length));
  writer.length = Math.ceil(writer.length / 8) * 8;
  for (let i = writer.length / 8, pad = 0xec; i < count; i++, pad ^= 0xec ^ 0x11) writer.bytes[i] = pad;
  return writer.bytes;
}

/** Data and error-correction codewords, split into the version's blocks and interleaved. */
function interleavedCodewords(
  data: Uint8Array,
  version: number,
  errorCorrection: ErrorCorrection,
): Uint8Array {
  const level = levels[errorCorrection];
  const total = utils.getSymbolTotalCodewords(version);
  const blocks = ecc.getBlocksCount(version, level);
  const ecPerBlock = ecc.getTotalCodewordsCount(version, level) / blocks;
  // Blocks of the second group hold one data codeword more than those of the first.
  const longBlocks = total % blocks;
  const shortData = Math.floor(data.length / blocks);
  const encoder = new ReedSolomonEncoder(ecPerBlock);
  const dataBlocks: Uint8Array[] = [];
  const ecBlocks: Uint8Array[] = [];
  let offset = 0;
  for (let b = 0; b < blocks; b++) {
    const size = shortData + (b >= blocks - longBlocks ? 1 : 0);
    const block = data.subarray(offset, offset + size);
    offset += size;
    dataBlocks.push(block);
    ecBlocks.push(encoder.encode(block));
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (let i = 0; i <= shortData; i++) {
    for (const block of dataBlocks) if (i < block.length) out[k++] = block[i] as number;
  }
  for (let i = 0; i < ecPerBlock; i++) {
    for (const block of ecBlocks) out[k++] = block[i] as number;
  }
  return out;
}

/**
 * Lays the codewords into the modules that are not function patterns, two columns at a time from
 * the bottom right, upwards and downwards in turn, skipping the vertical timing column; leftover
 * (remainder) modules stay light. Then mask 0 is applied, as node-qrcode's own symbol has it.
 */
function placeCodewords(
  modules: Uint8Array,
  reserved: Uint8Array,
  size: number,
  codewords: Uint8Array,
): void {
  const bits = codewords.length * 8;
  let index = 0;
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        const k = row * size + col;
        if (reserved[k]) continue;
        const bit = index < bits ? ((codewords[index >> 3] as number) >> (7 - (index & 7))) & 1 : 0;
        index++;
        modules[k] = bit ^ ((row + col) % 2 === 0 ? 1 : 0);
      }
    }
    upward = !upward;
  }
}

/** A node-qrcode symbol of `version` whose data is `text` as UTF-8 behind the ECI header, masked with pattern 0. */
export function eciSymbol(text: string, version: number, errorCorrection: ErrorCorrection) {
  const symbol = qrcodeCore.create('0', { errorCorrectionLevel: errorCorrection, maskPattern: 0, version });
  const { size, data: modules, reservedBit } = symbol.modules;
  const bytes = new TextEncoder().encode(text);
  const codewords = interleavedCodewords(
    dataCodewords(bytes, version, errorCorrection),
    version,
    errorCorrection,
  );
  placeCodewords(modules, reservedBit, size, codewords);
  return symbol;
}
