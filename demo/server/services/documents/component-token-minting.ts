/**
 * Minting component tokens for an API-key caller, whichever front door asks (REST
 * `GET …/component-token/`, GraphQL `generateComponentToken`): the template (viewer/editor) token
 * and the signer token with its checks (new-scheme key, group enabled for components, document not removed).
 */
import type { Store } from '../../store/index.ts';
import type { ApiKeyAuth } from '../../auth/context.ts';
import type { Caller } from '../context.ts';
import { conflict, forbidden, notFound } from '../../domain/errors.ts';
import { templateIdFrom, templateUri } from '../../domain/uris.ts';
import { DOCUMENT_STATUS } from '../../domain/statuses.ts';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  EDITOR_OPERATIONS,
  MAX_TOKEN_TTL_SECONDS,
  SIGNER_OPERATIONS,
  VIEWER_OPERATIONS,
  mintComponentToken,
  tokenSecret,
} from '../../auth/component-tokens.ts';
import type { MintInput } from '../../auth/component-tokens.ts';
import { loadVisibleRecipient } from './access.ts';
import { signerUri } from './views.ts';

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  expiresIn: number;
  scope: string[];
  resourceUri: string;
}

/** Default lifetime: ESIGN_COMPONENT_TOKEN_TTL (seconds) or 15 minutes. */
function defaultTtl(): number {
  const env = Number(process.env.ESIGN_COMPONENT_TOKEN_TTL);
  return Number.isInteger(env) && env >= 1 && env <= MAX_TOKEN_TTL_SECONDS ? env : DEFAULT_TOKEN_TTL_SECONDS;
}

async function issue(
  dataDir: string,
  auth: ApiKeyAuth,
  input: Omit<MintInput, 'userId' | 'keyId' | 'env' | 'ttlSeconds'>,
  ttl: number | undefined,
  resourceUri: string,
): Promise<IssuedToken> {
  const ttlSeconds = ttl ?? defaultTtl();
  const minted = await mintComponentToken(tokenSecret(dataDir), { ...input, userId: auth.user.id, keyId: auth.keyId, env: auth.env, ttlSeconds });
  return { token: minted.token, expiresAt: minted.expiresAt, expiresIn: ttlSeconds, scope: [...input.operations], resourceUri };
}

/** A viewer (readOnly) or editor token for one template of the caller's groups. */
export async function mintTemplateToken(
  store: Store,
  dataDir: string,
  auth: ApiKeyAuth,
  id: string,
  options: { readOnly: boolean; ttl?: number },
): Promise<IssuedToken> {
  const templateId = templateIdFrom(id);
  const template = templateId ? await store.templates.get(templateId) : undefined;
  if (!template || !auth.groupIds.includes(template.groupId)) throw notFound('Template PDF', id);
  const operations = options.readOnly ? VIEWER_OPERATIONS : EDITOR_OPERATIONS;
  return issue(
    dataDir,
    auth,
    { resource: { type: 'templatepdf', id: template.id }, groupId: template.groupId, operations },
    options.ttl,
    templateUri(template.id),
  );
}

/** A signing token for one recipient of the caller's groups. */
export async function mintSignerToken(store: Store, dataDir: string, caller: Caller & { auth: ApiKeyAuth }, id: string, ttl?: number): Promise<IssuedToken> {
  const { auth } = caller;
  const { recipient, document } = await loadVisibleRecipient(store, caller, id);
  if (auth.legacy)
    throw forbidden(
      'Signer component tokens need a new-scheme API key (ak_<env>_<key-id>.<secret>); this is a legacy key. Create one with `esign-server api-key create`.',
      'legacy_key',
    );
  const group = await store.groups.get(document.groupId);
  if (!group?.componentsEnabled)
    throw forbidden(`The group of this document is not enabled for components; set components_enabled on group ${document.groupId}.`, 'components_disabled');
  if (document.status === DOCUMENT_STATUS.removed)
    throw conflict('The document of this signer has been removed; it can no longer be signed.', 'document_removed');
  return issue(
    dataDir,
    auth,
    {
      resource: { type: 'signer', id: recipient.id },
      groupId: document.groupId,
      operations: Object.values(SIGNER_OPERATIONS),
      claims: { document: document.id },
    },
    ttl,
    signerUri(recipient.id),
  );
}
