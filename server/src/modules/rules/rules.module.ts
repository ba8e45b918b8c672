import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ownShortUrlTest } from '../../shared/http-url.js';
import { appAuth, type RulesAuth, rulesRoutes } from './rules.routes.js';
import { RulesService } from './rules.service.js';

/**
 * The rules module: decorates `app.rules` (the service the QR codes module and the redirect
 * edge call) and registers the API routes in their own context. A deleted rule leaves every
 * code that had it: the QR codes service, when present, is told before DELETE answers.
 */
export const rulesModule = fp(
  async (app: FastifyInstance, options: { auth?: RulesAuth }) => {
    const service = new RulesService(app.database.db, {
      isOwnShortUrl: ownShortUrlTest(app.config.publicUrl, app.config.shortUrl),
    });
    app.decorate('rules', service);
    // Looked up when a rule is deleted, so the modules may register in either order.
    service.onRuleDeleted(async (ruleId) => {
      if (app.hasDecorator('qrcodes')) await app.qrcodes.removeRule(ruleId);
    });
    await app.register(rulesRoutes, { auth: options.auth ?? appAuth(app) });
  },
  { name: 'rules', dependencies: ['db', 'errors'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    rules: RulesService;
  }
}
