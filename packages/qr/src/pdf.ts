import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import type { Design } from './design.js';
import { type Pixels, POINTS_PER_PIXEL } from './eps.js';
import { bytesOfDataUrl, logoHref, sniffLogoType } from './logo.js';
import { CaptionWriter } from './pdf-caption.js';
import type { Gradient } from './style.js';
import {
  type Box,
  type ColorOptions,
  componentsOf,
  fmt,
  gradientGeometry,
  type ImageLayer,
  type PathLayer,
  pathSegments,
  type Segment,
  vectorModel,
} from './vector.js';

/**
 * PDF through PDFKit: a document that streams (each page is written out when the next one starts),
 * so a sheet of 10,000 codes never sits in memory. Paths and colours are written as raw operators
 * (colour before the path, `k` for CMYK, `rg` for RGB); PDFKit does the file structure, gradients
 * (shading patterns), images, and embeds the captions' fonts (pdf-caption.ts).
 */

export interface PdfOptions extends ColorOptions {
  /** Deflate the content streams (default true; tests read them plain). */
  compress?: boolean;
  /**
   * The same bytes for the same drawing (a code's image.pdf is read again and cached): the creation
   * date is the Unix epoch, as reproducible builds do, so the file ID PDFKit derives from it is fixed.
   */
  reproducible?: boolean;
}

const FONTLESS = { loadSystemFonts: false } as const;

/** A logo drawn by resvg at `px` square (fitted, centred), as PNG or as pixels on a background. */
function logoSvg(src: string, px: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${px} ${px}"><image width="${px}" height="${px}" preserveAspectRatio="xMidYMid meet" href="${logoHref(src)}"/></svg>`;
}

/** The logo's pixels composited on `background`, for EPS (which has no alpha). */
export function logoPixels(src: string, px: number, background: string): Pixels {
  const rendered = new Resvg(logoSvg(src, px), { font: FONTLESS, background }).render();
  return { width: rendered.width, height: rendered.height, data: rendered.pixels };
}

/** PNG and JPEG logos go in as they are; SVG and WebP are drawn to a PNG first. */
function logoBytes(src: string): Buffer {
  const bytes = bytesOfDataUrl(logoHref(src));
  const type = sniffLogoType(bytes);
  if (type === 'image/png' || type === 'image/jpeg') return Buffer.from(bytes);
  return new Resvg(logoSvg(src, 640), { font: FONTLESS }).render().asPng();
}

function pathOperators(segments: Segment[]): string {
  let out = '';
  for (const s of segments) {
    if (s.op === 'M') out += `${fmt(s.x)} ${fmt(s.y)} m\n`;
    else if (s.op === 'L') out += `${fmt(s.x)} ${fmt(s.y)} l\n`;
    else if (s.op === 'C')
      out += `${fmt(s.x1)} ${fmt(s.y1)} ${fmt(s.x2)} ${fmt(s.y2)} ${fmt(s.x)} ${fmt(s.y)} c\n`;
    else out += 'h\n';
  }
  return out;
}

/** A PDF with pages of any size, on which designs and captions are placed in points from the top left. */
export class VectorPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly images = new Map<string, unknown>();
  private readonly captions: CaptionWriter;

  constructor(private readonly options: PdfOptions = {}) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      compress: options.compress ?? true,
      info: {
        Creator: 'RQ Codes',
        Producer: 'RQ Codes (PDFKit)',
        ...(options.reproducible ? { CreationDate: new Date(0) } : {}),
      },
    });
    this.captions = new CaptionWriter(this.doc);
  }

  /** Starts a page of `width` x `height` points; the previous page is written out. */
  addPage(width: number, height: number): void {
    this.doc.addPage({ size: [width, height], margin: 0 });
  }

  private colorOperator(color: string): string {
    const parts = componentsOf(color, this.options).map(fmt).join(' ');
    return this.options.cmyk ? `${parts} k` : `${parts} rg`;
  }

  /** A gradient as PDFKit's shading pattern, in the current user space (module units). */
  private gradient(gradient: Gradient, box: Box) {
    const geometry = gradientGeometry(gradient, box);
    const [a, b, c, d, e, f] = geometry.coords;
    const grad =
      geometry.type === 'linear'
        ? this.doc.linearGradient(a, b, c, d)
        : this.doc.radialGradient(a, b, c, d, e as number, f as number);
    // PDFKit takes RGB as 0..255 and CMYK as 0..100.
    const factor = this.options.cmyk ? 100 : 255;
    // Its typings know hex strings only; it takes component arrays (3 for RGB, 4 for CMYK).
    const add = (offset: number, color: string) =>
      grad.stop(offset, componentsOf(color, this.options).map((v) => v * factor) as unknown as string);
    const first = gradient.stops[0];
    if (first && first.offset > 0) add(0, first.color);
    for (const stop of gradient.stops) add(stop.offset, stop.color);
    return grad;
  }

  private drawPath(layer: PathLayer): void {
    const path = pathOperators(pathSegments(layer.d, layer.transform));
    const { gradient, color } = layer.paint;
    if (gradient) {
      // The pattern is the fill colour, set before the path as a colour must be.
      (this.gradient(gradient, layer.box) as unknown as { apply(stroke: boolean): void }).apply(false);
    } else {
      this.doc.addContent(this.colorOperator(color));
    }
    this.doc.addContent(`${path}f`);
  }

  private drawImage(layer: ImageLayer): void {
    let image = this.images.get(layer.src);
    if (image === undefined) {
      // Opened once a document: a sheet of codes with one logo embeds it once.
      image = (this.doc as unknown as { openImage(src: Buffer): unknown }).openImage(logoBytes(layer.src));
      this.images.set(layer.src, image);
    }
    this.doc.image(image as Buffer, layer.x, layer.y, {
      fit: [layer.side, layer.side],
      align: 'center',
      valign: 'center',
    });
  }

  /** Draws a design with its top left at (x, y) points, `width` points wide. */
  drawDesign(design: Design, x: number, y: number, width: number): void {
    const model = vectorModel(design);
    const scale = width / model.width;
    this.doc.save();
    this.doc.transform(scale, 0, 0, scale, x, y);
    for (const layer of model.layers) {
      if (layer.kind === 'image') this.drawImage(layer);
      else this.drawPath(layer);
    }
    this.doc.restore();
  }

  /**
   * One line of text centred under a symbol with its top at `y`, cut to fit `width`, in the embedded
   * caption fonts (any script they cover: pdf-caption.ts).
   */
  caption(text: string, x: number, y: number, width: number, fontSize: number): void {
    this.captions.draw(text, x, y, width, fontSize, this.colorOperator('#000000'));
  }

  end(): void {
    this.doc.end();
  }
}

/** The design alone on a page its size: `width` points wide (default `style.size` px at 96 px an inch). */
export function designToPdf(design: Design, options: PdfOptions & { width?: number } = {}): Promise<Buffer> {
  const width = options.width ?? design.pixelWidth * POINTS_PER_PIXEL;
  const height = (width * design.height) / design.width;
  const pdf = new VectorPdf({ reproducible: true, ...options });
  const chunks: Buffer[] = [];
  pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.doc.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.doc.on('error', reject);
  });
  pdf.addPage(width, height);
  pdf.drawDesign(design, 0, 0, width);
  pdf.end();
  return done;
}
