/**
 * Text templates (the description's /template/): HTML or text a document can be sent from instead of
 * a template PDF. Signing places are marked with text tags (`<<t=signature;s=1>>`, the same grammar as PDFs).
 */
import type { App, IdRequest } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { notFound } from '../http/errors.ts';
import { listMeta } from '../http/pagination.ts';
import { groupUri, isUuid, textTemplateUri, userUri } from '../domain/uris.ts';
import { ListOf, PaginationQuery, errorResponses } from '../schemas/common.ts';
import type { TextTemplate } from '../store/text-templates.ts';
import { groupsFilter, usableGroup } from './group-ref.ts';

const Summary = {
  resource_uri: Type.String(),
  uuid: Type.String(),
  title: Type.String(),
  group: Type.String(),
  user: Type.String(),
  archive: Type.Boolean({ description: 'true once archived (DELETE).' }),
  has_fields: Type.Boolean({ description: 'Whether the text holds signing-field tags.' }),
  signee_count: Type.Integer({ description: "How many signers the text's tags name (at least 1)." }),
  created: Type.String(),
  modified: Type.String(),
};
const TemplateSummary = Type.Object(Summary);
const TemplateDetail = Type.Object({ ...Summary, latest_text: Type.String() });

const Title = Type.String({ minLength: 1, maxLength: 60, pattern: '^[-\\w ]{1,60}$', description: 'Letters, digits, spaces, `-` and `_`; 1..60 characters.' });
const Text = Type.String({ minLength: 1, maxLength: 1_000_000, description: 'The HTML or text.' });

/** Signers named by the text tags (`s=2` → 2); a text without tags is for one signer. */
function tagInfo(text: string): { hasFields: boolean; signeeCount: number } {
  const tags = [...text.matchAll(/<<([^<>]*)>>/g)].map((m) => m[1]!);
  const signers = tags.map((t) => Number(t.match(/(?:^|;)\s*s\s*=\s*(\d+)/)?.[1] ?? 1));
  return { hasFields: tags.length > 0, signeeCount: Math.max(1, ...signers) };
}

const summary = (t: TextTemplate) => ({
  resource_uri: textTemplateUri(t.id),
  uuid: t.id,
  title: t.title,
  group: groupUri(t.groupId),
  user: userUri(t.userId),
  archive: t.archived,
  has_fields: tagInfo(t.latestText).hasFields,
  signee_count: t.signeeCount,
  created: t.created,
  modified: t.modified,
});

export default async function textTemplateRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/template/',
    {
      schema: {
        summary: 'List text templates',
        tags: ['text templates'],
        querystring: Type.Object({
          ...PaginationQuery,
          group: Type.Optional(Type.String({ maxLength: 200 })),
          archive: Type.Optional(Type.String({ description: '`false` (default) lists live templates, `true` archived ones, `all` both.' })),
        }),
        response: { 200: ListOf(TemplateSummary), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const q = request.query;
      const archive = (q.archive ?? 'false').toLowerCase();
      const archived = archive === 'all' ? undefined : archive === 'true' || archive === '1';
      const { total, templates } = await store.textTemplates.list(await groupsFilter(store, request, q.group), archived, q.limit, q.offset);
      return { meta: listMeta(request, { limit: q.limit, offset: q.offset, total }, { group: q.group, archive: q.archive }), objects: templates.map(summary) };
    },
  );

  app.post(
    '/api/v1/template/',
    {
      schema: {
        summary: 'Create a text template',
        tags: ['text templates'],
        body: Type.Object({ group: Type.String({ minLength: 1, maxLength: 200 }), title: Title, latest_text: Text, user: Type.Optional(Type.String()) }),
        description: 'Answers 201 with `Location` = the template.',
        response: { 201: TemplateDetail, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const groupId = await usableGroup(store, request, body.group);
      const t = await store.textTemplates.insert({
        groupId,
        userId: auth.user.id,
        title: body.title.trim(),
        latestText: body.latest_text,
        signeeCount: tagInfo(body.latest_text).signeeCount,
      });
      reply.code(201).header('Location', textTemplateUri(t.id));
      return { ...summary(t), latest_text: t.latestText };
    },
  );

  const load = async (request: IdRequest): Promise<TextTemplate> => {
    const auth = requireApiKey(request);
    const { id } = request.params;
    const t = isUuid(id) ? await store.textTemplates.get(id.toLowerCase()) : undefined;
    if (!t || !auth.groupIds.includes(t.groupId)) throw notFound('Text template', id);
    return t;
  };
  const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

  app.get(
    '/api/v1/template/:id/',
    {
      schema: {
        summary: 'A text template',
        tags: ['text templates'],
        params: Params,
        response: { 200: TemplateDetail, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const t = await load(request);
      return { ...summary(t), latest_text: t.latestText };
    },
  );

  app.patch(
    '/api/v1/template/:id/',
    {
      schema: {
        summary: 'Change a text template',
        tags: ['text templates'],
        params: Params,
        body: Type.Object({ title: Type.Optional(Title), latest_text: Type.Optional(Text) }),
        description: 'Fields left out keep their value. Answers 202 with the template.',
        response: { 202: TemplateDetail, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const t = await load(request);
      const body = request.body;
      const updated = (await store.textTemplates.update(t.id, {
        title: body.title?.trim(),
        latestText: body.latest_text,
        signeeCount: body.latest_text === undefined ? undefined : tagInfo(body.latest_text).signeeCount,
      }))!;
      reply.code(202);
      return { ...summary(updated), latest_text: updated.latestText };
    },
  );

  app.delete(
    '/api/v1/template/:id/',
    {
      schema: {
        summary: 'Archive a text template',
        tags: ['text templates'],
        params: Params,
        description: 'Archives it (recoverable, not deleted): it leaves the default list. Answers 204.',
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await store.textTemplates.update((await load(request)).id, { archived: true });
      reply.code(204);
      return null;
    },
  );
}
