import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownShortUrlTest } from '../../shared/http-url.js';
import { CodeLogos } from './qrcodes.logo.js';
import { appAuth, type QrCodesAuth, qrcodesRoutes } from './qrcodes.routes.js';
import { QrCodesService } from './qrcodes.service.js';

/**
 * The QR codes module: decorates `app.qrcodes` (the service the redirect edge reads through)
 * and registers the API routes in their own context.
 */
export const qrcodesModule = fp(
  async (app: FastifyInstance, options: { auth?: QrCodesAuth }) => {
    const { config } = app;
    const service = new QrCodesService(app.database.db, {
      dialect: app.database.dialect,
      shortBase: config.shortUrl ?? `${config.publicUrl}/r`,
      isOwnShortUrl: ownShortUrlTest(config.publicUrl, config.shortUrl),
      logos: new CodeLogos({
        assets: () => (app.hasDecorator('assets') ? app.assets : undefined),
        publicUrl: config.publicUrl,
        ssrfAllow: config.ssrfAllow,
      }),
      scans: () => (app.hasDecorator('scans') ? app.scans : undefined),
      rules: () => (app.hasDecorator('rules') ? app.rules : undefined),
    });
    app.decorate('qrcodes', service);
    await app.register(qrcodesRoutes, { auth: options.auth ?? appAuth(app) });
  },
  { name: 'qrcodes', dependencies: ['db', 'errors'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    qrcodes: QrCodesService;
  }
}
