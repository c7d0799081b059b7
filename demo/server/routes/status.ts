/** `GET /api/v1/status/` (many documents) and `/status/{id}/`: the short, fast status of documents. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { isUuid } from '../domain/uris.ts';
import { ListOf, PaginationQuery, errorResponses } from '../schemas/common.ts';
import { statusView } from '../services/documents/views.ts';
import { DocumentIdParams, StatusResponse } from './documents-schemas.ts';

const ARCHIVE_FILTERS: Record<string, boolean | undefined> = { '': false, false: false, 0: false, true: true, 1: true, archived: true, all: undefined };

export default async function statusRoutes(app: App): Promise<void> {
  const { documents } = app.store;

  app.get(
    '/api/v1/status/',
    {
      schema: {
        summary: 'Status of many documents (short and fast)',
        tags: ['documents'],
        querystring: Type.Object({
          ...PaginationQuery,
          filter: Type.Optional(
            Type.String({ description: 'Archived status: `false` (default) lists unarchived documents, `true` archived ones, `all` both.' }),
          ),
        }),
        description: 'The short status of every document of your groups, newest first; `meta.next`/`previous` keep the filter.',
        response: { 200: ListOf(StatusResponse), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const q = request.query;
      const filter = (q.filter ?? '').toLowerCase();
      if (!(filter in ARCHIVE_FILTERS))
        throw badRequest(`filter must be false, true or all (got ${JSON.stringify(q.filter)}).`, [{ field: 'filter', message: 'must be false, true or all' }]);
      const { total, documents: page } = await documents.list({ groupIds: auth.groupIds, limit: q.limit, offset: q.offset, archived: ARCHIVE_FILTERS[filter] });
      return {
        meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { filter: q.filter }),
        objects: page.map((d) =>
          statusView({
            id: d.id,
            group_id: d.groupId,
            status: d.status,
            archived: +d.archived,
            final_file: d.finalFile,
            tag: d.tag,
            tag1: d.tag1,
            tag2: d.tag2,
            tag3: d.tag3,
            modified: d.modified,
          }),
        ),
      };
    },
  );

  app.get(
    '/api/v1/status/:id/',
    {
      schema: {
        summary: 'Document status (short and fast)',
        tags: ['documents'],
        params: DocumentIdParams,
        description: 'Status number and text, archived, whether the final PDF exists, and the tags. Poll this rather than the detail.',
        response: { 200: StatusResponse, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const row = isUuid(id) ? await documents.statusRow(id.toLowerCase()) : undefined;
      if (!row || !auth.groupIds.includes(row.group_id)) throw notFound('Document', id);
      return statusView(row);
    },
  );
}
