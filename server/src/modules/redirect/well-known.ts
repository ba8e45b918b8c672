import type { ScanAnswer } from './edge.js';
import type { CustomHostRedirects } from './edge-host.js';

/** Where Apple and Google fetch a hostname's app links; no other /.well-known/ path is ours. */
const FILES = {
  '/.well-known/apple-app-site-association': 'appleAppSiteAssociation',
  '/.well-known/assetlinks.json': 'assetLinks',
} as const;

const NOT_SET = 'This hostname has no app links of this kind.';

/**
 * A custom hostname's app link file, or undefined when the path is not one. Apple and Google
 * follow no redirect here and want JSON with a 200, so an unset file is a plain 404 (never the
 * hostname's not-found redirect).
 */
export function appLinkFileAnswer(host: CustomHostRedirects, path: string): ScanAnswer | undefined {
  if (!Object.hasOwn(FILES, path)) return undefined;
  const text = host.appLinkFiles?.[FILES[path as keyof typeof FILES]] ?? null;
  if (text === null) {
    return {
      status: 404,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(Buffer.byteLength(NOT_SET)),
        'cache-control': 'no-store',
      },
      body: NOT_SET,
    };
  }
  return {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      // Apple's CDN and Android re-read these now and then; a short cache keeps edits quick to land.
      'cache-control': 'public, max-age=300',
    },
    body: text,
  };
}
