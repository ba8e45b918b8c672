import type { IncomingHttpHeaders } from 'node:http';
import { bareHost, urlHost } from '../../shared/host-name.js';

/**
 * Which codes a request's host serves, and where its slug sits in the path. The one seam both
 * entry points of the edge (the raw socket listener and Fastify's routes) resolve hosts through,
 * so custom hostnames plug in here and nowhere else.
 */
export interface EdgeHost {
  /** '' for the primary host's codes, otherwise the custom hostname the codes are bound to. */
  hostKey: string;
  /** Every path is a slug (the short host, custom hostnames); otherwise only `/r/{slug}`. */
  slugsAtRoot: boolean;
  /** Set on a customer's hostname: it serves its codes and nothing else of ours. */
  custom?: CustomHostRedirects;
}

/**
 * Where a customer's hostname sends its root and the slugs it does not serve (null: our pages),
 * and the app link files it serves under /.well-known/ (JSON text; null or unset: a 404).
 */
export interface CustomHostRedirects {
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  appLinkFiles?: { appleAppSiteAssociation: string | null; assetLinks: string | null };
  /** A GS1 resolver host: every path but its root and app link files is a GS1 Digital Link. */
  gs1Resolver?: boolean;
}

/** The verified custom hostname a (bare, lower-case) host names, from memory; undefined when none. */
export type CustomHostLookup = (hostname: string) => CustomHostRedirects | undefined;

export type HostResolver = (host: string) => EdgeHost;

const PRIMARY: EdgeHost = { hostKey: '', slugsAtRoot: false };
const SHORT: EdgeHost = { hostKey: '', slugsAtRoot: true };

/**
 * The host a request names: its Host header, or with TRUST_PROXY the first X-Forwarded-Host
 * (the name the scanner used, in front of the proxy). Both entry points read it this way.
 */
export function requestHost(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers['x-forwarded-host'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return headers.host ?? '';
}

/**
 * The resolver for a deployment: the dedicated short host and verified custom hostnames serve a
 * slug at every path; any other host serves the primary host's codes under /r/ (the site
 * answers the rest). The primary and short hosts are compared first: no lookup on their scans.
 */
export function hostResolver(
  publicUrl: string,
  shortUrl: string | undefined,
  customHost: CustomHostLookup = () => undefined,
): HostResolver {
  const primaryHost = urlHost(publicUrl);
  const shortHost = shortUrl ? urlHost(shortUrl) : undefined;
  const hasShortHost = shortHost !== undefined && shortHost !== primaryHost;
  return (host) => {
    const name = bareHost(host);
    if (name === primaryHost) return PRIMARY;
    if (hasShortHost && name === shortHost) return SHORT;
    const custom = customHost(name);
    return custom ? { hostKey: name, slugsAtRoot: true, custom } : PRIMARY;
  };
}

/**
 * The slug a path asks for on a host, or undefined when the path is not the edge's (the short
 * host's root is the site's). A bad %-escape is kept as written: no code has such a slug.
 */
export function slugOf(host: EdgeHost, path: string): string | undefined {
  const raw = path.startsWith('/r/') ? path.slice(3) : host.slugsAtRoot ? path.slice(1) : undefined;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
