/**
 * The resolvers of schema.graphql. Reads go through the same visibility rules as REST
 * (services/documents/access.ts, the caller's groups); a missing or foreign ID is `NotFound`.
 * Document.recipients and the Document fields of document-sending.ts are batched per request (request-batch.ts):
 * one store call for every document of a request.
 */
import { webhookMutations } from './webhook-resolvers.ts';
import { templateElementMutations } from './template-element-resolvers.ts';
import { templateCreateMutations, uploadQuery } from './template-create-resolvers.ts';
import { templateRoleFields, templateRoleMutations } from './template-role-resolvers.ts';
import type { IResolvers } from 'mercurius';
import { loadVisibleDocument, loadVisibleRecipient } from '../services/documents/access.ts';
import { sendDocument } from '../services/documents/send.ts';
import { actorOf } from '../services/documents/access.ts';
import { cancelDocument } from '../services/documents/remove.ts';
import { mintSignerToken, mintTemplateToken } from '../services/documents/component-token-minting.ts';
import type { IssuedToken } from '../services/documents/component-token-minting.ts';
import { GqlError } from './errors.ts';
import { editTemplate } from '../services/template-edit.ts';
import type { GraphqlContext } from './context.ts';
import { decodeId, encodeId } from './ids.ts';
import type { IdPrefix } from './ids.ts';
import { notFoundError } from './errors.ts';
import { attachmentView, documentView, groupView, recipientView, templateView, userView, webhookView } from './views.ts';
import type { GqlDocument, GqlRecipient, GqlUser } from './views.ts';
import { sendBodyOf } from './send-input.ts';
import { rolesLookupOf } from './roles-lookup.ts';
import { batchFields, batchMutations, batchQueries } from './batch-resolvers.ts';
import { recordSendTask } from '../services/batches/batches.ts';
import { documentSendingFields } from './document-sending.ts';
import { batched } from './request-batch.ts';
import { readDocument, wantsRecipients } from './document-reads.ts';
import type { RecipientRecord } from '../store/documents.ts';
import { verificationState } from '../services/signing/verification.ts';

interface IdArgs {
  id?: string | null;
}

interface TokenInput {
  component: 'LS_DOCUMENT_VIEWER' | 'LS_SIGNER';
  documentViewer?: { templateId: string; readOnly?: boolean | null } | null;
  signer?: { recipientId: string } | null;
}

/** A recipient's one-time code state (issue 29), for `authentication` and `verification`. */
async function recipientVerification(ctx: GraphqlContext, r: GqlRecipient) {
  const id = decodeId('rec', r.id);
  const record = id ? await ctx.app.store.documents.recipient(id) : undefined;
  return record ? await verificationState(ctx.app.store, record) : null;
}

const tokenView = (t: IssuedToken) => ({ token: t.token, tokenType: 'Bearer', expiresIn: t.expiresIn, expiresAt: t.expiresAt.toISOString(), sessionId: null });

function restId(prefix: IdPrefix, type: string, id: unknown): string {
  const decoded = decodeId(prefix, id);
  if (!decoded) throw notFoundError(type, id);
  return decoded;
}

function visibleGroup(ctx: GraphqlContext, groupId: string, type: string, id: unknown): void {
  if (!ctx.caller.auth.groupIds.includes(groupId)) throw notFoundError(type, id);
}

export const resolvers: IResolvers = {
  Query: {
    ...uploadQuery,
    ...batchQueries,
    async attachment(_root, { id }: IdArgs, ctx) {
      const attachment = await ctx.app.store.emailAttachments.get(restId('att', 'Attachment', id));
      if (!attachment) throw notFoundError('Attachment', id);
      visibleGroup(ctx, attachment.groupId, 'Attachment', id);
      return attachmentView(attachment);
    },
    async template(_root, { id }: IdArgs, ctx) {
      const template = await ctx.app.store.templates.get(restId('tpl', 'Template', id));
      if (!template) throw notFoundError('Template', id);
      visibleGroup(ctx, template.groupId, 'Template', id);
      return templateView(template);
    },
    async document(_root, { id }: IdArgs, ctx, info) {
      // Every document(id) of the request is read in one batch, with the recipients when they are selected
      // (document-reads.ts); visibility is checked as REST checks it.
      const withRecipients = wantsRecipients(info);
      let recipients: RecipientRecord[] | undefined;
      const read = async (documentId: string) => {
        const loaded = await readDocument(ctx, documentId, withRecipients);
        recipients = loaded?.recipients;
        return loaded?.document;
      };
      return documentView((await loadVisibleDocument(ctx.app.store, ctx.caller, restId('doc', 'Document', id), read)).document, recipients);
    },
    async group(_root, { id }: IdArgs, ctx) {
      const group = await ctx.app.store.groups.get(restId('grp', 'Group', id));
      if (!group) throw notFoundError('Group', id);
      visibleGroup(ctx, group.id, 'Group', id);
      return groupView(group);
    },
    async user(_root, { id }: IdArgs, ctx) {
      const me = ctx.caller.auth.user;
      if (id == null) return userView(me);
      const userId = restId('usr', 'User', id);
      // Another user is visible when they share a group with the caller.
      const user = await ctx.app.store.users.get(userId);
      const shared = user && (await ctx.app.store.users.groupIds(user.id)).some((g) => ctx.caller.auth.groupIds.includes(g));
      if (!user || !(user.id === me.id || shared)) throw notFoundError('User', id);
      return userView(user);
    },
    async recipient(_root, { id }: IdArgs, ctx) {
      return recipientView((await loadVisibleRecipient(ctx.app.store, ctx.caller, restId('rec', 'Recipient', id))).recipient);
    },
  },
  Mutation: {
    async send(_root, { input }: { input: Record<string, unknown> }, ctx) {
      const { store, work } = ctx.app;
      const auth = ctx.caller.auth;
      const caller = { userId: auth.user.id, groupIds: auth.groupIds, actor: await actorOf(store, ctx.caller) };
      const { document } = await sendDocument(store, caller, sendBodyOf(input, await rolesLookupOf(ctx, input.templateId)), {
        log: (error) => ctx.app.log.error(error),
        work,
      });
      // The send is done when this answers: its task is recorded COMPLETED (task(id) answers it for 90 days).
      return encodeId('tsk', (await recordSendTask(store, caller, document)).id);
    },
    async cancelDocument(_root, { input }: { input: { documentId: string } }, ctx) {
      const { store } = ctx.app;
      const { document } = await loadVisibleDocument(store, ctx.caller, restId('doc', 'Document', input.documentId));
      await cancelDocument(store, document, await actorOf(store, ctx.caller));
      return encodeId('doc', document.id);
    },
    async generateComponentToken(_root, { input }: { input: TokenInput }, ctx) {
      const { store, config } = ctx.app;
      if (input.component === 'LS_SIGNER') {
        if (!input.signer)
          throw new GqlError('ValidationError', 'LS_SIGNER needs signer { recipientId }.', {
            problems: [{ field: 'signer', message: 'required for LS_SIGNER' }],
          });
        return tokenView(await mintSignerToken(store, config.dataDir, ctx.caller, restId('rec', 'Recipient', input.signer.recipientId)));
      }
      if (!input.documentViewer)
        throw new GqlError('ValidationError', 'LS_DOCUMENT_VIEWER needs documentViewer { templateId }.', {
          problems: [{ field: 'documentViewer', message: 'required for LS_DOCUMENT_VIEWER' }],
        });
      const templateId = restId('tpl', 'Template', input.documentViewer.templateId);
      return tokenView(await mintTemplateToken(store, config.dataDir, ctx.caller.auth, templateId, { readOnly: input.documentViewer.readOnly === true }));
    },
    async updateTemplate(_root, { input }: { input: { templateId: string; title?: string | null; autoArchive?: boolean | null } }, ctx) {
      const { store } = ctx.app;
      const template = await store.templates.get(restId('tpl', 'Template', input.templateId));
      if (!template) throw notFoundError('Template', input.templateId);
      visibleGroup(ctx, template.groupId, 'Template', input.templateId);
      await editTemplate(store, template, { title: input.title ?? undefined, archiveUponSend: input.autoArchive ?? undefined });
      return encodeId('tpl', template.id);
    },
    ...templateCreateMutations,
    ...templateElementMutations,
    ...templateRoleMutations,
    ...webhookMutations,
    ...batchMutations,
  },
  ...batchFields,
  Template: templateRoleFields,
  Document: {
    ...documentSendingFields,
    // Read with the document by Query.document (no wait, no promise); otherwise one store call for every
    // document of the request (request-batch.ts).
    recipients(doc: GqlDocument, _args, ctx) {
      if (doc.loadedRecipients) return doc.loadedRecipients.map(recipientView);
      return batched(ctx, 'Document.recipients', doc.restId, (ids) => ctx.app.store.documents.recipientsOf(ids)).then((rows) =>
        (rows ?? []).map(recipientView),
      );
    },
    async group(doc: GqlDocument, _args, ctx) {
      const group = await ctx.app.store.groups.get(doc.groupId);
      return group ? groupView(group) : null;
    },
    async template(doc: GqlDocument, _args, ctx) {
      const template = doc.templateId ? await ctx.app.store.templates.get(doc.templateId) : undefined;
      return template ? templateView(template) : null;
    },
  },
  Recipient: {
    async authentication(recipient: GqlRecipient, _args, ctx) {
      const required = (await recipientVerification(ctx, recipient))?.required;
      return required === 'sms' ? 'EMAIL_SMS' : required === 'email' ? 'EMAIL' : 'NONE';
    },
    async verification(recipient: GqlRecipient, _args, ctx) {
      const s = await recipientVerification(ctx, recipient);
      return s && { required: s.required, verified: s.verified, verifiedAt: s.verifiedAt, method: s.method, destination: s.destination };
    },
    async document(recipient: GqlRecipient, _args, ctx) {
      const document = await ctx.app.store.documents.get(recipient.documentId);
      return document ? documentView(document) : null;
    },
  },
  User: {
    async webhooks(user: GqlUser, _args, ctx) {
      return (await ctx.app.store.webhooks.registrationsOf(user.restId, 1000, 0)).rows.map(webhookView);
    },
  },
};
