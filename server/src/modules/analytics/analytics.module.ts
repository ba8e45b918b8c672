import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { analyticsRoutes } from './analytics.routes.js';
import { AnalyticsService } from './analytics.service.js';

/**
 * The analytics module: `app.analytics` and /api/v1/analytics, reading the rollups through the
 * scans module's service (which writes and owns them), and the live stream of the scans it stores (`scans.stored` on the change bus,
 * from every instance when Redis is set); the QR codes module says which codes are the
 * account's and which carry a tag.
 */
export const analyticsModule = fp(
  async (app: FastifyInstance) => {
    const analytics = new AnalyticsService({
      codes: app.qrcodes,
      rules: app.rules,
      scans: app.scans,
      conversions: app.conversions,
    });
    app.decorate('analytics', analytics);
    app.changes.subscribe('scans.stored', ({ scans }) => analytics.live.deliver(scans));
    app.changes.subscribe('conversions.created', ({ conversions }) =>
      analytics.live.deliverConversions(conversions),
    );
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => analytics.live.endAll());
    await app.register(analyticsRoutes);
  },
  { name: 'analytics', dependencies: ['redis', 'auth', 'scans', 'qrcodes', 'rules', 'conversions'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsService;
  }
}
