/**
 * The upload flow's server side (issue 17): mint a short-lived, single-use, signed upload URL for a
 * group/user with the template's options; receive the file PUT to it, convert it to a PDF, prepare it
 * exactly as `POST /templatepdf/` does (inspection, text tags, field limit, in the work pool) and
 * create the template; record the status (`pending` → `converting` → `done` | `failed`) on the way.
 */
import crypto from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { DomainError, UnauthenticatedError, conflict, notFound } from '../../domain/errors.ts';
import type { Converter } from '../../convert/converter.ts';
import type { UploadRepository, Upload, UploadOptions } from '../../store/uploads.ts';
import { prepareTemplate, storeTemplate } from '../template-upload.ts';
import { mintUploadToken, UPLOAD_TTL_MS, verifyUploadToken } from './tokens.ts';
import { appendUploadEvent } from '../../webhooks/feed.ts';

export class UploadFlow {
  readonly uploads: UploadRepository;
  private readonly app: ServerContext;
  readonly converter: Converter;

  constructor(app: ServerContext, converter: Converter) {
    this.app = app;
    this.converter = converter;
    this.uploads = app.store.uploads;
  }

  async mint(groupId: string, userId: string, options: UploadOptions, now = Date.now()): Promise<{ upload: Upload; url: string }> {
    const id = crypto.randomUUID();
    const expires = now + UPLOAD_TTL_MS;
    const upload = await this.uploads.insert({ id, groupId, userId, options, expires: new Date(expires).toISOString() });
    const token = mintUploadToken(this.app.config.dataDir, id, expires);
    return { upload, url: `${this.app.config.baseUrl}/upload/${token}` };
  }

  /** The upload, when one of `groupIds` owns it (404 otherwise: nothing leaks). */
  async find(id: string, groupIds: readonly string[]): Promise<Upload> {
    const upload = await this.uploads.find(id);
    if (!upload || !groupIds.includes(upload.groupId)) throw notFound('Upload', id);
    return upload;
  }

  /** Checks the token and claims its upload (once): called before the body is read. */
  async claim(token: string): Promise<Upload> {
    const id = verifyUploadToken(this.app.config.dataDir, token);
    const upload = await this.uploads.find(id);
    if (!upload) throw new UnauthenticatedError('invalid_upload_url', 'This upload URL is not valid on this server. Ask for a new upload URL.');
    if (!(await this.uploads.claim(id))) {
      throw conflict(
        `This upload URL was already used (upload ${id} is ${upload.status}); each URL takes one file. Ask for a new upload URL.`,
        'upload_url_used',
      );
    }
    return upload;
  }

  /** Converts, prepares and stores the file of a claimed upload; records `done` or `failed`. */
  async receive(upload: Upload, bytes: Uint8Array): Promise<{ templateId: string; report: Record<string, unknown>; format: string }> {
    const store = this.app.store;
    await appendUploadEvent(store, upload, { event: 'uploadReceived' });
    try {
      const converted = await this.converter.toPdf(upload.groupId, bytes);
      await this.uploads.setFormat(upload.id, converted.format);
      await appendUploadEvent(store, upload, { event: 'uploadConverted', format: converted.format });
      const prepared = await prepareTemplate(this.app.work, upload.groupId, converted.pdf, {
        processTags: upload.options.processTags,
        importFormFields: false,
      });
      const templateId = await this.createTemplate(upload, prepared);
      await store.transaction(async () => {
        await this.uploads.done(upload.id, templateId);
        await appendUploadEvent(store, upload, { event: 'uploadCompleted', format: converted.format, templateId });
      });
      return { templateId, report: { ...prepared.report, source_format: converted.format }, format: converted.format };
    } catch (error) {
      await this.fail(upload.id, error);
      throw error;
    }
  }

  /** Records why an upload failed (a domain error's message, or a generic one for anything else). */
  async fail(id: string, error: unknown): Promise<void> {
    const reason =
      error instanceof DomainError
        ? { code: error.code, message: error.message }
        : { code: 'internal_error', message: 'The server failed while converting the file. Please upload it again.' };
    const store = this.app.store;
    await store.transaction(async () => {
      await this.uploads.failed(id, reason.code, reason.message);
      const upload = await this.uploads.find(id);
      if (upload) await appendUploadEvent(store, upload, { event: 'uploadFailed', format: upload.format, error: reason });
    });
  }

  /** As POST /api/v1/templatepdf/ stores a template. */
  private async createTemplate(upload: Upload, prepared: Awaited<ReturnType<typeof prepareTemplate>>): Promise<string> {
    return await storeTemplate(this.app.store, prepared, {
      id: upload.options.templateId,
      groupId: upload.groupId,
      userId: upload.userId,
      title: upload.options.title ?? '',
      processTags: upload.options.processTags,
      archiveUponSend: upload.options.archiveUponSend,
      hideSenderFields: upload.options.hideSenderFields,
    });
  }
}

const flows = new WeakMap<object, UploadFlow>();

/** The upload flow of an app (GraphQL's createTemplate, tests and the bench look at its converter pool). */
export function uploadFlowOf(app: { store: object }): UploadFlow | undefined {
  return flows.get(app.store);
}

/** routes/uploads.ts creates the app's upload flow with its routes and registers it here. */
export function registerUploadFlow(store: object, flow: UploadFlow): void {
  flows.set(store, flow);
}
