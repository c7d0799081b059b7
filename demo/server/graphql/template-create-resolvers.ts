/**
 * createTemplate (GRAPHQL.md §7, decision 5): answers `{template, upload {url}}`. The template's id is promised
 * now and the template exists once its file is PUT to `upload.url`: the same single-use, 15-minute upload URL
 * as REST `POST /api/v1/uploads/` (services/uploads/upload-flow.ts), converted and prepared the same way.
 */
import crypto from 'node:crypto';
import type { IResolverObject } from 'mercurius';
import type { GraphqlContext } from './context.ts';
import { GqlError, notFoundError } from './errors.ts';
import { decodeId, encodeId } from './ids.ts';
import { uploadFlowOf } from '../services/uploads/upload-flow.ts';

interface CreateTemplateInput {
  groupId: string;
  title?: string | null;
  extension?: string | null;
  processTags?: boolean | null;
  autoArchive?: boolean | null;
}

const MAX_TITLE = 255;

/**
 * `upload(id, uploadType, extension)` (full schema, GRAPHQL.md §7): a fresh upload URL for a template that
 * createTemplate promised and whose file has not arrived (its first URL expired or its upload failed).
 */
export const uploadQuery: IResolverObject<unknown, GraphqlContext> = {
  async upload(_root, args: { id: string; uploadType: string; extension: string }, ctx) {
    const templateId = decodeId('tpl', args.id);
    const promised = templateId ? await ctx.app.store.uploads.promising(templateId) : undefined;
    if (!templateId || !promised || !ctx.caller.auth.groupIds.includes(promised.groupId)) throw notFoundError('Template', args.id);
    if ((await ctx.app.store.templates.get(templateId)) || promised.status === 'done' || promised.status === 'converting') {
      throw new GqlError(
        'Conflict',
        `Template ${args.id} already has its file${promised.status === 'converting' ? ' on the way' : ''}; upload a new template with createTemplate.`,
        null,
      );
    }
    const flow = uploadFlowOf(ctx.app);
    if (!flow) throw new Error('the upload flow is not registered');
    const { upload, url } = await flow.mint(promised.groupId, ctx.caller.auth.user.id, promised.options);
    return { url, expires: upload.expires, uploadId: upload.id };
  },
};

export const templateCreateMutations: IResolverObject<unknown, GraphqlContext> = {
  async createTemplate(_root, { input }: { input: CreateTemplateInput }, ctx) {
    const groupId = decodeId('grp', input.groupId);
    if (!groupId || !ctx.caller.auth.groupIds.includes(groupId)) throw notFoundError('Group', input.groupId);
    const title = input.title?.trim() || 'Untitled';
    if (title.length > MAX_TITLE)
      throw new GqlError('ValidationError', `input.title: at most ${MAX_TITLE} characters.`, {
        problems: [{ field: 'input.title', message: `at most ${MAX_TITLE} characters` }],
      });
    // The format is read from the bytes; extension is only checked to be one word.
    if (input.extension != null && !/^[A-Za-z0-9]{1,10}$/.test(input.extension))
      throw new GqlError('ValidationError', 'input.extension: a file extension such as pdf or docx.', {
        problems: [{ field: 'input.extension', message: 'a file extension such as pdf' }],
      });
    const flow = uploadFlowOf(ctx.app);
    if (!flow) throw new Error('the upload flow is not registered');
    const templateId = crypto.randomUUID();
    const user = ctx.caller.auth.user;
    const { upload, url } = await flow.mint(groupId, user.id, {
      templateId,
      title,
      processTags: input.processTags === true,
      archiveUponSend: input.autoArchive === true,
      hideSenderFields: false,
    });
    return {
      template: {
        restId: templateId,
        id: encodeId('tpl', templateId),
        title,
        pageCount: 0,
        pageDimensions: '[]',
        archived: false,
        groupId: encodeId('grp', groupId),
        createdBy: encodeId('usr', user.id),
        created: upload.created,
        modified: upload.created,
        elementConnection: { totalCount: 0, templateElements: [] },
      },
      upload: { url, expires: upload.expires, uploadId: upload.id },
    };
  },
};
