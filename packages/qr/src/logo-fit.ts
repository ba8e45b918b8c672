import ecc from 'qrcode/lib/core/error-correction-code.js';
import levels from 'qrcode/lib/core/error-correction-level.js';
import utils from 'qrcode/lib/core/utils.js';
import type { QrMatrix } from './encode.js';

/**
 * How much a cleared logo square costs the error correction. Every codeword with a dark module under the
 * logo turns wrong (the square is drawn light); Reed-Solomon repairs up to half the EC codewords of each
 * block. This counts, per block, the codewords the logo breaks, using node-qrcode's own placement and
 * interleaving, so a design can be checked exactly rather than by its area alone.
 */
export interface LogoDamage {
  /** Most codewords broken in any one block. */
  worst: number;
  /** Codewords each block can repair. */
  repairable: number;
}

/** Block of every codeword of the interleaved stream (data codewords first, then EC codewords). */
function blockOfCodewords(
  version: number,
  level: QrMatrix['errorCorrection'],
): { blocks: number[]; ec: number } {
  const total = utils.getSymbolTotalCodewords(version);
  const ecTotal = ecc.getTotalCodewordsCount(version, levels[level]);
  const blockCount = ecc.getBlocksCount(version, levels[level]);
  const group2 = total % blockCount;
  const group1 = blockCount - group2;
  const data1 = Math.floor((total - ecTotal) / blockCount);
  const ec = Math.floor(total / blockCount) - data1;
  const blocks: number[] = [];
  for (let i = 0; i <= data1; i++) {
    for (let b = 0; b < blockCount; b++) if (i < data1 || b >= group1) blocks.push(b);
  }
  for (let i = 0; i < ec; i++) for (let b = 0; b < blockCount; b++) blocks.push(b);
  return { blocks, ec };
}

export function logoDamage(matrix: QrMatrix, start: number, side: number): LogoDamage {
  const { size, modules, reserved } = matrix;
  const { blocks, ec } = blockOfCodewords(matrix.version, matrix.errorCorrection);
  const broken = new Uint8Array(blocks.length);
  const end = start + side;
  let bit = 0;
  let row = size - 1;
  let step = -1;
  // The zigzag of ISO/IEC 18004 7.7.3, as node-qrcode's setupData walks it.
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (;;) {
      for (let c = 0; c < 2; c++) {
        const k = row * size + col - c;
        if (reserved[k]) continue;
        const codeword = bit >> 3;
        bit++;
        const under = row >= start && row < end && col - c >= start && col - c < end;
        if (under && modules[k] === 1 && codeword < broken.length) broken[codeword] = 1;
      }
      row += step;
      if (row < 0 || row >= size) {
        row -= step;
        step = -step;
        break;
      }
    }
  }
  const perBlock = new Map<number, number>();
  for (let i = 0; i < broken.length; i++) {
    if (broken[i]) perBlock.set(blocks[i] as number, (perBlock.get(blocks[i] as number) ?? 0) + 1);
  }
  return { worst: Math.max(0, ...perBlock.values()), repairable: Math.floor(ec / 2) };
}
