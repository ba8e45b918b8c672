import levels from 'qrcode/lib/core/error-correction-level.js';
import modes from 'qrcode/lib/core/mode.js';
import qrcodeCore from 'qrcode/lib/core/qrcode.js';
import versions from 'qrcode/lib/core/version.js';
import { eciCapacity, eciSymbol, eciVersionFor, needsUtf8Eci } from './eci.js';
import { DataTooLongError, QrError } from './errors.js';
import { applyBestMask } from './mask.js';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface EncodeOptions {
  errorCorrection?: ErrorCorrection;
  /** 1..40; omitted or null picks the smallest version that holds the data. */
  version?: number | null;
}

/** The module matrix of one symbol: `modules[row * size + col]` is 1 for a dark module. */
export interface QrMatrix {
  readonly size: number;
  readonly version: number;
  readonly errorCorrection: ErrorCorrection;
  readonly mask: number;
  readonly modules: Uint8Array;
  /** 1 for function-pattern modules (finders, timing, alignment, format and version information). */
  readonly reserved: Uint8Array;
}

const encoder = new TextEncoder();

/** Bytes a QR code holds at this level (and version, or the largest one), in byte mode. */
export function capacityOf(errorCorrection: ErrorCorrection, version?: number | null): number {
  return versions.getCapacity(version ?? 40, levels[errorCorrection], modes.BYTE);
}

/**
 * Encodes text with node-qrcode (automatic numeric, alphanumeric and byte segments) into a module matrix.
 * The symbol is the one `QRCode.create()` gives; only the mask search runs on typed arrays.
 */
export function encode(data: string, options: EncodeOptions = {}): QrMatrix {
  const errorCorrection = options.errorCorrection ?? 'M';
  const version = options.version ?? null;
  if (data.length === 0) throw new QrError('invalid_data', 'There is no data to encode.');
  let symbol: ReturnType<typeof qrcodeCore.create>;
  if (needsUtf8Eci(data)) {
    symbol = utf8Symbol(data, errorCorrection, version);
  } else {
    symbol = asciiSymbol(data, errorCorrection, version);
  }
  const { size, data: modules, reservedBit } = symbol.modules;
  const mask = applyBestMask(modules, reservedBit, size, symbol.version, levels[errorCorrection].bit);
  return { size, version: symbol.version, errorCorrection, mask, modules, reserved: reservedBit };
}

/** Text beyond ASCII: UTF-8 behind an ECI header (eci.ts), so every decoder reads it as sent. */
function utf8Symbol(data: string, errorCorrection: ErrorCorrection, version: number | null) {
  const length = encoder.encode(data).length;
  const fits =
    version === null
      ? eciVersionFor(length, errorCorrection)
      : eciVersionFor(length, errorCorrection, version);
  if (fits === null || (version !== null && fits !== version)) {
    throw new DataTooLongError(length, eciCapacity(errorCorrection, version ?? 40), errorCorrection, version);
  }
  return eciSymbol(data, fits, errorCorrection);
}

/** ASCII text in node-qrcode's own segments (numeric, alphanumeric and byte, as short as it finds). */
function asciiSymbol(data: string, errorCorrection: ErrorCorrection, version: number | null) {
  let symbol: ReturnType<typeof qrcodeCore.create>;
  try {
    symbol = qrcodeCore.create(data, {
      errorCorrectionLevel: errorCorrection,
      maskPattern: 0,
      ...(version === null ? {} : { version }),
    });
  } catch {
    // node-qrcode throws only when the segments do not fit; report the capacity instead of its text.
    throw new DataTooLongError(
      encoder.encode(data).length,
      capacityOf(errorCorrection, version),
      errorCorrection,
      version,
    );
  }
  return symbol;
}
