import type { ApiBody } from '@site/src/api/types';
import { apiFetch } from './api';

/**
 * Files from the API saved by the browser: one code's image in any format, a design from the render
 * endpoint, a ZIP of many codes' images and print sheets. Used by the design tool and the /codes
 * manager. A problem answer becomes an ApiError, as the typed client's do.
 */

type ZipBody = ApiBody<'/api/v1/qrcodes/images.zip', 'post'>;
type SheetBody = ApiBody<'/api/v1/qrcodes/sheet.pdf', 'post'>;

export type DownloadFormat = ZipBody['format'];

/** The list filters of GET /qrcodes, as ZIPs, sheets and bulk changes take them. */
export type CodeFilter = NonNullable<ZipBody['filter']>;

/** Which codes: chosen ids (at most 10,000), or every code a filter selects. */
export type CodeSelection = Required<Pick<ZipBody, 'ids'>> | Required<Pick<ZipBody, 'filter'>>;

/** A sheet's paper, grid, caption and colours (its `sizeMm`: each code's square, quiet zone included). */
export type SheetOptions = Omit<SheetBody, 'ids' | 'filter'>;

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file a call answers, as the signed-in user, or as no one (`signedIn: false`, the render endpoint). */
async function fetchFile(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signedIn = true,
): Promise<Blob> {
  const response = await apiFetch(
    path,
    body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { signedIn },
  );
  return response.blob();
}

/** The name a file of a code gets: its slug when known. */
const fileName = (base: string, format: string) => `${base.replace(/[^\w.-]+/g, '-')}.${format}`;

/** Downloads one code's image with its stored style; `cmyk` for PDF and EPS. */
export async function downloadCodeImage(
  code: { id: string; slug?: string },
  format: DownloadFormat,
  options: { size?: number; cmyk?: boolean } = {},
): Promise<void> {
  const query = new URLSearchParams();
  if (options.size !== undefined) query.set('size', String(options.size));
  if (options.cmyk && (format === 'pdf' || format === 'eps')) query.set('cmyk', 'true');
  const suffix = query.size > 0 ? `?${query}` : '';
  const blob = await fetchFile('GET', `/qrcodes/${encodeURIComponent(code.id)}/image.${format}${suffix}`);
  saveBlob(fileName(code.slug ?? code.id, format), blob);
}

/** Downloads a design that is not stored (POST /render): PNG, PDF or EPS as the API draws it. */
export async function downloadRenderedDesign(
  data: string,
  style: unknown,
  format: Exclude<DownloadFormat, 'svg'> | 'svg',
  options: { cmyk?: boolean; name?: string } = {},
): Promise<void> {
  const body: Record<string, unknown> = { data, style, format };
  if (options.cmyk && (format === 'pdf' || format === 'eps')) body.cmyk = true;
  const blob = await fetchFile('POST', '/render', body, false);
  saveBlob(fileName(options.name ?? 'qr-code', format), blob);
}

/** Downloads a ZIP of the selected codes' images, one file per code named by slug. */
export async function downloadZip(
  selection: CodeSelection,
  format: DownloadFormat,
  options: { cmyk?: boolean } = {},
): Promise<void> {
  const body: ZipBody = { ...selection, format, cmyk: options.cmyk };
  const blob = await fetchFile('POST', '/qrcodes/images.zip', body);
  saveBlob(`qrcodes-${format}.zip`, blob);
}

/** Downloads print sheets (PDF) of the selected codes. A grid that does not fit is an ApiError naming the fields. */
export async function downloadSheet(selection: CodeSelection, options: SheetOptions = {}): Promise<void> {
  const body: SheetBody = { ...selection, ...options };
  const blob = await fetchFile('POST', '/qrcodes/sheet.pdf', body);
  saveBlob('qrcodes-sheet.pdf', blob);
}
