import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shortLinkHost } from '../../shared/host-name.js';
import { printingRoutes } from './printing.routes.js';
import { PrintingService } from './printing.service.js';

/**
 * The printing module: ZIPs of many codes' images and vector print sheets, streamed. It reads codes
 * through the QR codes module's service (`app.qrcodes.prints`) and writes nothing, so it records no
 * events.
 */
export const printingModule = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const service = new PrintingService({ codes: app.qrcodes, primaryHost: shortLinkHost(config) });
    app.decorate('printing', service);
    await app.register(printingRoutes);
  },
  { name: 'printing', dependencies: ['auth', 'qrcodes'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    printing: PrintingService;
  }
}
