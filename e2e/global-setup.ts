import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FirebaseEmulator, startFirebaseEmulator } from '../scripts/lib/firebase-emulator.mjs';
import { freePort } from '../scripts/lib/ports.mjs';
import { SERVER_ENTRY, type ServerProcess, startServerProcess } from '../scripts/lib/server-process.mjs';
import { type DnsHarness, E2E_EDGE_HOSTNAME, startDnsHarness } from './dns.js';
import { type PaypalStandinProcess, startPaypalStandinProcess } from './paypal.js';

const root = path.resolve(import.meta.dirname, '..');

/** The marketplace page the footer must link to: a setting, so the test sets its own. */
export const E2E_MARKETPLACE_URL = 'https://marketplace.example.com/rq-codes';

/**
 * Starts the Firebase Auth emulator (the project's launcher, scripts/lib/firebase-emulator.mjs),
 * a dnsmasq the server verifies hostnames against (e2e/dns.ts), the PayPal stand-in the server
 * bills through and the site loads its JS SDK from (e2e/paypal.ts), and the built server on free
 * ports with a throw-away DATA_DIR. With PayPal configured, plans set the limits (a spec that
 * needs custom hostnames buys the Custom Hostnames plan through the stand-in first). Tests read
 * the addresses from the environment (workers inherit it). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const siteBuild = path.join(root, 'web/build/index.html');
  for (const needed of [SERVER_ENTRY, siteBuild]) {
    if (!fs.existsSync(needed)) throw new Error(`${needed} is missing: run \`npm run build\` first`);
  }

  // A running emulator may be reused: `npm test` passes the one the unit tests used (its accounts
  // cleared), and RQ_E2E_AUTH_EMULATOR_HOST=127.0.0.1:9099 iterates quickly.
  let emulator: FirebaseEmulator | undefined;
  let emulatorHost = process.env.RQ_E2E_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    emulator = await startFirebaseEmulator({ port: await freePort() });
    emulatorHost = emulator.host;
  }

  let dns: DnsHarness;
  try {
    dns = await startDnsHarness();
  } catch (error) {
    await emulator?.stop();
    throw error;
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let paypal: PaypalStandinProcess;
  try {
    paypal = await startPaypalStandinProcess(await freePort(), `${baseURL}/api/v1/billing/paypal/webhook`);
  } catch (error) {
    await emulator?.stop();
    await dns.stop();
    throw error;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-e2e-'));
  let server: ServerProcess;
  try {
    server = await startServerProcess({
      port,
      env: {
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        FIREBASE_PROJECT_ID: '',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        MARKETPLACE_URL: E2E_MARKETPLACE_URL,
        DNS_RESOLVER: dns.address,
        EDGE_HOSTNAME: E2E_EDGE_HOSTNAME,
        HOSTNAMES_LIMIT: '',
        DEFAULT_PLAN: '',
        ...paypal.serverEnv,
        GA_MEASUREMENT_ID: '',
        LOG_LEVEL: 'warn',
      },
    });
  } catch (error) {
    await emulator?.stop();
    await dns.stop();
    await paypal.stop();
    throw error;
  }

  process.env.RQ_E2E_BASE_URL = baseURL;
  process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE = emulatorHost;
  process.env.RQ_E2E_MARKETPLACE_URL = E2E_MARKETPLACE_URL;
  process.env.RQ_E2E_DNS_PORT = String(dns.port);
  process.env.RQ_E2E_DNS_CONTROL = dns.controlUrl;
  process.env.RQ_E2E_PAYPAL_STANDIN = paypal.url;

  return async () => {
    await server.stop('SIGTERM', 10_000);
    await emulator?.stop();
    await dns.stop();
    await paypal.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
