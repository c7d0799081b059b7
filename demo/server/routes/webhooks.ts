/**
 * Webhook registration REST API (paths of the hosted service): subscribe, list, detail,
 * unsubscribe; plus the public signing certificate. Delivery log, replay and trigger are in
 * webhooks-log.ts.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { groupUri, idFromUri } from '../domain/uris.ts';
import type { App } from '../http/typed-app.ts';
import { errorResponses } from '../schemas/common.ts';
import { removeRegistration } from '../webhooks/outbox.ts';
import { findRegistrations, getRegistration, listRegistrations, NOTIFY_TYPES, parseFilters } from '../webhooks/registrations.ts';
import type { NotifyType, Registration } from '../webhooks/registrations.ts';
import { MAX_CALLBACK_URL_LENGTH } from '../webhooks/ssrf.ts';
import { subscribeWebhook } from '../webhooks/subscribe.ts';
import { ensureSigningIdentity } from '../webhooks/settings.ts';
import { webhookSettingsFor } from '../webhooks/service.ts';

export const registrationUri = (id: string): string => `/api/v1/notifications/${id}/`;

const RegistrationResource = Type.Object({
  id: Type.String(),
  resource_uri: Type.String(),
  callback_url: Type.String(),
  object: Type.String({ description: '`document`, `recipient`, or empty for both.' }),
  event: Type.String({ description: 'One event name, or empty for every event of the object(s).' }),
  eventFilter: Type.String({ description: "The same filter in the hosted service's form: `document.*`, `document.finalPdfCreated`, or empty." }),
  group: Type.Union([Type.String(), Type.Null()], { description: 'Group resource URI, or null: every group where you are admin.' }),
  notify: Type.String({ description: '`realtime`, or a legacy batched type: `all` (every 6 minutes), `sent`, `signed`, `rejected` (upon that event).' }),
  has_hmac_secret: Type.Boolean(),
  created: Type.String(),
});

/** The hosted description's numbers for the delivery types. */
/** Registrations per user are few; the list answers them all. */
const MAX_LISTED = 10_000;

const NOTIFY_WHEN: Record<string, number> = { all: 1, signed: 2, sent: 3, rejected: 4, realtime: 10 };

/** An entry of `GET /notifications/`: the description's properties first, then ours. */
const ListedRegistration = Type.Object({
  active: Type.Boolean(),
  notify_when: Type.Integer({ description: '1 every 6 minutes, 2 upon signing, 3 sent, 4 rejected, 10 realtime.' }),
  url: Type.String(),
  event_filter: Type.String(),
  group_id: Type.Union([Type.String(), Type.Null()], { description: "The registration's group (its UUID), or null: every group where you are admin." }),
  ...RegistrationResource.properties,
});

function resource(r: Registration) {
  return {
    id: r.id,
    resource_uri: registrationUri(r.id),
    callback_url: r.callbackUrl,
    object: r.objectFilter,
    event: r.eventFilter,
    eventFilter: r.objectFilter ? `${r.objectFilter}.${r.eventFilter || '*'}` : '',
    group: r.groupId ? groupUri(r.groupId) : null,
    notify: r.notify,
    has_hmac_secret: r.hasHmacSecret,
    created: new Date(r.createdMs).toISOString(),
  };
}

const FilterFields = {
  object: Type.Optional(Type.String({ maxLength: 20, description: '`document`, `recipient`, or empty/`all` for both.' })),
  event: Type.Optional(Type.String({ maxLength: 40, description: 'Optional event filter, e.g. `finalPdfCreated`.' })),
  eventFilter: Type.Optional(Type.String({ maxLength: 60, description: 'Hosted-service form of object+event: `document.*`, `recipient.completed`.' })),
  group: Type.Optional(
    Type.Union([Type.String({ maxLength: 300 }), Type.Integer(), Type.Null()], {
      description: 'Group URI, uuid or slug (the description types it as an integer: a number is read as a slug); omit for every group where you are admin.',
    }),
  ),
};

const SubscribeBody = Type.Object({
  callback_url: Type.Optional(Type.String({ description: `http(s) URL, at most ${MAX_CALLBACK_URL_LENGTH} characters.` })),
  url: Type.Optional(Type.String({ description: 'Alias of callback_url (hosted-service SDKs send `url`).' })),
  ...FilterFields,
  notify: Type.Optional(Type.String({ description: 'Delivery type: `realtime` (default), `all`, `sent`, `signed`, `rejected`.' })),
  hmac_secret: Type.Optional(
    Type.String({ minLength: 16, maxLength: 256, description: 'Shared secret for X-HMAC-SHA256 (16 to 256 characters). Never returned.' }),
  ),
});

const UnsubscribeBody = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  callback_url: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  ...FilterFields,
});

/** The visible group a filter names: null when none is given, undefined when it names no group the caller can see. */
async function visibleGroup(app: FastifyInstance, given: string | number | null | undefined, visible: string[]): Promise<string | null | undefined> {
  if (given === undefined || given === null || String(given).trim() === '') return null;
  const ref = idFromUri(String(given), 'group');
  const group = ref === undefined ? undefined : await app.store.groups.find(ref);
  return group && visible.includes(group.id) ? group.id : undefined;
}

async function resolveGroup(app: FastifyInstance, given: string | number | null | undefined, visible: string[]): Promise<string | null> {
  const id = await visibleGroup(app, given, visible);
  if (id === undefined) throw notFound('Group', String(given));
  return id;
}

function filtersOf(body: { object?: string; event?: string; eventFilter?: string }) {
  const filters = parseFilters(body);
  if (!filters.ok) throw badRequest(`${filters.field}: ${filters.message}.`, [{ field: filters.field, message: filters.message }]);
  return filters;
}

export default async function webhookRoutes(app: App): Promise<void> {
  const { store } = app;
  const settings = webhookSettingsFor(app.config);
  const identity = await ensureSigningIdentity(store);

  app.get(
    '/api/v1/webhook-certificate/',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The certificate that verifies X-Signed-SHA256',
        tags: ['webhooks'],
        description:
          'PEM X.509 certificate (self-signed, RSA 2048, sha256WithRSAEncryption) whose public key verifies the base64 ' +
          'RSA-SHA256 signature in `X-Signed-SHA256` over the raw body of every webhook request. No authentication. ' +
          'The SHA-256 fingerprint is in the `X-Certificate-Fingerprint-SHA256` header.',
      },
    },
    async (_request, reply) => {
      reply.header('Content-Type', 'application/x-pem-file').header('X-Certificate-Fingerprint-SHA256', identity.fingerprint256);
      return identity.certificatePem;
    },
  );

  app.post(
    '/api/v1/subscribe/',
    {
      schema: {
        summary: 'Register a webhook',
        tags: ['webhooks'],
        description:
          'Registers `callback_url` for events of every group where you are an admin (team Admin permission is required), ' +
          'narrowed by `group`, `object` and `event`. The URL must be http(s), at most 500 characters, and resolve only to ' +
          'public addresses (loopback and private addresses are allowed when the server runs in development mode). ' +
          'Subscribing again with the same settings returns the existing registration (200; a new `hmac_secret` replaces the old one); a new one answers 201.',
        body: SubscribeBody,
        response: { 200: RegistrationResource, 201: RegistrationResource, ...errorResponses(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const body = request.body;
      const rawUrl = body.callback_url ?? body.url;
      const notify = (body.notify ?? 'realtime').trim() as NotifyType;
      if (!NOTIFY_TYPES.includes(notify)) {
        throw badRequest(`notify must be one of ${NOTIFY_TYPES.join(', ')}.`, [{ field: 'notify', message: `not "${body.notify}"` }]);
      }
      const filters = filtersOf(body);
      const groupId = await resolveGroup(app, body.group, auth.groupIds);
      const { id, created } = await subscribeWebhook(store, settings, {
        userId: auth.user.id,
        callbackUrl: rawUrl,
        objectFilter: filters.objectFilter,
        eventFilter: filters.eventFilter,
        groupId,
        notify,
        hmacSecret: body.hmac_secret ?? null,
      });
      if (!created) {
        reply.code(200);
        return resource((await getRegistration(store, auth.user.id, id))!);
      }
      reply.code(201).header('Location', registrationUri(id));
      return resource((await getRegistration(store, auth.user.id, id))!);
    },
  );

  app.get(
    '/api/v1/notifications/',
    {
      schema: {
        summary: 'List your webhook registrations',
        tags: ['webhooks'],
        description:
          "A plain array (as the hosted description has it) of every registration of yours, oldest first. `group_id` is the group's id (a UUID here, where the description has an integer) or null for every group where you are admin; `group` names it as a resource URI.",
        response: { 200: Type.Array(ListedRegistration), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { registrations } = await listRegistrations(store, auth.user.id, MAX_LISTED, 0);
      return registrations.map((r) => {
        const view = resource(r);
        return { active: true, notify_when: NOTIFY_WHEN[r.notify] ?? 10, url: r.callbackUrl, event_filter: view.eventFilter, group_id: r.groupId, ...view };
      });
    },
  );

  app.get(
    '/api/v1/notifications/:id/',
    {
      schema: {
        summary: 'One webhook registration',
        tags: ['webhooks'],
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: RegistrationResource, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      const registration = await getRegistration(store, auth.user.id, id);
      if (!registration) throw notFound('Webhook registration', id);
      return resource(registration);
    },
  );

  app.post(
    '/api/v1/unsubscribe/',
    {
      schema: {
        summary: 'Remove webhook registrations',
        tags: ['webhooks'],
        description:
          'Removes by `id`, or every registration of yours whose `callback_url` (or `url`) matches exactly and whose ' +
          'object/event/group filters match those given (filters left out match anything). Deliveries not yet made are ' +
          'cancelled; the delivery log is kept. Idempotent: 200 whether anything matched or not (`removed` lists what went; a `group` you cannot see matches nothing); ' +
          'a URL that is not http(s) is a 400.',
        body: UnsubscribeBody,
        response: { 200: Type.Object({ removed: Type.Array(Type.String()) }), ...errorResponses(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const body = request.body;
      let matches: Registration[];
      if (body.id) {
        const one = await getRegistration(store, auth.user.id, body.id);
        matches = one ? [one] : [];
      } else {
        const callbackUrl = body.callback_url ?? body.url;
        if (!callbackUrl) throw badRequest('Give the registration id, or its callback_url.', [{ field: 'callback_url', message: 'is required without id' }]);
        if (!/^https?:\/\/\S+$/i.test(callbackUrl))
          throw badRequest(`${JSON.stringify(callbackUrl)} is not an http(s) URL.`, [{ field: 'callback_url', message: 'must be an http(s) URL' }]);
        const filtered = body.object !== undefined || body.event !== undefined || body.eventFilter !== undefined;
        const filters = filtered ? filtersOf(body) : undefined;
        // A group you cannot see, or none by that name, has no registrations of yours: nothing matches (200, as documented).
        const groupId = body.group === undefined ? undefined : await visibleGroup(app, body.group, auth.groupIds);
        matches =
          body.group !== undefined && groupId === undefined
            ? []
            : await findRegistrations(store, auth.user.id, {
                callbackUrl,
                objectFilter: filters?.objectFilter,
                eventFilter: filters && (body.event !== undefined || body.eventFilter !== undefined) ? filters.eventFilter : undefined,
                groupId,
              });
      }
      for (const registration of matches) await removeRegistration(store, registration.id);
      return { removed: matches.map((r) => r.id) };
    },
  );

  app.delete(
    '/api/v1/unsubscribe/:id/',
    {
      schema: {
        summary: 'Remove one webhook registration',
        tags: ['webhooks'],
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const auth = requireApiKey(request);
      const { id } = request.params;
      if (!(await getRegistration(store, auth.user.id, id))) throw notFound('Webhook registration', id);
      await removeRegistration(store, id);
      reply.code(204);
    },
  );
}
