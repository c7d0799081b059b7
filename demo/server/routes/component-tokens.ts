/**
 * Minting component tokens with an API key: one for a template (viewer/editor) and one for a
 * signer (the signing component; needs a new-scheme key and a group enabled for components).
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { errorResponses } from '../schemas/common.ts';
import { DEFAULT_TOKEN_TTL_SECONDS, EDITOR_OPERATIONS, MAX_TOKEN_TTL_SECONDS, SIGNER_OPERATIONS, VIEWER_OPERATIONS } from '../auth/component-tokens.ts';
import { mintSignerToken, mintTemplateToken } from '../services/documents/component-token-minting.ts';
import type { IssuedToken } from '../services/documents/component-token-minting.ts';

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

const answer = (t: IssuedToken) => ({
  token: t.token,
  expires_at: t.expiresAt.toISOString(),
  expires_in: t.expiresIn,
  scope: t.scope,
  resource_uri: t.resourceUri,
});

export default async function componentTokenRoutes(app: App): Promise<void> {
  const { store } = app;

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
      return answer(
        await mintTemplateToken(store, app.config.dataDir, auth, request.params.id, {
          readOnly: request.query.readonly === true,
          ttl: request.query.expires_in,
        }),
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
      return answer(
        await mintSignerToken(store, app.config.dataDir, { auth, ip: request.ip, headers: request.headers }, request.params.id, request.query.expires_in),
      );
    },
  );
}
