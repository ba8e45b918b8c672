import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { TSchema } from '@sinclair/typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../config.js';
import type { Account, Workspace } from '../modules/accounts/accounts.service.js';
import { SCOPES, type Scope } from '../modules/apikeys/apikeys.scopes.js';
import { looksLikeApiKey } from '../modules/apikeys/apikeys.service.js';
import type { Actor } from '../modules/events/events.service.js';
import { loadOnUse } from '../shared/load-on-use.js';
import { Problem } from '../shared/problem.js';
import { ProblemSchema } from '../shared/problem-schema.js';
import { type Permission, type Role, roleAtLeast } from './permissions.js';

export type { Account, Workspace } from '../modules/accounts/accounts.service.js';
export { SCOPES, type Scope } from '../modules/apikeys/apikeys.scopes.js';
export type { Permission, Role } from './permissions.js';

/**
 * Who is calling. Requests carry `Authorization: Bearer <Firebase ID token | rq_ key>` or
 * `X-API-Key: rq_...`; the API marketplace's proxy vouches for its users with a shared secret.
 */
export interface Principal {
  kind: 'firebase' | 'apiKey' | 'marketplace';
  /** The API key's id when kind is apiKey. */
  keyId?: string;
  /** What the caller may do: a key's own scopes; every scope for users and marketplace callers. */
  scopes: readonly Scope[];
}

/**
 * What a write needs to know about its caller: the workspace it changes, the caller's role
 * there, and who they are for the audit log. Services take it in place of an account id.
 */
export interface WorkspaceAccess {
  workspaceId: string;
  role: Role;
  actor: Actor;
  /** The request's id (`x-request-id`): the audit log records it with every change the request makes. */
  requestId: string;
}

/** The header a signed-in request names its workspace with; API keys belong to one and ignore it. */
export const WORKSPACE_HEADER = 'rq-workspace';

/** Carries the server's sign-in of a request to the job thread it hands the request to. */
export const JOB_IDENTITY_HEADER = 'rq-job-identity';

export interface AuthContext {
  workspace: Workspace;
  access: WorkspaceAccess;
  principal: Principal;
  /** The signed-in person (their personal account); null for API keys and marketplace callers. */
  user: Account | null;
  /** The e-mail address the ID token carries and whether Firebase has verified it; null for keys. */
  signInEmail: SignInEmail | null;
}

export interface SignInEmail {
  address: string | null;
  verified: boolean;
}

/** How a route names its workspace, when not by RQ-Workspace. */
export interface AuthOptions {
  /**
   * The path parameter that names the workspace (`/workspaces/{id}/...`): for these routes it is
   * authoritative and RQ-Workspace is ignored; the role checked is the caller's in that workspace,
   * and a workspace the caller is not in (or an API key's other workspace) is a 404.
   */
  workspaceParam?: string;
}

const AUTH_REQUIREMENT = Symbol('rq.authRequirement');

export type AuthHook = onRequestHookHandler & { readonly [AUTH_REQUIREMENT]: Permission };

function unauthorized(detail: string, invalidToken = true): Problem {
  return new Problem('unauthorized', detail, {
    headers: { 'www-authenticate': invalidToken ? 'Bearer error="invalid_token"' : 'Bearer' },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A JWT's header, to refuse unsigned tokens before anything else looks at them. */
function jwtAlgorithm(token: string): string | undefined {
  const [header] = token.split('.');
  try {
    const parsed = JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof parsed.alg === 'string' ? parsed.alg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies callers and hands routes a typed `request.workspace`, `request.access` (workspace, role,
 * actor), `request.user` and `request.principal`.
 * Routes opt in with `onRequest: app.authenticate(canCreateRule)`, a permission of their module's
 * `<name>.permissions.ts` (the role a member needs, the scope a key needs): the check runs before
 * the body is read, parsed or validated, so a stranger is told 401 and nothing about a malformed
 * or oversized body. The route's OpenAPI entry gets its `security`, its 401/403/429/503 answers and
 * the role and scope it needs automatically.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    // Callers resolve to accounts and keys through those modules' services, registered before this
    // plugin (see the dependencies below); failed and counted sign-ins go to the rate limits.
    const { accounts, apiKeys, rateLimits, workspaces } = app;
    // firebase-admin reads the emulator host from the environment; one named app per Fastify app,
    // so several apps in one process (tests) never share state.
    if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
    // firebase-admin is loaded with the first ID token to check: an instance that only redirects,
    // or is driven by API keys, never holds it (about 10 MB).
    let firebase: { auth: Auth; close(): Promise<void> } | undefined;
    const firebaseAuth = (): Auth => {
      if (!firebase) {
        const { initializeApp, deleteApp } = loadOnUse(
          'firebase-admin/app',
        ) as typeof import('firebase-admin/app');
        const { getAuth } = loadOnUse('firebase-admin/auth') as typeof import('firebase-admin/auth');
        const firebaseApp = initializeApp(
          { projectId: config.firebase.projectId },
          `rq-auth-${randomUUID()}`,
        );
        firebase = { auth: getAuth(firebaseApp), close: () => deleteApp(firebaseApp) };
      }
      return firebase.auth;
    };
    app.addHook('onClose', async () => firebase?.close());

    /**
     * A link that verifies `email`, made by the Auth emulator, which sends no e-mail (so the site
     * shows the link). With a real Firebase project there is none: Firebase e-mails it itself.
     */
    async function emulatorVerificationLink(email: string, continueUrl: string): Promise<string> {
      if (!config.firebase.emulatorHost) {
        throw new Problem(
          'conflict',
          'Firebase e-mails verification links on this server: ask for one with Firebase (sendEmailVerification()).',
        );
      }
      try {
        return await firebaseAuth().generateEmailVerificationLink(email, { url: continueUrl });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/user-not-found') {
          throw unauthorized(
            'The Auth emulator has no account with this e-mail address any more: sign in again.',
          );
        }
        app.log.error({ err: error }, 'the Auth emulator made no verification link');
        throw new Problem(
          'unavailable',
          'The sign-in service cannot make a verification link right now; try again shortly.',
        );
      }
    }
    app.decorate('emulatorVerificationLink', emulatorVerificationLink);

    async function verifyFirebaseToken(token: string): Promise<DecodedIdToken> {
      // Outside emulator mode only signed tokens are acceptable, whatever the environment says.
      if (!config.firebase.emulatorHost && jwtAlgorithm(token) !== 'RS256') {
        throw unauthorized('The ID token is not signed (RS256); sign in with Firebase to get one.');
      }
      try {
        return await firebaseAuth().verifyIdToken(token);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'auth/id-token-expired') {
          throw unauthorized('The ID token has expired; get a fresh one from Firebase (getIdToken()).');
        }
        if (typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error') {
          const reason = String((error as Error).message).split(/(?<=\.)\s+(?=Make sure|See )/)[0];
          throw unauthorized(`The ID token could not be verified: ${reason}`);
        }
        app.log.error({ err: error }, 'Firebase ID token verification failed');
        throw new Problem('unavailable', 'Sign-in cannot be checked right now; try again shortly.');
      }
    }

    function marketplaceUser(request: FastifyRequest): string | undefined {
      const secret = config.marketplace.proxySecret;
      const given = singleHeader(request.headers['x-rapidapi-proxy-secret']);
      if (!secret || given === undefined || !sameSecret(given, secret)) return undefined;
      const user = singleHeader(request.headers['x-rapidapi-user'])?.trim();
      if (!user) throw unauthorized('The marketplace request names no user (X-RapidAPI-User).');
      return user;
    }

    async function identify(request: FastifyRequest, options: AuthOptions): Promise<AuthContext> {
      const fromPath = options.workspaceParam
        ? (request.params as Record<string, string | undefined>)[options.workspaceParam]
        : undefined;
      const fromMarketplace = marketplaceUser(request);
      if (fromMarketplace !== undefined) {
        const account = await accounts.ensureForMarketplace(fromMarketplace);
        if (options.workspaceParam) ownWorkspaceOnly(account.id, fromPath);
        return {
          workspace: await workspaceOf(account.id),
          access: {
            workspaceId: account.id,
            role: 'owner',
            actor: { type: 'user', id: `marketplace:${fromMarketplace}`, email: null },
            requestId: request.id,
          },
          principal: { kind: 'marketplace', scopes: SCOPES },
          user: null,
          signInEmail: null,
        };
      }
      const authorization = singleHeader(request.headers.authorization);
      const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
      if (authorization !== undefined && bearer === undefined) {
        throw unauthorized('The Authorization header must be "Bearer <ID token or API key>".');
      }
      const credential = bearer ?? singleHeader(request.headers['x-api-key'])?.trim();
      if (!credential) {
        throw unauthorized(
          'Sign in: send Authorization: Bearer <Firebase ID token or API key>, or X-API-Key: rq_...',
          false,
        );
      }
      if (looksLikeApiKey(credential)) {
        const key = await apiKeys.verify(credential);
        const workspace = await accounts.getWorkspace(key.workspaceId);
        if (!workspace) throw unauthorized('Unknown API key.');
        if (options.workspaceParam) ownWorkspaceOnly(workspace.id, fromPath);
        // A key acts for its workspace within its scopes; roles are for people.
        return {
          workspace,
          access: {
            workspaceId: workspace.id,
            role: 'admin',
            actor: { type: 'apiKey', id: key.keyId, email: null },
            requestId: request.id,
          },
          principal: { kind: 'apiKey', keyId: key.keyId, scopes: key.scopes },
          user: null,
          signInEmail: null,
        };
      }
      const decoded = await verifyFirebaseToken(credential);
      const requested = options.workspaceParam
        ? fromPath
        : singleHeader(request.headers[WORKSPACE_HEADER])?.trim() || undefined;
      const { user, workspace, role } = await workspaces.enter(
        {
          uid: decoded.uid,
          email: decoded.email,
          displayName: typeof decoded.name === 'string' ? decoded.name : undefined,
          photoURL: decoded.picture,
        },
        requested,
      );
      return {
        workspace,
        access: {
          workspaceId: workspace.id,
          role,
          actor: { type: 'user', id: decoded.uid, email: user.email },
          requestId: request.id,
        },
        principal: { kind: 'firebase', scopes: SCOPES },
        user,
        signInEmail: { address: decoded.email ?? null, verified: decoded.email_verified === true },
      };
    }

    /** A key (or marketplace caller) reaches only its own workspace by path; any other is not found. */
    function ownWorkspaceOnly(own: string, fromPath: string | undefined): void {
      if (fromPath !== own)
        throw new Problem('not_found', `No workspace ${fromPath} is reachable with this key.`);
    }

    /**
     * In a job thread: the identity the server established for this request (jobs.module.ts),
     * taken as it is rather than checked again. Checking again meant a second Firebase call from
     * a thread at the lowest priority, which a busy machine starved past its timeout.
     */
    function handedOver(request: FastifyRequest): AuthContext | undefined {
      if (app.role.kind !== 'jobs') return undefined;
      const header = singleHeader(request.headers[JOB_IDENTITY_HEADER]);
      const [secret, encoded] = header?.split(' ') ?? [];
      if (!secret || !encoded || !sameSecret(secret, app.role.identitySecret)) return undefined;
      return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as AuthContext;
    }

    async function workspaceOf(workspaceId: string): Promise<Workspace> {
      const workspace = await accounts.getWorkspace(workspaceId);
      if (!workspace) throw new Error(`account ${workspaceId} vanished after sign-in`);
      return workspace;
    }

    function authenticate(permission: Permission, options: AuthOptions = {}): AuthHook {
      const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        let identity: AuthContext;
        try {
          identity = handedOver(request) ?? (await identify(request, options));
        } catch (error) {
          // Failed sign-ins draw on the client IP's budget, which slows down guessing.
          if (error instanceof Problem && error.code === 'unauthorized')
            await rateLimits.consumeForIp(request, reply);
          throw error;
        }
        request.authContext = identity;
        const { workspace, principal, access, user } = identity;
        await rateLimits.consumeForAccount(reply, workspace.id, { keyId: principal.keyId, userId: user?.id });
        checkPermission(permission, principal, access.role);
      };
      return Object.assign(hook, { [AUTH_REQUIREMENT]: permission }) as AuthHook;
    }

    app.decorate('authenticate', authenticate);
    app.decorateRequest('authContext', null);
    const fromAuthContext = <K extends keyof AuthContext>(field: K) => ({
      getter(this: FastifyRequest): AuthContext[K] {
        if (!this.authContext) throw new Error(`request.${field} read on a route without app.authenticate()`);
        return this.authContext[field];
      },
    });
    app.decorateRequest('workspace', fromAuthContext('workspace'));
    app.decorateRequest('access', fromAuthContext('access'));
    app.decorateRequest('principal', fromAuthContext('principal'));
    app.decorateRequest('user', fromAuthContext('user'));
    app.decorateRequest('signInEmail', fromAuthContext('signInEmail'));

    app.addHook('onRoute', (route) => {
      refuseAuthAfterBodyParsing(route);
      const requirement = findRequirement(route);
      if (!requirement) return;
      route.config = { ...route.config, auth: requirement };
      documentSecurity(route, requirement);
    });
  },
  { name: 'auth', dependencies: ['errors', 'rate-limit', 'accounts', 'apikeys', 'workspaces'] },
);

/**
 * The named check, after sign-in and before the route reads anything: signed-in-only operations
 * refuse keys, a key needs the scope, and a member needs the role.
 */
export function checkPermission(permission: Permission, principal: Principal, role: Role): void {
  if (permission.session && principal.kind !== 'firebase') {
    throw new Problem(
      'forbidden',
      'Only a signed-in user (Firebase ID token) can do this; API keys and marketplace access cannot.',
      { extensions: { permission: permission.name } },
    );
  }
  if (principal.kind === 'apiKey') {
    if (permission.scope && !principal.scopes.includes(permission.scope)) {
      throw new Problem('insufficient_scope', `This API key lacks the scope "${permission.scope}".`, {
        extensions: { scope: permission.scope },
      });
    }
    return;
  }
  if (!roleAtLeast(role, permission.role)) {
    throw new Problem(
      'forbidden',
      `This needs the ${permission.role} role in this workspace (or a higher one); you are ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      { extensions: { role: permission.role, yourRole: role, permission: permission.name } },
    );
  }
}

function findRequirement(route: RouteOptions): Permission | undefined {
  for (const hook of hooksOf(route.onRequest)) {
    const requirement = (hook as Partial<AuthHook>)[AUTH_REQUIREMENT];
    if (requirement) return requirement;
  }
  return undefined;
}

const hooksOf = (hooks: unknown): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
const isAuthHook = (hook: unknown) => (hook as Partial<AuthHook>)[AUTH_REQUIREMENT] !== undefined;

/**
 * The auth hook belongs on `onRequest`. Anywhere later (`preValidation`, `preHandler`) a stranger's
 * body would be read, parsed and validated first, and its errors would answer before the 401: the
 * route fails at start instead.
 */
function refuseAuthAfterBodyParsing(route: RouteOptions): void {
  for (const stage of ['preParsing', 'preValidation', 'preHandler'] as const) {
    if (hooksOf(route[stage]).some(isAuthHook)) {
      throw new Error(
        `${route.method} ${route.url}: app.authenticate() is a ${stage} hook; put it in onRequest, so a stranger gets 401 before the body is read.`,
      );
    }
  }
}

/** The OpenAPI entry says how to authenticate and what the refusals look like. */
function documentSecurity(route: RouteOptions, requirement: Permission): void {
  route.schema ??= {};
  const schema = route.schema as { security?: unknown; response?: Record<string, TSchema> };
  schema.security ??= requirement.session ? [{ bearer: [] }] : [{ bearer: [] }, { apiKey: [] }];
  if (schema.response) {
    schema.response['401'] ??= ProblemSchema;
    if (requirement.role !== 'viewer' || requirement.session || requirement.scope)
      schema.response['403'] ??= ProblemSchema;
    // A signed-in request naming a workspace it is not in (RQ-Workspace) is a 404 on every route.
    schema.response['404'] ??= ProblemSchema;
    schema.response['429'] ??= ProblemSchema;
    // Whatever the route does, the account behind the caller is read from the database first.
    schema.response['503'] ??= ProblemSchema;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The `onRequest` hook that admits only authenticated callers meeting the requirement,
     * counts them against their rate limit, checks the permission, and sets request.workspace/access/user/principal.
     */
    authenticate(permission: Permission, options?: AuthOptions): AuthHook;
    /**
     * On the Firebase Auth emulator: a link that verifies the address and then opens `continueUrl`.
     * Elsewhere a 409 `conflict` (Firebase sends the e-mail itself).
     */
    emulatorVerificationLink(email: string, continueUrl: string): Promise<string>;
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
    /** The workspace the request works in; only on routes behind app.authenticate() (elsewhere it throws). */
    readonly workspace: Workspace;
    /** The workspace, the caller's role in it and the actor for the audit log; behind app.authenticate(). */
    readonly access: WorkspaceAccess;
    /** The signed-in person, or null for API keys and marketplace callers; behind app.authenticate(). */
    readonly user: Account | null;
    /** The ID token's e-mail and whether it is verified; null for keys; behind app.authenticate(). */
    readonly signInEmail: SignInEmail | null;
    /** How the caller authenticated and with which scopes; only behind app.authenticate(). */
    readonly principal: Principal;
  }
  interface FastifyContextConfig {
    /** Set automatically on routes behind app.authenticate(). */
    auth?: Permission;
  }
}
