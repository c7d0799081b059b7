/**
 * Answers no JSON schema describes: bytes (PDF, ZIP, attachments). Fastify sends a Buffer as it
 * is, never through the response serialiser, so the route's typed `reply.send` (which only knows
 * the JSON answers of its schema) is not the right type for it.
 */
import type { FastifyReply } from 'fastify';

export function sendBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.send(bytes);
}
