// Loopback ports for the processes the scripts, tests and benches start (the server, dnsmasq, Caddy,
// Redis, PostgreSQL, the Auth emulator).
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Ports below this are left to services that choose their own (PostgreSQL, Redis, the emulator). */
const LOWEST = 10_000;

/**
 * A port on 127.0.0.1 that is free for TCP and UDP right now, from below the kernel's ephemeral
 * range. A process is told its port before it binds it, and some are restarted on the same port;
 * a port from the ephemeral range could meanwhile be handed to an outgoing connection or DNS query
 * of a test running alongside (CI once failed so, dnsmasq on "Address already in use"). A port below
 * the range is only ever taken by someone asking for it.
 */
export async function freePort() {
  const end = Math.max(ephemeralPortsStart(), LOWEST + 1_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free loopback port between ${LOWEST} and ${end}`);
}

/** Whether a TCP listener and a UDP socket can both bind 127.0.0.1:`port` right now. */
export async function portIsFree(port) {
  const tcp = net.createServer();
  const udp = createSocket('udp4');
  try {
    await new Promise((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(port, '127.0.0.1', resolve);
    });
    return true;
  } catch {
    return false;
  } finally {
    if (tcp.listening) await new Promise((resolve) => tcp.close(resolve));
    await new Promise((resolve) => udp.close(resolve)).catch(() => undefined);
  }
}

/** The first port the kernel picks by itself for a socket that did not ask for one. */
function ephemeralPortsStart() {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) || 32_768;
  } catch {
    return 32_768; // not Linux: the usual default
  }
}
