import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { transferRoutes } from './transfer.routes.js';
import { TransferService } from './transfer.service.js';

/**
 * Import and export of codes (issue 30): `app.transfer` and its routes under /api/v1/qrcodes.
 * It reads and writes codes through the QR codes service only, rules through the rules service,
 * and asks the hostnames service which names a file's codes may keep.
 */
export const transferModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'transfer',
      new TransferService({ codes: app.qrcodes, rules: app.rules, hostnames: app.hostnames, gs1: app.gs1 }),
    );
    await app.register(transferRoutes);
  },
  { name: 'transfer', dependencies: ['auth', 'idempotency', 'qrcodes', 'rules', 'hostnames', 'gs1'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    transfer: TransferService;
  }
}
