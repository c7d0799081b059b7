/**
 * What an API key may read (SERVICE-SPEC § GraphQL, GRAPHQL.md §4–5): the listed root operations and
 * the fields their reference pages show. Everything else answers `Unauthorized` with the field null;
 * an SRP access token reaches all of it. Enforced by wrapping every field's resolver once at start-up.
 */
import { defaultFieldResolver, isObjectType } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { GraphqlContext } from './context.ts';
import { fieldUnauthorized } from './errors.ts';

export const API_KEY_FIELDS: Record<string, readonly string[]> = {
  Query: ['attachment', 'template', 'document', 'batch', 'group', 'user', 'recipient', 'task'],
  Mutation: [
    'cancelDocument',
    'createTemplate',
    'createTemplateElement',
    'createTemplateRole',
    'deleteTemplateElement',
    'deleteTemplateRole',
    'generateComponentToken',
    'send',
    'sendBatch',
    'sendBatchDocument',
    'startBatch',
    'swapRoles',
    'updateTemplate',
    'updateTemplateElement',
    'updateTemplateRole',
  ],
  Attachment: ['id', 'filename', 'extension', 'description', 'autoAttach', 'created', 'createdBy', 'retention', 'link'],
  Template: [
    'id',
    'title',
    'pageCount',
    'pageDimensions',
    'fileName',
    'link',
    'autoArchive',
    'valid',
    'locked',
    'fixSignatureScale',
    'tags',
    'groupId',
    'canOpenSign',
    'archived',
    'createdBy',
    'lastSent',
    'created',
    'modified',
    'retention',
    'documentRetentionDays',
    'roles',
    'directLinks',
    'elementConnection',
    'userSignatureConnection',
  ],
  TaskResult: ['data', 'report', 'id', 'status'],
  Batch: [
    'id',
    'name',
    'enforceOrder',
    'type',
    'creatorName',
    'status',
    'progress',
    'documentCount',
    'submittedCount',
    'inProgressCount',
    'completedCount',
    'rejectedCount',
    'awaitingActionCount',
    'bouncedCount',
    'failedCount',
    'created',
    'modified',
    'group',
    'documentConnection',
  ],
  BatchDocumentConnection: ['documents', 'totalCount', 'nextCursor'],
  TaskReport: ['status', 'batchId', 'documents', 'errors'],
  ComponentToken: ['token', 'tokenType', 'expiresIn', 'expiresAt', 'sessionId'],
  TemplateCreateResult: ['template', 'upload'],
  UploadLink: ['url', 'expires', 'uploadId'],
  Role: ['id', 'templateId', 'name', 'roleType', 'signerIndex', 'ordinal', 'signerParent', 'experience', 'created', 'modified'],
  TemplateElementConnection: ['templateElements', 'totalCount'],
  TemplateElement: ['id', 'elementType', 'page', 'ax', 'ay', 'bx', 'by', 'signer', 'label', 'optional', 'value'],
  Document: [
    'id',
    'name',
    'link',
    'status',
    'hash',
    'tags',
    'created',
    'modified',
    'senderName',
    'senderEmail',
    'batchId',
    'batchName',
    'batchOrder',
    'taskId',
    'certifyDocument',
    'retention',
    'sendMethod',
    'sourceTemplateId',
    'sourceTemplateName',
    'group',
    'template',
    'recipients',
    'auditLog',
    'elementConnection',
  ],
  Group: [
    'id',
    'name',
    'publicName',
    'attachmentRetention',
    'pdfRetention',
    'retention',
    'textRetention',
    'apiIntegration',
    'style',
    'certifyDocuments',
    'sequentialSend',
    'appendAuditLog',
    'passwordType',
    'licensesRemaining',
    'credit',
    'owner',
    'groupCCEmail',
    'created',
  ],
  // webhooks and webhookHmacSecret are full-schema only: webhook management is for people signed in (SERVICE-SPEC).
  User: [
    'id',
    'name',
    'firstName',
    'lastName',
    'email',
    'timeZone',
    'settings',
    'lastDocumentSentAt',
    'uploadedTemplatesCount',
    'signatureImage1',
    'organisationConnection',
    'memberConnection',
  ],
  RecipientVerification: ['required', 'verified', 'verifiedAt', 'method', 'destination'],
  Recipient: [
    'id',
    'firstName',
    'lastName',
    'email',
    'phoneNumber',
    'role',
    'roleType',
    'status',
    'authentication',
    // Our extension (issue 29): the sender reads whether, when and how the recipient was verified.
    'verification',
    'timeZone',
    'experience',
    'expiryDate',
    'skipped',
    'nominate',
    'detailsTBD',
    'recipientOrder',
    'sentDateTime',
    'emailOpenedDateTime',
    'documentFirstViewedDateTime',
    'signedDateTime',
    'emailProblem',
    'document',
    'elementConnection',
    'schedule',
  ],
};

export function apiKeyMay(type: string, field: string): boolean {
  return field === '__typename' || (API_KEY_FIELDS[type]?.includes(field) ?? false);
}

/** Wraps every resolver of the schema's own object types with the API-key check. */
export function enforceApiKeyFields(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (apiKeyMay(type.name, field.name)) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: GraphqlContext, info) => {
        if (!context.caller.fullSchema) throw fieldUnauthorized(field.name, type.name);
        return resolve(source, args, context, info);
      };
    }
  }
}
