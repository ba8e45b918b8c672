import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Every file of the build, relative and with forward slashes; read once at start. */
function listFiles(root: string, dir = ''): string[] {
  const entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(root, relative) : [relative];
  });
}

/**
 * The address the site was built for (docusaurus.config's `url`), read from the home page's
 * canonical link; undefined when the build names none.
 */
function builtOrigin(webDir: string): string | undefined {
  const home = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const canonical = /<link\b[^>]*\brel=["']?canonical\b[^>]*>/i.exec(home)?.[0];
  const href = canonical && /\bhref=["']?([^"'\s>]+)/i.exec(canonical)?.[1];
  try {
    return href ? new URL(href).origin : undefined;
  } catch {
    return undefined;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page of the build as this server serves it: the addresses in its head (canonical, og:url and
 * the hreflang links) on `publicUrl` instead of the address the site was built for; a sitemap's
 * locations too. The pages' own text (examples in the docs) stays as written.
 */
export function atPublicUrl(file: string, content: string, built: string, publicUrl: string): string {
  const origin = escapeRegExp(built);
  const moved = (_: string, before: string) => `${before}${publicUrl}`;
  if (file.endsWith('.xml')) return content.replace(new RegExp(`(<loc>)${origin}(?=[/<])`, 'g'), moved);
  const end = content.search(/<\/head>/i);
  if (end < 0) return content;
  const attribute = new RegExp(
    `(<(?:link|meta)\\b[^>]*?\\s(?:href|content)=["']?)${origin}(?=[/"'\\s>])`,
    'gi',
  );
  return content.slice(0, end).replace(attribute, moved) + content.slice(end);
}

/**
 * Section roots without a page of their own: someone who types /docs or /tutorials lands on the
 * section's first page instead of a 404.
 */
const SECTION_STARTS: Record<string, string> = {
  docs: '/docs/intro',
  'docs/next': '/docs/next/intro',
  tutorials: '/tutorials/first-QR-code',
};

interface RewrittenPage {
  body: string;
  type: string;
  etag: string;
}

/**
 * The pages and sitemap of a build made for another address than `publicUrl`, rewritten
 * (atPublicUrl) the first time each is asked for and kept: the build does not change while the
 * server runs. Undefined when nothing needs rewriting.
 */
function rewrittenPages(
  webDir: string,
  publicUrl: string,
): ((file: string) => RewrittenPage | undefined) | undefined {
  const built = builtOrigin(webDir);
  if (built === undefined || built === publicUrl) return undefined;
  const pages = new Map<string, RewrittenPage>();
  return (file) => {
    const type = file.endsWith('.html')
      ? 'text/html; charset=utf-8'
      : file === 'sitemap.xml'
        ? 'application/xml; charset=utf-8'
        : undefined;
    if (!type) return undefined;
    let page = pages.get(file);
    if (!page) {
      const body = atPublicUrl(file, fs.readFileSync(path.join(webDir, file), 'utf8'), built, publicUrl);
      page = { body, type, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      pages.set(file, page);
    }
    return page;
  };
}

/** Whether an If-None-Match header names the ETag (or `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  return header?.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, ''))) ?? false;
}

/**
 * Serves the site's production build at /. A path maps to `path`, `path.html` or
 * `path/index.html`; a section root redirects to its first page; anything else gets the site's
 * own not-found page with status 404. Pages and the sitemap name PUBLIC_URL (rewrittenPages).
 * Hashed assets are cached for a year, pages are revalidated on every visit.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, { webDir }: { webDir: string }) => {
    if (!fs.existsSync(path.join(webDir, 'index.html'))) {
      app.log.warn({ webDir }, 'no site build found: run `npm run build` to serve the site');
      return;
    }
    const files = new Set(listFiles(webDir));
    await app.register(fastifyStatic, { root: webDir, serve: false });
    const rewritten = rewrittenPages(webDir, app.config.publicUrl);

    const sendPage = (reply: FastifyReply, file: string, status = 200) => {
      const immutable = file.startsWith('assets/');
      reply
        .code(status)
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      const page = rewritten?.(file);
      if (!page) return reply.sendFile(file, { cacheControl: false });
      if (status === 200 && ifNoneMatch(reply.request.headers['if-none-match'], page.etag))
        return reply.code(304).send();
      return reply.header('etag', page.etag).type(page.type).send(page.body);
    };

    const resolve = (urlPath: string): string | undefined => {
      let clean: string;
      try {
        clean = decodeURIComponent(urlPath).replace(/^\/+|\/+$/g, '');
      } catch {
        return undefined;
      }
      if (clean.split('/').some((part) => part === '..')) return undefined;
      const candidates = clean === '' ? ['index.html'] : [clean, `${clean}.html`, `${clean}/index.html`];
      return candidates.find((candidate) => files.has(candidate));
    };

    app.notFoundPage.render = (_request, reply) => sendPage(reply, '404.html', 404);
    // The edge answers compressed GS1 Digital Links on the primary host only where no page is.
    app.decorate('sitePages', { has: (urlPath: string) => resolve(urlPath) !== undefined });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      handler: (request, reply) => {
        const urlPath = request.url.split('?')[0] ?? '/';
        const start = SECTION_STARTS[urlPath.replace(/^\/+|\/+$/g, '')];
        if (start && !resolve(urlPath)) return reply.redirect(start, 302);
        const file = urlPath.startsWith('/api/') ? undefined : resolve(urlPath);
        // The not-found handler answers: the site's 404 page for pages, problem+json under /api/.
        if (!file) return reply.callNotFound();
        return sendPage(reply, file);
      },
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

/** Whether the site has a page at a path. */
export interface SitePages {
  has: (urlPath: string) => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once the web plugin has read the build; unset without a build (no page anywhere). */
    sitePages?: SitePages;
  }
}
