/** `GET /api/v1/status/{id}/`: the short, fast status of a document (one primary-key read). */
import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/uris.ts';
import { errorResponses } from '../schemas/common.ts';
import { documentsOf } from '../services/documents/repositories.ts';
import { statusView } from '../services/documents/views.ts';
import { DocumentIdParams, StatusResponse } from './documents-schemas.ts';

export default async function statusRoutes(app: FastifyInstance): Promise<void> {
  const { documents } = documentsOf(app.store);

  app.get('/api/v1/status/:id/', {
    schema: {
      summary: 'Document status (short and fast)', tags: ['documents'], params: DocumentIdParams,
      description: 'Status number and text, archived, whether the final PDF exists, and the tags. Poll this rather than the detail.',
      response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 429) },
    },
  }, async (request) => {
    const auth = requireApiKey(request);
    const { id } = request.params as { id: string };
    const row = isUuid(id) ? documents.statusRow(id.toLowerCase()) : undefined;
    if (!row || !auth.groupIds.includes(row.group_id)) throw notFound('Document', id);
    return statusView(row);
  });
}
