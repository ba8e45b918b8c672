import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { Problem } from '../../shared/problem.js';
import type { CreateCodeCommand, QrCodesService } from '../qrcodes/qrcodes.service.js';
import { transferRoutes } from './transfer.routes.js';
import { type BulkCreateResult, TransferService } from './transfer.service.js';

/**
 * Import and export of codes (issue 30): `app.transfer` and its routes under /api/v1/qrcodes.
 * It reads and writes codes through the QR codes service only, rules through the rules service,
 * and asks the hostnames service which names a file's codes may keep.
 */
export const transferModule = fp(
  async (app: FastifyInstance) => {
    const codes = app.qrcodes;
    app.decorate(
      'transfer',
      new TransferService({
        codes: {
          check: (access, input) => codes.check(access, input),
          exportPage: (accountId, query) => codes.exportPage(accountId, query),
          bulkCreate: (access, items) => createEach(codes, access, items),
        },
        rules: app.rules,
        hostnames: app.hostnames,
      }),
    );
    await app.register(transferRoutes);
  },
  { name: 'transfer', dependencies: ['auth', 'idempotency', 'qrcodes', 'rules', 'hostnames'] },
);

/**
 * Creates items one by one with the bulk create's answer shape (until QrCodesService.bulkCreate
 * lands): a refused item is its problem, the others go on.
 */
async function createEach(
  codes: QrCodesService,
  access: WorkspaceAccess,
  items: CreateCodeCommand[],
): Promise<BulkCreateResult[]> {
  const results: BulkCreateResult[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const { code } = await codes.create(access, item);
      results.push({ index, status: 201, qrcode: code });
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      results.push({ index, status: error.status, problem: error });
    }
  }
  return results;
}

declare module 'fastify' {
  interface FastifyInstance {
    transfer: TransferService;
  }
}
