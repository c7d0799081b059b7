/**
 * Background jobs for the dashboard: the jobs of documents in the caller's groups (a failed one
 * says why), and a retry. API keys only; a job of another group is a 404, as its document is.
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { errorResponses, ListOf, PaginationQuery } from '../schemas/common.ts';
import type { JobListing } from '../store/jobs.ts';
import { signingServiceOf } from '../services/signing/service.ts';

const TAGS = ['jobs'];
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const JobResource = Type.Object({
  id: Type.String(),
  resource_uri: Type.String(),
  kind: Type.String({ description: '`final_pdf`: building the signed PDF once every recipient has finished.' }),
  document: Type.String({ description: 'The document id.' }),
  document_name: Type.String(),
  document_status: Type.Integer(),
  state: Type.String({ description: '`pending` (running or waiting for its next attempt), `done`, or `failed` (attempts used up; retry it).' }),
  attempts: Type.Integer(),
  next_attempt: Type.Union([Type.String(), Type.Null()]),
  last_error: Type.String(),
  created: Type.Union([Type.String(), Type.Null()]),
  updated: Type.Union([Type.String(), Type.Null()]),
});

function jobResource(job: JobListing) {
  return {
    id: job.id,
    resource_uri: `/api/v1/jobs/${job.id}/`,
    kind: job.kind,
    document: job.documentId,
    document_name: job.documentName,
    document_status: job.documentStatus,
    state: job.state,
    attempts: job.attempts,
    next_attempt: job.state === 'pending' ? iso(job.nextAttemptAt) : null,
    last_error: job.lastError,
    created: iso(job.createdMs),
    updated: iso(job.updatedMs),
  };
}

export default async function jobRoutes(app: App): Promise<void> {
  const jobs = app.store.jobs;
  const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

  const visibleJob = async (groupIds: string[], id: string): Promise<JobListing> => {
    const listed = await jobs.listing(id);
    if (!listed || !groupIds.includes(listed.groupId)) throw notFound('Job', id);
    return listed;
  };

  app.get(
    '/api/v1/jobs/',
    {
      schema: {
        summary: 'Background jobs of your documents',
        tags: TAGS,
        description:
          'The background jobs (today the final PDF) of documents in your groups, most recently changed first. A `failed` job has used up its attempts: `last_error` says why, and a retry starts it again.',
        querystring: Type.Object({ ...PaginationQuery, state: Type.Optional(Type.Union(['pending', 'done', 'failed'].map((s) => Type.Literal(s)))) }),
        response: { 200: ListOf(JobResource), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const q = request.query;
      const { total, jobs: rows } = await jobs.list({ state: q.state, groupIds: auth.groupIds, limit: q.limit, offset: q.offset });
      return { meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { state: q.state }), objects: rows.map(jobResource) };
    },
  );

  app.get(
    '/api/v1/jobs/:id/',
    {
      schema: {
        summary: 'One background job (by job id or document id)',
        tags: TAGS,
        params: IdParam,
        response: { 200: JobResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => jobResource(await visibleJob(requireApiKey(request).groupIds, request.params.id)),
  );

  app.post(
    '/api/v1/jobs/:id/retry/',
    {
      schema: {
        summary: 'Retry a background job now (by job id or document id)',
        tags: TAGS,
        description:
          "Gives a failed (or waiting) job a fresh set of attempts and runs it now; answers once this attempt is over, with the job as it then is (`done`, or `pending` with the error and its next attempt). The retry is recorded in the document's history. A job already done is answered as it is.",
        params: IdParam,
        response: { 200: JobResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const job = await visibleJob(auth.groupIds, request.params.id);
      const runner = signingServiceOf(app.store)?.jobs;
      const actor = { type: 'user' as const, id: auth.user.id, label: auth.user.email, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
      const started = await runner?.retry(job.id, actor);
      if (started) await started.outcome;
      return jobResource(await visibleJob(auth.groupIds, job.id));
    },
  );
}
