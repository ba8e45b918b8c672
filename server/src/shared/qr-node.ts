/**
 * `@rq/qr/node` (resvg's PNG renderer, PDFKit with its fonts, the decoders that verify a design):
 * about 18 MB of an instance's memory, loaded when the first image is drawn rather than at
 * start, so an instance that only answers scans never holds it (the cold-scans ADR's memory bar).
 */
let loading: Promise<typeof import('@rq/qr/node')> | undefined;

export function qrNode(): Promise<typeof import('@rq/qr/node')> {
  loading ??= import('@rq/qr/node');
  return loading;
}
