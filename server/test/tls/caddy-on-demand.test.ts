import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { type DnsServer, startDnsmasq } from '../helpers/dnsmasq.js';
import { emulatorHost } from '../helpers/firebase.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * On-demand TLS with Debian's real Caddy running the Caddyfile we ship (deploy/Caddyfile, the one
 * the docs show), in front of the real server: Caddy asks /internal/tls/allow before issuing a
 * certificate, so a verified hostname gets one and its codes redirect over HTTPS, and any other
 * name's handshake fails. The only test-only part is the options file the Caddyfile imports
 * (an internal CA instead of Let's Encrypt, free ports, no admin endpoint).
 */

const CADDY = '/usr/bin/caddy';
const CADDYFILE = path.resolve(import.meta.dirname, '../../../deploy/Caddyfile');
const PRIMARY = 'app.rq.test';
const EDGE = 'edge.rq.test';
const VERIFIED = 'qr.example.com';
const PENDING = 'pending.example.com';
const TARGET = 'https://example.com/menu?table=4';

interface HostnameBody {
  id: string;
  hostname: string;
  status: string;
  verification: { name: string; value: string };
}

interface Curl {
  /** curl's exit code: 0, or 35 when the TLS handshake failed. */
  exitCode: number;
  status: string;
  location: string;
  stderr: string;
}

describe('on-demand TLS through Caddy (deploy/Caddyfile)', () => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let dns: DnsServer;
  let caddy: ChildProcess | undefined;
  let caddyLog = '';
  let dir: string;
  let httpsPort: number;
  let rootCa: string;
  let dnsPort: number;
  let pending: HostnameBody;

  beforeAll(async () => {
    if (!fs.existsSync(CADDY))
      throw new Error(`${CADDY} is missing: apt-get install -y caddy (.ci/run does)`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-caddy-'));
    dnsPort = await freePort();
    t = await listeningTestApp(
      { name: 'sqlite' },
      {
        env: {
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
          PUBLIC_URL: `https://${PRIMARY}`,
          EDGE_HOSTNAME: EDGE,
          DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
          TRUST_PROXY: 'true',
        },
      },
    );
    user = await signedInUser(t);

    // Both names are claimed; DNS publishes the records of only one of them.
    const verified = await addHostname(VERIFIED);
    pending = await addHostname(PENDING);
    await publish([verified]);
    await verify(verified, 'verified');
    const code = await api('POST', '/api/v1/qrcodes', {
      slug: 'menu',
      mode: 'redirect',
      target: TARGET,
      hostname: VERIFIED,
    });
    expect(code.statusCode, code.body).toBe(201);
    expect(code.json()).toMatchObject({ shortUrl: `https://${VERIFIED}/menu` });

    httpsPort = await freePort();
    const optionsFile = path.join(dir, 'options.caddy');
    fs.writeFileSync(
      optionsFile,
      [
        'debug', // Caddy says why it refused a handshake only at debug level
        'local_certs',
        'skip_install_trust',
        `http_port ${await freePort()}`,
        `https_port ${httpsPort}`,
        'admin off',
        '',
      ].join('\n'),
    );
    const data = path.join(dir, 'data');
    caddy = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: data,
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        RQ_CADDY_OPTIONS: optionsFile,
        RQ_HOSTS: PRIMARY,
        RQ_UPSTREAM: new URL(t.base).host,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      caddyLog += chunk.toString();
    };
    caddy.stdout?.on('data', collect);
    caddy.stderr?.on('data', collect);
    rootCa = path.join(data, 'caddy/pki/authorities/local/root.crt');
    await caddyServing();
  });

  afterAll(async () => {
    if (caddy && caddy.exitCode === null && caddy.signalCode === null) {
      const exited = once(caddy, 'exit');
      caddy.kill('SIGTERM');
      const timer = setTimeout(() => caddy?.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await dns?.stop();
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function api(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  }

  async function addHostname(hostname: string): Promise<HostnameBody> {
    const response = await api('POST', '/api/v1/hostnames', { hostname });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as HostnameBody;
  }

  /** Serves the TXT and CNAME records of these hostnames (and of the edge), and nothing else. */
  async function publish(hosts: HostnameBody[]): Promise<void> {
    await dns?.stop();
    dns = await startDnsmasq(dnsPort, {
      localDomains: ['example.com', 'rq.test'],
      records: [
        `--host-record=${EDGE},127.0.0.1`,
        ...hosts.flatMap((host) => [
          `--txt-record=${host.verification.name},${host.verification.value}`,
          `--cname=${host.hostname},${EDGE}`,
        ]),
      ],
    });
  }

  async function verify(host: HostnameBody, status: string): Promise<void> {
    const check = await api('POST', `/api/v1/hostnames/${host.id}/verify`);
    expect(check.json(), check.body).toMatchObject({ status });
  }

  /** Caddy is up when its local CA exists and its HTTPS port takes connections. */
  async function caddyServing(): Promise<void> {
    const serving = async () => {
      if (caddy?.exitCode !== null) throw new Error(`caddy exited (${caddy?.exitCode}):\n${caddyLog}`);
      return fs.existsSync(rootCa) && (await curl(PRIMARY, '/healthz')).exitCode === 0;
    };
    await waitFor(serving, `caddy to serve on ${httpsPort}`, { timeoutMs: 60_000, everyMs: 100 }).catch(
      (error: Error) => {
        throw new Error(`${error.message}:\n${caddyLog}`);
      },
    );
  }

  /** curl as a scanner's phone would connect: to `name` (resolved to Caddy), trusting Caddy's CA. */
  function curl(name: string, pathname: string, headers: string[] = []): Promise<Curl> {
    const args = [
      '-sS',
      '--max-time',
      '10',
      '--resolve',
      `${name}:${httpsPort}:127.0.0.1`,
      '--cacert',
      rootCa,
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{redirect_url}',
      ...headers.flatMap((header) => ['-H', header]),
      `https://${name}:${httpsPort}${pathname}`,
    ];
    return new Promise((resolve) => {
      execFile('curl', args, { encoding: 'utf8' }, (error, stdout, stderr) => {
        const [status = '', location = ''] = stdout.split(' ');
        const exitCode = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ exitCode, status, location, stderr });
      });
    });
  }

  it('issues a certificate for a verified hostname, and its code redirects over HTTPS', async () => {
    const scan = await curl(VERIFIED, '/menu');
    expect(scan, caddyLog).toMatchObject({ exitCode: 0, status: '302', location: TARGET });
    // The certificate Caddy issued for the name, signed by its internal CA.
    expect(fs.existsSync(path.join(dir, 'data/caddy/certificates/local', VERIFIED, `${VERIFIED}.crt`))).toBe(
      true,
    );
  });

  it('routes by the name the scanner connected to, not an X-Forwarded-Host the client sent', async () => {
    // Caddy replaces a client's X-Forwarded-* headers, so TRUST_PROXY cannot be used to pick a host.
    const scan = await curl(VERIFIED, '/menu', [`X-Forwarded-Host: ${PRIMARY}`]);
    expect(scan).toMatchObject({ exitCode: 0, status: '302', location: TARGET });
  });

  it('refuses the handshake for a name that is not verified, after asking the server', async () => {
    const scan = await curl(PENDING, '/menu');
    expect(scan.exitCode, scan.stderr).toBe(35);
    expect(scan.status).toBe('000');
    // Caddy asked /internal/tls/allow about the name, and the server said no.
    expect(caddyLog).toContain(`${PENDING}: certificate not allowed by ask endpoint`);
    expect(caddyLog).toMatch(/tls\/allow - non-2xx status code 404/);
    expect(fs.existsSync(path.join(dir, 'data/caddy/certificates/local', PENDING))).toBe(false);
  });

  it('issues the certificate once the name verifies, with no restart', async () => {
    const verified = (await api('GET', '/api/v1/hostnames')).json() as { data: HostnameBody[] };
    await publish(verified.data);
    await verify(pending, 'verified');
    const scan = await curl(PENDING, '/menu');
    expect(scan.exitCode, scan.stderr).toBe(0);
    // No code has that slug on this name: its not-found answer, over HTTPS.
    expect(scan.status).toBe('404');
  });

  it('refuses the handshake for a name nobody added', async () => {
    const scan = await curl('unknown.example.com', '/menu');
    expect(scan.exitCode, scan.stderr).toBe(35);
  });

  it('keeps the allow endpoint private: asked through Caddy it is a 404', async () => {
    const outside = await curl(PRIMARY, `/internal/tls/allow?domain=${VERIFIED}`);
    expect(outside).toMatchObject({ exitCode: 0, status: '404' });
    // ...while Caddy's own ask, straight from loopback, gets its 200.
    const ask = await fetch(`${t.base}/internal/tls/allow?domain=${VERIFIED}`);
    expect(ask.status).toBe(200);
  });
});
