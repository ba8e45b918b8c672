/** A `next` target from the query string, kept only when it is a path on this site. */
export function safeNextPath(search: string, fallback = '/'): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
