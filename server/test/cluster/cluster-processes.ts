import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { type ServerProcess, startServerProcess } from '../../../scripts/lib/server-process.mjs';
import { createDatabase } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openTestDatabase } from '../helpers/engines.js';
import { waitFor } from '../helpers/wait-for.js';

const serverDir = path.resolve(import.meta.dirname, '../..');
export const CLUSTER_SECRET = 'cluster-test-secret';

/**
 * The PostgreSQL database a cluster test runs on: a schema of its own on TEST_DATABASE_URL, or
 * without it a PostgreSQL of the test's own (initdb), migrated either way.
 */
export async function clusterDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await openTestDatabase({ name: 'postgres' });
    return { url: database.url as string, close: () => database.close() };
  }
  const postgres = await OwnPostgres.create();
  await migrateOwn(postgres.url);
  return { url: postgres.url, close: () => postgres.remove() };
}

/** Migrates a whole database (a PostgreSQL of a test's own). */
export async function migrateOwn(url: string): Promise<void> {
  const handle = createDatabase({ databaseUrl: url, pgPoolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
}

/** The Redis a cluster test runs on: TEST_REDIS_URL, or without it a redis-server of its own. */
export async function clusterRedis(): Promise<{ url: string; close(): Promise<void> }> {
  if (process.env.TEST_REDIS_URL) return { url: process.env.TEST_REDIS_URL, close: async () => {} };
  const redis = await OwnRedis.create();
  return { url: redis.url, close: () => redis.kill() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than undefined, or throws after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  ms: number,
  what: string,
): Promise<T> {
  // A check that fails (an instance down mid-restart) is one more look, as undefined is.
  return waitFor(() => check().catch(() => undefined), what, { timeoutMs: ms, everyMs: 100 });
}

/** One real server process (dist/server.js) of a cluster, with its own data folder (spool). */
export class Instance {
  private process: ServerProcess | undefined;
  /** The log of the runs before a restart. */
  private earlier = '';
  readonly base: string;

  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Everything the process logged (pino JSON lines), across restarts, for assertions on warnings. */
  get output(): string {
    return this.earlier + (this.process?.output() ?? '');
  }

  async start(): Promise<void> {
    this.earlier = this.output;
    this.process = undefined;
    this.process = await startServerProcess({
      port: this.port,
      cwd: serverDir,
      env: { ...this.env, DATA_DIR: this.dataDir, WEB_DIR: this.dataDir, LOG_LEVEL: 'warn' },
      name: `the instance on ${this.port}`,
    });
  }

  /** SIGTERM (drains the recorder), or SIGKILL; resolves once the process is gone. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    await this.process?.stop(signal);
  }
}

/**
 * N instances on one PostgreSQL schema and one Redis (a key prefix of their own), as a cluster
 * behind a load balancer runs them. The schema must be migrated already (openTestDatabase).
 */
export async function startCluster(
  count: number,
  options: { databaseUrl: string; redisUrl: string; env?: Record<string, string> },
): Promise<{ instances: Instance[]; stop(): Promise<void> }> {
  const prefix = `rq-cluster-${randomBytes(6).toString('hex')}:`;
  const instances: Instance[] = [];
  for (let i = 0; i < count; i += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rq-cluster-${i}-`));
    instances.push(
      new Instance(await freePort(), dataDir, {
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        REDIS_KEY_PREFIX: prefix,
        MARKETPLACE_PROXY_SECRET: CLUSTER_SECRET,
        ...options.env,
      }),
    );
  }
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: a loaded machine starts them more reliably than all at once.
    for (const instance of instances) await instance.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, stop };
}

/** A JSON call to an instance's API as the marketplace user `user`. */
export async function api(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  user = 'cluster-test',
): Promise<Record<string, unknown> & { id: string }> {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'x-rapidapi-proxy-secret': CLUSTER_SECRET,
      'x-rapidapi-user': user,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? {} : await response.json()) as Record<string, unknown> & { id: string };
}

/** A scan as a phone makes it: GET, not following the redirect; the status and Location. */
export async function scan(
  base: string,
  slug: string,
  method: 'GET' | 'HEAD' = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${base}/r/${slug}`, {
    method,
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', ...headers },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

/**
 * A Redis of this test's own (no persistence) on a free port, so a test can kill it without
 * disturbing the shared Redis other tests use. `kill` and `start` again on the same port.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  readonly url: string;

  constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async create(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    await eventually(() => this.ping(), 20_000, `redis-server on ${this.port}`);
  }

  /** SIGKILL: Redis goes away at once, as when its machine fails. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  private ping(): Promise<true | undefined> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(1000);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG') ? true : undefined);
      });
      socket.once('error', () => resolve(undefined));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(undefined);
      });
    });
  }
}

/** Scans `slug` in turn on each base until `stop()`; every answer's status is kept. */
export function scanLoad(bases: string[], slug: string) {
  const statuses: number[] = [];
  const locations: (string | null)[] = [];
  let running = true;
  const workers = bases.map(async (base) => {
    while (running) {
      try {
        const answer = await scan(base, slug);
        statuses.push(answer.status);
        locations.push(answer.location);
      } catch {
        statuses.push(0); // no answer at all
      }
      await sleep(20);
    }
  });
  return {
    statuses,
    locations,
    /** Resolves once `count` more scans have had an answer (or none: a refused connection counts). */
    more(count: number) {
      const goal = statuses.length + count;
      return waitFor(() => statuses.length >= goal, `${count} more scans`, {
        timeoutMs: 60_000,
        everyMs: 20,
      });
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Caddy with deploy/Caddyfile.cluster in front of `instances`, once it sees them all up. */
export async function startCaddy(instances: Instance[]): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    'caddy',
    ['run', '--config', path.resolve(serverDir, '../deploy/Caddyfile.cluster'), '--adapter', 'caddyfile'],
    {
      env: {
        ...process.env,
        RQ_PORT: String(port),
        RQ_BIND: '127.0.0.1',
        RQ_UPSTREAMS: instances.map((instance) => `127.0.0.1:${instance.port}`).join(' '),
        // Caddy's autosave and storage stay in a folder of this run.
        XDG_CONFIG_HOME: instances[0]?.dataDir ?? os.tmpdir(),
        XDG_DATA_HOME: instances[0]?.dataDir ?? os.tmpdir(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(output);
        return (await fetch(`${base}/readyz`)).ok ? true : undefined;
      },
      30_000,
      'caddy in front of the instances',
    );
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${output.slice(-2000)}`);
  }
  return { base, stop };
}

const pgBin = (name: string) => {
  const root = '/usr/lib/postgresql';
  const version = fs
    .readdirSync(root)
    .filter((entry) => fs.existsSync(path.join(root, entry, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error(`no ${name} under ${root}`);
  return path.join(root, version, 'bin', name);
};

/**
 * A PostgreSQL of this test's own (initdb into a temporary folder, pg_ctl on a free port), so a
 * test can stop it without disturbing the shared one. PostgreSQL refuses to run as root: then it
 * runs as the `postgres` user.
 */
export class OwnPostgres {
  readonly url: string;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  static async create(): Promise<OwnPostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-own-pg-'));
    const postgres = new OwnPostgres(await freePort(), dir);
    if (process.getuid?.() === 0) fs.chownSync(dir, postgresUid(), -1);
    await postgres.run(pgBin('initdb'), [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await postgres.start();
    return postgres;
  }

  start(): Promise<void> {
    return this.run(pgBin('pg_ctl'), [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** Stops at once (`-m immediate`), as when its machine fails. */
  stop(): Promise<void> {
    return this.run(pgBin('pg_ctl'), ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  async remove(): Promise<void> {
    await this.stop().catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private run(command: string, args: string[]): Promise<void> {
    const asRoot = process.getuid?.() === 0;
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return new Promise((resolve, reject) => {
      let output = '';
      const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${output}`)),
      );
    });
  }
}

function postgresUid(): number {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const uid = Number(line?.split(':')[2]);
  if (!Number.isInteger(uid)) throw new Error('no postgres user to run PostgreSQL as');
  return uid;
}
