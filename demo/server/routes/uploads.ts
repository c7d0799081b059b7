/**
 * The upload flow over HTTP (issue 17). Our REST additions until the GraphQL `upload` query exists:
 * `POST /api/v1/uploads/` mints a signed, single-use upload URL, `GET /api/v1/uploads/{id}/` reads its
 * status. `PUT /upload/{token}` takes the raw file (any format docs/decisions/conversion.md lists),
 * capped while it streams in; the token is checked and claimed before a byte of the body is read.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requireApiKey, authOf } from '../auth/context.ts';
import { unprocessable, tooLarge } from '../domain/errors.ts';
import type { App } from '../http/typed-app.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { idFromUri, templateUri } from '../domain/uris.ts';
import { booleanish, errorResponses, toBool } from '../schemas/common.ts';
import { UploadFlow, registerUploadFlow } from '../services/uploads/upload-flow.ts';
import type { Upload } from '../store/uploads.ts';

const MintBody = Type.Object({
  group: Type.String({ minLength: 1, description: 'Group resource URI (`/api/v1/group/{id}/`), or the group uuid or slug.' }),
  title: Type.Optional(Type.String({ maxLength: 255, description: 'The template\'s title; defaults to "Untitled".' })),
  process_tags: Type.Optional(booleanish('Parse text tags (`<<t=signature>>`) in the converted document into fields.')),
  archive_upon_send: Type.Optional(booleanish('Archive the template when a document is sent from it.')),
  hide_sender_fields: Type.Optional(booleanish('Hide sender (admin) fields from signers.')),
});

const UploadStatus = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('converting'), Type.Literal('done'), Type.Literal('failed')]),
  format: Type.Union([Type.String(), Type.Null()], { description: 'The format detected from the bytes (`docx`, `xlsx`, `png`, …).' }),
  template: Type.Union([Type.String(), Type.Null()], { description: 'The template URI once `done`; its id works in REST sends.' }),
  template_id: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()], { description: 'Why it `failed`.' }),
  expires: Type.String(),
  created: Type.String(),
  modified: Type.String(),
});

const MintAnswer = Type.Object({
  id: Type.String(),
  upload_url: Type.String({ description: 'PUT the raw file here (any Content-Type) within 15 minutes; it takes one file.' }),
  expires: Type.String(),
  status_uri: Type.String(),
});

function statusOf(upload: Upload) {
  return {
    id: upload.id,
    status: upload.status,
    format: upload.format,
    template: upload.templateId ? templateUri(upload.templateId) : null,
    template_id: upload.templateId,
    error: upload.errorCode ? { code: upload.errorCode, message: upload.errorMessage ?? '' } : null,
    expires: upload.expires,
    created: upload.created,
    modified: upload.modified,
  };
}

const uploadUri = (id: string) => `/api/v1/uploads/${id}/`;

export default async function uploadRoutes(app: App): Promise<void> {
  const converter = app.converter;
  const flow = new UploadFlow(app, converter);
  await flow.uploads.failInterrupted(); // conversions a stopped process left half-done
  if (process.env.ESIGN_CONVERT_PREWARM === '1') {
    try {
      converter.soffice.warm();
    } catch {
      /* no LibreOffice: office conversions answer 503 naming the packages */
    }
  }
  registerUploadFlow(app.store, flow);

  app.post(
    '/api/v1/uploads/',
    {
      schema: {
        summary: 'Get an upload URL (our addition)',
        tags: ['templates'],
        description:
          'Our addition until the GraphQL `upload` query exists (docs/decisions/conversion.md). Mints a single-use, signed upload URL valid 15 minutes. `PUT` the raw file (PDF, Word, HTML, text, spreadsheet or image) to it; the server detects the format from the bytes, converts it to PDF and creates a template with these options. Follow it at `status_uri`.',
        body: MintBody,
        response: { 201: MintAnswer, ...errorResponses(400, 401, 403, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const groupId = idFromUri(body.group, 'group');
      const group = groupId ? await app.store.groups.find(groupId) : undefined;
      if (!group || !auth.groupIds.includes(group.id)) {
        throw unprocessable(
          `group '${body.group}' is not a group your API key can use. List yours with GET /api/v1/group/.`,
          [{ field: 'group', message: 'unknown group' }],
          'unknown_group',
        );
      }
      const { upload, url } = await flow.mint(group.id, auth.user.id, {
        title: body.title,
        processTags: toBool(body.process_tags),
        archiveUponSend: toBool(body.archive_upon_send),
        hideSenderFields: toBool(body.hide_sender_fields),
      });
      reply.code(201).header('Location', uploadUri(upload.id));
      return { id: upload.id, upload_url: url, expires: upload.expires, status_uri: uploadUri(upload.id) };
    },
  );

  app.get(
    '/api/v1/uploads/:id/',
    {
      schema: {
        summary: 'Upload status (our addition)',
        tags: ['templates'],
        description: '`pending` (nothing received yet), `converting`, `done` (with the template) or `failed` (with the reason).',
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: UploadStatus, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => statusOf(await flow.find(request.params.id, authOf(request).groupIds)),
  );

  await app.register(async (plain) => {
    const raw = plain.withTypeProvider<TypeBoxTypeProvider>();
    // The file arrives as raw bytes of any type: this context's only body parser.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: converter.settings.maxBytes }, (_request, body, done) => done(null, body));

    raw.put(
      '/upload/:token',
      {
        bodyLimit: converter.settings.maxBytes,
        schema: { hide: true, params: Type.Object({ token: Type.String({ maxLength: 4096 }) }) },
        // The token is checked and the upload claimed before the body is read.
        onRequest: async (request) => {
          claimed.set(request, await flow.claim(request.params.token));
        },
        errorHandler: awaitedByFastify(async (error: FastifyError, request: FastifyRequest) => {
          const apiError =
            (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? tooLarge(`The file is larger than this server converts (${Math.round(converter.settings.maxBytes / 1048576)} MB). Upload a smaller file.`)
              : error;
          const upload = claimed.get(request);
          if (upload && (await flow.uploads.find(upload.id))?.status === 'converting') await flow.fail(upload.id, apiError);
          throw apiError;
        }),
      },
      async (request, reply) => {
        const upload = claimed.get(request);
        if (!upload) throw unprocessable('The upload was not claimed.');
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(0);
        const result = await flow.receive(upload, bytes);
        reply.code(201).header('Location', templateUri(result.templateId));
        return {
          upload: statusOf(await flow.find(upload.id, [upload.groupId])),
          resource: { uid: result.templateId, document_uri: templateUri(result.templateId), status_uri: `${templateUri(result.templateId)}status/` },
          report: result.report,
        };
      },
    );
  });
}

/** The upload each PUT claimed in its onRequest hook, before its body was read. */
const claimed = new WeakMap<FastifyRequest, Upload>();

/** Fastify awaits an error handler's promise, though its type says the handler returns nothing. */
function awaitedByFastify<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => void {
  return handler as (...args: A) => void;
}
