// Types for the parts of node-qrcode's core that its published types leave out.
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';

  const core: { create(text: string, options?: QRCodeOptions): QRCode };
  export default core;
}

declare module 'qrcode/lib/core/version.js' {
  const version: {
    getCapacity(version: number, level: { bit: number }, mode?: { id: string }): number;
  };
  export default version;
}

declare module 'qrcode/lib/core/error-correction-level.js' {
  const levels: Record<'L' | 'M' | 'Q' | 'H', { bit: number }>;
  export default levels;
}

declare module 'qrcode/lib/core/mode.js' {
  const modes: Record<'BYTE' | 'NUMERIC' | 'ALPHANUMERIC', { id: string }>;
  export default modes;
}

declare module 'qrcode/lib/core/error-correction-code.js' {
  const ecc: {
    getBlocksCount(version: number, level: { bit: number }): number;
    getTotalCodewordsCount(version: number, level: { bit: number }): number;
  };
  export default ecc;
}

declare module 'qrcode/lib/core/utils.js' {
  const utils: { getSymbolTotalCodewords(version: number): number };
  export default utils;
}

declare module 'qrcode/lib/core/reed-solomon-encoder.js' {
  class ReedSolomonEncoder {
    constructor(degree: number);
    /** The `degree` error-correction codewords of a block of data codewords. */
    encode(data: Uint8Array): Uint8Array;
  }
  export default ReedSolomonEncoder;
}
