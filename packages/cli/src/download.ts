import fs from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError, EXIT } from './exit-codes.js';
import { Progress } from './progress.js';

/**
 * Streams an answer's body to a file (or stdout for `-`), with a progress bar on a terminal.
 * Answers the bytes written.
 */
export async function saveBody(response: Response, target: string, label: string): Promise<number> {
  if (!response.body) return 0;
  const length = Number(response.headers.get('content-length'));
  const progress = new Progress(label, Number.isFinite(length) && length > 0 ? length : undefined);
  let bytes = 0;
  const counter = new TransformCounter((n) => {
    bytes += n;
    progress.add(n);
  });
  const sink: Writable = target === '-' ? stdoutSink() : fs.createWriteStream(target, { flags: 'w' });
  try {
    await pipeline(Readable.fromWeb(response.body as never), counter, sink);
  } catch (error) {
    throw new CliError(`Cannot write ${target}: ${(error as Error).message}`, EXIT.error);
  } finally {
    if (target !== '-') progress.finish();
  }
  return bytes;
}

/** stdout without ending it (pipeline ends its sink; process.stdout must stay open). */
function stdoutSink(): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      if (process.stdout.write(chunk)) done();
      else process.stdout.once('drain', done);
    },
  });
}

import { Transform } from 'node:stream';

class TransformCounter extends Transform {
  constructor(private readonly onBytes: (n: number) => void) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (e?: Error | null, d?: Buffer) => void,
  ) {
    this.onBytes(chunk.length);
    done(null, chunk);
  }
}

/** The file name the server suggests (Content-Disposition), else the fallback. */
export function suggestedName(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = disposition.match(/filename="?([^";]+)"?/)?.[1];
  return name && !name.includes('/') && !name.includes('\\') ? name : fallback;
}
