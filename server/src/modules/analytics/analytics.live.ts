import type { ServerResponse } from 'node:http';
import type { LiveConversion } from '../conversions/conversions.service.js';
import { type StoredScan, scanView } from '../scans/scans.service.js';

/** A client of the live stream: one account's open text/event-stream response. */
interface LiveClient {
  workspaceId: string;
  /** Only these codes' scans; undefined for all. */
  codes: Set<string> | undefined;
  bots: boolean;
  response: ServerResponse;
}

/** A client that reads slower than its scans arrive is let go rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1 << 20;

/**
 * The live stream's clients on this instance. Every instance hears every stored batch (the scans
 * module announces it on the change bus, through Redis when set), and writes each scan to the
 * clients of its account here.
 */
export class LiveScans {
  private readonly clients = new Map<string, Set<LiveClient>>();

  get size(): number {
    let size = 0;
    for (const set of this.clients.values()) size += set.size;
    return size;
  }

  /** Adds a client; answers the function that removes it. */
  add(client: LiveClient): () => void {
    const set = this.clients.get(client.workspaceId) ?? new Set();
    set.add(client);
    this.clients.set(client.workspaceId, set);
    return () => {
      set.delete(client);
      if (set.size === 0) this.clients.delete(client.workspaceId);
    };
  }

  deliver(scans: StoredScan[]): void {
    if (this.clients.size === 0) return;
    for (const scan of scans) {
      const set = this.clients.get(scan.accountId);
      if (!set) continue;
      const frame = `event: scan\ndata: ${JSON.stringify(scanView(scan))}\n\n`;
      for (const client of set) {
        if (client.codes && !client.codes.has(scan.qrcode)) continue;
        if (scan.bot && !client.bots) continue;
        if (client.response.writableLength > MAX_BUFFERED_BYTES) client.response.destroy();
        else client.response.write(frame);
      }
    }
  }

  /** Conversions as they are stored: an event `conversion` to the clients of their workspace (and code). */
  deliverConversions(conversions: readonly LiveConversion[]): void {
    if (this.clients.size === 0) return;
    for (const conversion of conversions) {
      const set = this.clients.get(conversion.accountId);
      if (!set) continue;
      const frame = `event: conversion\ndata: ${JSON.stringify(conversion.view)}\n\n`;
      for (const client of set) {
        if (client.codes && !client.codes.has(conversion.qrcode)) continue;
        if (client.response.writableLength > MAX_BUFFERED_BYTES) client.response.destroy();
        else client.response.write(frame);
      }
    }
  }

  /** Ends every stream (shutdown: open streams would keep the server from closing). */
  endAll(): void {
    for (const set of this.clients.values()) for (const client of set) client.response.end();
    this.clients.clear();
  }
}
