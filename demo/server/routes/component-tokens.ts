/**
 * Minting component tokens with an API key: one for a template (viewer/editor) and one for a
 * signer (the signing component; needs a new-scheme key and a group enabled for components).
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import type { ApiKeyAuth } from '../auth/context.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { templateIdFrom, templateUri } from '../domain/uris.ts';
import { errorResponses } from '../schemas/common.ts';
import { DOCUMENT_STATUS } from '../domain/statuses.ts';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  EDITOR_OPERATIONS,
  MAX_TOKEN_TTL_SECONDS,
  SIGNER_OPERATIONS,
  VIEWER_OPERATIONS,
  mintComponentToken,
  tokenSecret,
} from '../services/documents/component-tokens.ts';
import type { MintInput } from '../services/documents/component-tokens.ts';
import { loadVisibleRecipient } from '../services/documents/access.ts';
import { signerUri } from '../services/documents/views.ts';

const TokenResponse = Type.Object({
  token: Type.String({ description: 'Give it to the component (`token` attribute); it sends `Authorization: Bearer <token>`.' }),
  expires_at: Type.String({ description: 'ISO 8601 expiry; the token is refused (401 token_expired) after it.' }),
  expires_in: Type.Integer({ description: 'Seconds until expiry.' }),
  scope: Type.Array(Type.String(), { description: 'Operations the token opens, on its one resource only.' }),
  resource_uri: Type.String(),
});

const TokenQuery = Type.Object({
  expires_in: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_TOKEN_TTL_SECONDS,
      description: `Lifetime in seconds (default ${DEFAULT_TOKEN_TTL_SECONDS}, at most ${MAX_TOKEN_TTL_SECONDS}).`,
    }),
  ),
  readonly: Type.Optional(Type.Boolean({ description: '1 gives a viewer token (no saving fields).' })),
});

const SignerTokenQuery = Type.Object({ expires_in: TokenQuery.properties.expires_in });

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** Default lifetime: ESIGN_COMPONENT_TOKEN_TTL (seconds) or 15 minutes. */
function defaultTtl(): number {
  const env = Number(process.env.ESIGN_COMPONENT_TOKEN_TTL);
  return Number.isInteger(env) && env >= 1 && env <= MAX_TOKEN_TTL_SECONDS ? env : DEFAULT_TOKEN_TTL_SECONDS;
}

export default async function componentTokenRoutes(app: App): Promise<void> {
  const { store } = app;

  async function answer(auth: ApiKeyAuth, input: Omit<MintInput, 'userId' | 'keyId' | 'env' | 'ttlSeconds'>, ttl: number | undefined, resourceUri: string) {
    const ttlSeconds = ttl ?? defaultTtl();
    const minted = await mintComponentToken(tokenSecret(app.config.dataDir), { ...input, userId: auth.user.id, keyId: auth.keyId, env: auth.env, ttlSeconds });
    return { token: minted.token, expires_at: minted.expiresAt.toISOString(), expires_in: ttlSeconds, scope: [...input.operations], resource_uri: resourceUri };
  }

  app.get(
    '/api/v1/templatepdf/:id/component-token/',
    {
      schema: {
        summary: 'Mint a viewer/editor component token for a template',
        tags: ['component tokens'],
        params: IdParams,
        querystring: TokenQuery,
        description: `Scope: this template only — ${EDITOR_OPERATIONS.join(', ')} (\`readonly=1\` gives a viewer token: ${VIEWER_OPERATIONS.join(', ')}). Short-lived (default ${DEFAULT_TOKEN_TTL_SECONDS / 60} minutes; \`expires_in\` shortens or lengthens it up to an hour).`,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const q = request.query;
      const templateId = templateIdFrom(id);
      const template = templateId ? store.templates.get(templateId) : undefined;
      if (!template || !auth.groupIds.includes(template.groupId)) throw notFound('Template PDF', id);
      const operations = q.readonly === true ? VIEWER_OPERATIONS : EDITOR_OPERATIONS;
      return answer(
        auth,
        { resource: { type: 'templatepdf', id: template.id }, groupId: template.groupId, operations },
        q.expires_in,
        templateUri(template.id),
      );
    },
  );

  app.get(
    '/api/v1/signer/:id/component-token/',
    {
      schema: {
        summary: 'Mint a signing component token for a signer',
        tags: ['component tokens'],
        params: IdParams,
        querystring: SignerTokenQuery,
        description: `Needs a new-scheme API key (ak_<env>_…; legacy keys get 403) and a group with \`components_enabled\`. Scope: this signer only — ${Object.values(SIGNER_OPERATIONS).join(', ')}; the document operations open only this signer's document. A removed document answers 409.`,
        response: { 200: TokenResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const { recipient, document } = loadVisibleRecipient(store, request, id);
      if (auth.legacy)
        throw forbidden(
          'Signer component tokens need a new-scheme API key (ak_<env>_<key-id>.<secret>); this is a legacy key. Create one with `esign-server api-key create`.',
          'legacy_key',
        );
      const group = store.groups.get(document.groupId);
      if (!group?.componentsEnabled)
        throw forbidden(
          `The group of this document is not enabled for components; set components_enabled on group ${document.groupId}.`,
          'components_disabled',
        );
      if (document.status === DOCUMENT_STATUS.removed)
        throw conflict('The document of this signer has been removed; it can no longer be signed.', 'document_removed');
      const q = request.query;
      return answer(
        auth,
        {
          resource: { type: 'signer', id: recipient.id },
          groupId: document.groupId,
          operations: Object.values(SIGNER_OPERATIONS),
          claims: { document: document.id },
        },
        q.expires_in,
        signerUri(recipient.id),
      );
    },
  );
}
