import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createDesign, designToSvg, withPrintQuietZone } from '@rq/qr';
import { ZipFile } from 'yazl';
import { Problem } from '../../shared/problem.js';
import { qrNode } from '../../shared/qr-node.js';
import type { PrintableCode, PrintEntry, PrintSelection } from '../qrcodes/code-prints.js';
import type { QrCodesService } from '../qrcodes/qrcodes.service.js';
import { CAPTION_FONT_PT, layoutSheet, type SheetRequest } from './sheet-layout.js';

export type ZipFormat = 'svg' | 'png' | 'pdf' | 'eps';

/** A file being written: the stream to send, and its name. */
export interface PrintStream {
  stream: PassThrough;
  filename: string;
  count: number;
}

/**
 * Waits while the reader is behind (the file is written no faster than it is sent) or, at least,
 * until the next turn of the event loop: drawing thousands of codes must not hold up the redirects
 * this process also serves.
 */
async function keepPace(out: PassThrough): Promise<void> {
  await nextTurn();
  while (out.writableNeedDrain && !out.destroyed) {
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  }
}

/**
 * File names by slug; a slug shared by codes on different hosts names them by host too
 * (`go.example.com/summer.pdf`), so no file in the ZIP overwrites another.
 */
export function fileNames(
  entries: readonly PrintEntry[],
  primaryHost: string,
  extension: string,
): Map<string, string> {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.slug, (counts.get(entry.slug) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const entry of entries) {
    const shared = (counts.get(entry.slug) ?? 0) > 1;
    const host = entry.hostKey === '' ? primaryHost : entry.hostKey;
    names.set(entry.id, shared ? `${host}/${entry.slug}.${extension}` : `${entry.slug}.${extension}`);
  }
  return names;
}

/**
 * ZIPs of many codes' images and print sheets. Both stream: the selection is resolved first (so a
 * bad request is an answer, not a broken file), then codes are read a chunk at a time, each file or
 * page written as it is drawn, and drawing waits while the client is behind.
 */
export class PrintingService {
  constructor(private readonly options: { codes: QrCodesService; primaryHost: string }) {}

  private select(workspaceId: string, selection: PrintSelection): Promise<PrintEntry[]> {
    return this.options.codes.prints.select(workspaceId, selection);
  }

  async zip(
    workspaceId: string,
    selection: PrintSelection,
    format: ZipFormat,
    cmyk: boolean,
  ): Promise<PrintStream> {
    const entries = await this.select(workspaceId, selection);
    const names = fileNames(entries, this.options.primaryHost, format);
    const zip = new ZipFile();
    const out = new PassThrough();
    zip.outputStream.pipe(out);
    const write = async () => {
      for await (const code of this.options.codes.prints.codes(workspaceId, entries)) {
        if (out.destroyed) return;
        // PNG is compressed already; deflating it again costs time for nothing.
        zip.addBuffer(await drawFile(code, format, cmyk), names.get(code.id) as string, {
          compress: format !== 'png',
        });
        await keepPace(out);
      }
      zip.end();
    };
    write().catch((error: unknown) => out.destroy(error as Error));
    return { stream: out, filename: `qrcodes-${format}.zip`, count: entries.length };
  }

  async sheet(
    workspaceId: string,
    selection: PrintSelection,
    request: SheetRequest,
    cmyk: boolean,
  ): Promise<PrintStream> {
    const layout = layoutSheet(request);
    if (Array.isArray(layout)) {
      throw new Problem('unprocessable', `The grid does not fit the paper: ${layout[0]?.message}.`, {
        errors: layout,
      });
    }
    const entries = await this.select(workspaceId, selection);
    const { VectorPdf } = await qrNode();
    const pdf = new VectorPdf({ cmyk });
    const out = new PassThrough();
    pdf.doc.pipe(out);
    const write = async () => {
      let slot = 0;
      for await (const code of this.options.codes.prints.codes(workspaceId, entries)) {
        if (out.destroyed) return;
        // The page before is written out when the next starts: drawing waits until the client has taken it.
        await keepPace(out);
        if (slot % layout.cells.length === 0) pdf.addPage(layout.pageWidth, layout.pageHeight);
        const cell = layout.cells[slot % layout.cells.length] as (typeof layout.cells)[number];
        const design = createDesign(code.data, withPrintQuietZone(code.style));
        // A framed design is taller than wide: it is fitted into the square, centred.
        const width =
          design.height > design.width ? (layout.side * design.width) / design.height : layout.side;
        pdf.drawDesign(design, cell.x + (layout.side - width) / 2, cell.y, width);
        const caption =
          request.caption === 'title'
            ? (code.title ?? code.slug)
            : request.caption === 'slug'
              ? code.slug
              : null;
        if (caption) pdf.caption(caption, cell.x, cell.captionY, layout.side, CAPTION_FONT_PT);
        slot++;
      }
      pdf.end();
    };
    write().catch((error: unknown) => out.destroy(error as Error));
    return { stream: out, filename: 'qrcodes-sheet.pdf', count: entries.length };
  }
}

/** One code's file: drawn from its stored design, which was verified by a decoder when it was saved. */
async function drawFile(code: PrintableCode, format: ZipFormat, cmyk: boolean): Promise<Buffer> {
  const { designToPng, designToVector } = await qrNode();
  if (format === 'pdf' || format === 'eps') {
    return designToVector(createDesign(code.data, withPrintQuietZone(code.style)), format, { cmyk });
  }
  const design = createDesign(code.data, code.style);
  return format === 'svg' ? Buffer.from(designToSvg(design), 'utf8') : designToPng(design);
}
