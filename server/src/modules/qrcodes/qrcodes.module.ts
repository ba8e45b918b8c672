import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { AddressPolicy } from '../../shared/address-policy.js';
import { releaseFreedHeap } from '../../shared/heap-trim.js';
import { ownShortUrlTestFor } from '../../shared/own-addresses.js';
import type { EdgeCodeFile } from './edge-code-file.js';
import { EdgeCodeLookup } from './edge-code-lookup.js';
import { ImageUrls } from './image-urls.js';
import { CodeLogos } from './qrcodes.logo.js';
import { qrcodesRoutes } from './qrcodes.routes.js';
import { QrCodesService } from './qrcodes.service.js';

/**
 * The QR codes module: `app.qrcodes` (the admin API's service), `app.codeLookup` (the redirect
 * edge's read of a code by where it is served, with the edge code file) and /api/v1/qrcodes. It uses the rules, scans and assets services, and follows `rule.deleted` on
 * the change bus so no code keeps a deleted rule. Every change of a code is an event of the audit
 * log; a deleted workspace's codes are erased and stop redirecting at once.
 */
export const qrcodesModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new QrCodesService(app.database.db, {
      dialect: app.database.dialect,
      shortBase: config.shortUrl ?? `${config.publicUrl}/r`,
      isOwnShortUrl: ownShortUrlTestFor(config),
      logos: new CodeLogos({ assets: app.assets, publicUrl: config.publicUrl, ssrfAllow: config.ssrfAllow }),
      scans: app.scans,
      rules: app.rules,
      hostnames: app.hostnames,
      changes: app.changes,
      execPolicy: new AddressPolicy(config.ssrfAllow),
      imageUrls: new ImageUrls(app.serverSecret),
      events: app.events,
      codesLimit: async (workspaceId) => (await app.plans.limitsOf(workspaceId)).codes,
    });
    app.decorate('qrcodes', service);
    const lookup = new EdgeCodeLookup(app.database.db, {
      dialect: app.database.dialect,
      sqlite: app.database.sqlite,
      pgPool: app.database.pgPool,
      changes: app.changes,
      edgeCodeFile: config.edgeCodeFile ? { dir: config.dataDir, log: app.log } : undefined,
    });
    app.decorate('codeLookup', lookup);
    if (lookup.codeFile) followEdgeCodeFile(app, lookup.codeFile);
    app.changes.subscribe('rule.deleted', ({ id, actor, requestId }) =>
      service.rules.removeEverywhere(id, actor, requestId ?? null),
    );
    app.workspaces.onErase('qrcodes', (workspaceId) => service.eraseWorkspace(workspaceId));
    await app.register(qrcodesRoutes);
  },
  {
    name: 'qrcodes',
    dependencies: [
      'db',
      'redis',
      'metrics',
      'auth',
      'idempotency',
      'events',
      'plans',
      'workspaces',
      'rules',
      'scans',
      'assets',
      'hostnames',
    ],
  },
);

/**
 * Builds the edge's code file once the server is ready (in the background: until it is built the
 * edge reads the database), and, with Redis, only while change notices arrive: when Redis goes
 * away the file stops answering, and when it returns it is built again, since notices were missed.
 */
function followEdgeCodeFile(app: FastifyInstance, codeFile: EdgeCodeFile): void {
  const { redis, metrics } = app;
  new Gauge({
    name: 'rq_edge_code_file_codes',
    help: 'Codes in the edge code file (0 while it is being built or is off).',
    registers: [metrics.registry],
    collect() {
      this.set(codeFile.size);
    },
  });
  const build = () => void codeFile.build().then(() => releaseAfterLargeBuild(codeFile));
  app.addHook('onReady', async () => {
    // A job thread answers no scans: the edge's file is the server's alone.
    if (app.role.kind !== 'server') return;
    if (!redis || redis.status === 'ready') build();
    redis?.on('close', () => codeFile.pause());
    redis?.on('ready', build);
  });
  app.addHook('onClose', async () => codeFile.close());
}

/** Codes from which a build's garbage (freed, but resident until released) is worth a full collection. */
const LARGE_BUILD = 100_000;

function releaseAfterLargeBuild(codeFile: EdgeCodeFile): void {
  if (codeFile.size >= LARGE_BUILD) releaseFreedHeap();
}

declare module 'fastify' {
  interface FastifyInstance {
    qrcodes: QrCodesService;
    /** The redirect edge's read of a code by (host, slug) (edge-code-lookup.ts). */
    codeLookup: EdgeCodeLookup;
  }
}
