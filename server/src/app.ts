import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/create-db.js';
import { createDatabase } from './db/create-db.js';
import { accountsModule, accountsRoutesModule } from './modules/accounts/accounts.module.js';
import { analyticsModule } from './modules/analytics/analytics.module.js';
import { apiKeysModule, apiKeysRoutesModule } from './modules/apikeys/apikeys.module.js';
import { assetsModule } from './modules/assets/assets.module.js';
import { billingModule } from './modules/billing/billing.module.js';
import { conversionsModule, conversionsWebhooksModule } from './modules/conversions/conversions.module.js';
import { designsModule } from './modules/designs/designs.module.js';
import { eventsModule, eventsRoutesModule } from './modules/events/events.module.js';
import { gs1Module } from './modules/gs1/gs1.module.js';
import { healthModule } from './modules/health/health.module.js';
import { hostnamesModule } from './modules/hostnames/hostnames.module.js';
import { mainThreadRateLimitStore } from './modules/jobs/job-rate-limits.js';
import { documentJobAnswers, jobsModule, runsJobThreads } from './modules/jobs/jobs.module.js';
import { plansModule } from './modules/plans/plans.module.js';
import { printingModule } from './modules/printing/printing.module.js';
import { qrcodesModule } from './modules/qrcodes/qrcodes.module.js';
import { gs1Cors } from './modules/redirect/edge-gs1.js';
import { type RawEdgeListener, redirectModule } from './modules/redirect/redirect.module.js';
import { rulesModule } from './modules/rules/rules.module.js';
import { scansModule } from './modules/scans/scans.module.js';
import { siteModule } from './modules/site/site.module.js';
import { slugsModule } from './modules/slugs/slugs.module.js';
import { transferModule } from './modules/transfer/transfer.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { webhooksScanFeedModule } from './modules/webhooks/webhooks.scan-feed.js';
import { workspacesModule, workspacesRoutesModule } from './modules/workspaces/workspaces.module.js';
import { authPlugin } from './plugins/auth.js';
import { installBodyParsers } from './plugins/body-parsers.js';
import { dbPlugin, migrateBeforeStart } from './plugins/db.js';
import { answerFrameworkError, errorsPlugin, useRequestId } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openapiPlugin } from './plugins/openapi.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { redisPlugin } from './plugins/redis.js';
import { BASELINE_SECURITY_HEADERS, securityHeadersPlugin } from './plugins/security-headers.js';
import { validationSchemaController } from './plugins/validation.js';
import { webPlugin } from './plugins/web.js';
import { BackgroundWork } from './shared/background-work.js';
import type { Clock } from './shared/clock.js';
import { setProblemDocsBase } from './shared/problem.js';

export interface AppOptions {
  /** An open database to use instead of the configured one (tests share one across apps). */
  database?: DatabaseHandle;
  /** Apply migrations at start (default true). */
  migrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Serve the site's build at / (default true). */
  serveWeb?: boolean;
  /** Time for what expires by the clock (a rotated signing secret's overlap); tests move it on. */
  clock?: Clock;
  /** Close `database` with the app although it was passed in (a job thread's own connection). */
  ownsDatabase?: boolean;
  /** The server (default), or a job thread's app (modules/jobs/job-thread.ts). */
  role?: AppRole;
  /** Run heavy requests on job threads (JOB_THREADS); default: unless `database` was passed in. */
  jobThreads?: boolean;
  /** Compile every route's validators and serializers at start, not on first use (a test's check). */
  compileSchemasAtStart?: boolean;
}

/**
 * What an app instance is for. The server answers scans (its recorder, journal and rollup fold thread, the
 * edge's caches). A job thread's app answers the heavy requests the server hands it; the
 * `background` one (the writes thread) runs the background work (webhook deliveries and the scan
 * feed, hostname checks, sweepers, pruning) while it runs, and the server runs it otherwise. Job
 * threads share the server's change notices and rate-limit windows through the named channels.
 */
export type AppRole =
  | { kind: 'server' }
  | {
      kind: 'jobs';
      changeChannel: string;
      rateLimitChannel: string;
      background: boolean;
      /** Proves a request's `rq-job-identity` header was set by the server (auth.ts). */
      identitySecret: string;
      /** The server's edge load as it publishes it (publishEdgeLoad); absent: never busy. */
      edgeLoad?: SharedArrayBuffer;
    };

/** The whole product as one Fastify instance: the cross-cutting plugins first, then the modules. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  setProblemDocsBase(config.publicUrl);
  // Scans on real sockets are answered before Fastify's routing (see modules/redirect/redirect.routes.ts).
  let rawEdge: RawEdgeListener | undefined;
  const app = Fastify({
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!rawEdge?.(request, response)) handler(request, response);
      });
      // Idle keep-alive connections outlive the load balancer's and clients' own idle timeouts
      // (60 s is common): with Node's 5 s, a client reusing a connection as we close it gets a reset.
      server.keepAliveTimeout = 72_000;
      server.headersTimeout = 75_000;
      return server;
    },
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A caller's own request id is kept (so logs join up across services), otherwise we make one.
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: () => randomUUID(),
    schemaController: validationSchemaController({ lazy: !options.compileSchemasAtStart }),
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(
        error,
        request,
        reply.headers(BASELINE_SECURITY_HEADERS).headers(gs1Cors(request.url)),
      ),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
  });

  installBodyParsers(app);
  app.addHook('onRequest', async (request, reply) => useRequestId(request, reply));

  // While shutting down, answers that were in flight close their keep-alive connection, so the
  // server can finish closing once they are sent instead of waiting for clients to hang up.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const database =
    options.database ??
    createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'rq.sqlite') });

  const ownsDatabase = options.database === undefined || options.ownsDatabase === true;
  if (options.migrate ?? true) await migrateBeforeStart(database, app.log, ownsDatabase);
  await app.register(errorsPlugin);
  const serveWeb = options.serveWeb ?? true;
  await app.register(securityHeadersPlugin, { config, webDir: serveWeb ? config.webDir : undefined });
  await app.register(dbPlugin, { handle: database, ownsHandle: ownsDatabase });
  app.decorate('config', config);
  const role: AppRole = options.role ?? { kind: 'server' };
  app.decorate<AppRole>('role', role);
  // Job threads open the database themselves: for the server's own database (a file or
  // PostgreSQL), or one passed in when asked (tests that pass theirs run jobs inline by default).
  const jobThreads =
    role.kind === 'server' &&
    runsJobThreads(config, database) &&
    (options.jobThreads ?? options.database === undefined);
  // Stopped before any module's own preClose hook (they close what the loops use).
  const backgroundWork = new BackgroundWork();
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('preClose', () => backgroundWork.stop());
  await app.register(metricsPlugin, { config });
  await app.register(openapiPlugin, { config });

  // Cross-cutting: Redis and the change bus, rate limits, sign-in (app.authenticate) and
  // Idempotency-Key, before any route. The rate limits read each account's plans, so the plans
  // module (held plans, limits, monthly usage, which it seeds from the scans module) comes first.
  // Sign-in is built from the accounts and API keys services, so those two come before it; their
  // routes come with the other modules.
  await app.register(redisPlugin, {
    config,
    threadChannel: role.kind === 'jobs' ? role.changeChannel : undefined,
  });
  // Workspaces come before every module that keeps data for one (each registers its eraser).
  await app.register(eventsModule);
  await app.register(accountsModule, { clock: options.clock });
  await app.register(workspacesModule);
  await app.register(scansModule);
  await app.register(plansModule);
  const { plans } = app;
  await app.register(rateLimitPlugin, {
    config,
    apiRateOf: (workspaceId) => plans.apiRateOf(workspaceId),
    // The server counted a job thread's requests before handing them over; their bulk items count here.
    ...(role.kind === 'jobs'
      ? {
          countRequests: false,
          ...(app.redis ? {} : { store: mainThreadRateLimitStore(role.rateLimitChannel) }),
        }
      : {}),
  });
  await app.register(apiKeysModule);
  await app.register(authPlugin, { config });
  await app.register(idempotencyPlugin);
  // Before the routes: heavy ones are handed to job threads from its hook.
  app.addHook('onRoute', documentJobAnswers);
  if (jobThreads) await app.register(jobsModule);

  // The modules, each a named plugin that creates its service and declares what it depends on;
  // a module comes after the ones it uses.
  await app.register(healthModule);
  await app.register(siteModule);
  await app.register(accountsRoutesModule);
  await app.register(workspacesRoutesModule);
  await app.register(apiKeysRoutesModule);
  await app.register(rulesModule);
  await app.register(hostnamesModule);
  await app.register(billingModule);
  await app.register(assetsModule);
  await app.register(qrcodesModule);
  await app.register(gs1Module);
  await app.register(transferModule);
  await app.register(printingModule);
  await app.register(conversionsModule);
  await app.register(analyticsModule);
  await app.register(designsModule);
  await app.register(slugsModule);
  await app.register(webhooksModule);
  await app.register(webhooksScanFeedModule);
  await app.register(conversionsWebhooksModule);
  // The audit log's routes; its eraser comes after the other modules' (whose erasers write nothing to it).
  await app.register(eventsRoutesModule);
  await app.register(redirectModule, {
    installRawListener: (listener) => {
      rawEdge = listener;
    },
  });

  // The site goes last: its catch-all must not shadow any API or redirect route.
  if (serveWeb) await app.register(webPlugin, { webDir: config.webDir });
  // After every module's own readiness. The server runs the loops while no job thread does
  // (the jobs module hands them over); of a job thread's apps, the writes thread's runs them.
  if (role.kind === 'server' || role.background) app.addHook('onReady', () => backgroundWork.start());

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    role: AppRole;
    /** The background loops (webhook deliveries, hostname checks, sweepers) and whether this app runs them now. */
    backgroundWork: BackgroundWork;
  }
}
