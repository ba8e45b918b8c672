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
 * Section roots without a page of their own: someone who types /docs or /tutorials lands on the
 * section's first page instead of a 404.
 */
const SECTION_STARTS: Record<string, string> = {
  docs: '/docs/intro',
  'docs/next': '/docs/next/intro',
  tutorials: '/tutorials/first-QR-code',
};

/**
 * Serves the site's production build at /. A path maps to `path`, `path.html` or
 * `path/index.html`; a section root redirects to its first page; anything else gets the site's
 * own not-found page with status 404.
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

    const sendPage = (reply: FastifyReply, file: string, status = 200) => {
      const immutable = file.startsWith('assets/');
      return reply
        .code(status)
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file, { cacheControl: false });
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
