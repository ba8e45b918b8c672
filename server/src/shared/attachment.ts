import type { FastifyReply } from 'fastify';

/** Answers `body` as a file to save: its media type, and `content-disposition: attachment` naming it. */
export function sendAttachment(reply: FastifyReply, contentType: string, fileName: string, body: unknown) {
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
