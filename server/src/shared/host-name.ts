/** A Host header as hosts compare: lower case, no port, no trailing dot. */
export function bareHost(host: string): string {
  const lower = host.toLowerCase();
  const port = lower.startsWith('[') ? lower.indexOf(']:') + 1 : lower.lastIndexOf(':');
  const name = port > 0 ? lower.slice(0, port) : lower;
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** A configured URL's host as the edge compares hosts (bareHost). */
export function urlHost(url: string): string {
  return bareHost(new URL(url).host);
}

/**
 * The host of the deployment's own short links: SHORT_URL's, else PUBLIC_URL's (codes there are
 * under /r/). What the edge compares with, the simulator scans at and printed file names carry.
 */
export function shortLinkHost(config: { publicUrl: string; shortUrl?: string | undefined }): string {
  return urlHost(config.shortUrl ?? config.publicUrl);
}
