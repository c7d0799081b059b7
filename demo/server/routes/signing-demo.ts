/**
 * What the demo journey needs beyond the API: the email outbox (so invitations can be opened
 * without a mail server) and, on a development machine only, an API key for the demo page.
 *
 * The demo session is a deliberate trade-off, documented in docs/decisions/signing.md: it hands
 * the first admin's sandbox API key to a page, which is only acceptable when nobody else can ask.
 * So it answers only when the server is not in production (NODE_ENV) and ESIGN_DEMO is not 0, the
 * request comes from a loopback address, the Host header names a loopback host (stops DNS
 * rebinding), the request carries `X-Esign-Demo: 1` (a custom header: a cross-origin page
 * cannot send it without a CORS preflight, which never lists it), and neither Origin nor Sec-Fetch-Site
 * names another origin. The answer's CORS is own-origin only (http/cors.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { requireApiKey } from '../auth/context.ts';
import { parseApiKey } from '../domain/api-keys.ts';
import { ApiError } from '../http/errors.ts';
import { errorResponses } from '../schemas/common.ts';
import { signingServiceOf } from '../services/signing/service.ts';
import { withoutTrackingImage } from '../email/open-tracking.ts';

const LOOPBACK_IP = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/** Whether this request may receive the demo key (see the module comment). */
export function demoAllowed(request: FastifyRequest, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NODE_ENV === 'production' || env.ESIGN_DEMO === '0') return 'the demo session is off (NODE_ENV=production or ESIGN_DEMO=0)';
  if (!LOOPBACK_IP.test(request.socket.remoteAddress ?? '')) return 'the demo session answers only requests from this machine (loopback)';
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return 'the demo session answers only to a loopback Host (localhost or 127.0.0.1)';
  if (request.headers['x-esign-demo'] !== '1') return 'send the header "X-Esign-Demo: 1"';
  // Another page on this machine (another port is another origin) must not get the key either.
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host}` && origin !== `https://${request.headers.host}`)
    return "the demo session answers only this server's own pages (the request came from another origin)";
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return "the demo session answers only this server's own pages (the browser says the request is cross-origin)";
  return null;
}

export default async function signingDemoRoutes(app: App): Promise<void> {
  const { store } = app;

  app.get(
    '/api/v1/demo/session/',
    {
      config: { auth: 'public', cors: 'own-origin' },
      schema: {
        summary: 'Demo only: an API key for the demo page',
        tags: ['demo'],
        description:
          "Development convenience, off in production: loopback requests with `X-Esign-Demo: 1` get the first admin's dedicated demo sandbox key (created once, kept in <data>/demo-api-key). See docs/decisions/signing.md for the security trade-off.",
        response: {
          200: Type.Object({ key: Type.String(), group: Type.String(), group_id: Type.String(), email_mode: Type.String() }),
          ...errorResponses(403, 409),
        },
      },
    },
    async (request) => {
      const refused = demoAllowed(request);
      if (refused) throw new ApiError(403, 'demo_disabled', `No demo session: ${refused}.`);
      const admin = await store.users.firstAdmin();
      const groupId = admin ? (await store.users.groupIds(admin.id))[0] : undefined;
      if (!admin || !groupId) throw new ApiError(409, 'not_set_up', 'The server has no admin user with a group yet; start it once with `esign-server serve`.');
      const file = path.join(app.config.dataDir, 'demo-api-key');
      let key = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
      const parsed = key ? parseApiKey(key) : undefined;
      if (!parsed || !(await store.apiKeys.verify(parsed))) {
        key = (await store.apiKeys.create(admin.id, 'sandbox', false)).key;
        fs.writeFileSync(file, key, { mode: 0o600 });
      }
      return { key, group: `/api/v1/group/${groupId}/`, group_id: groupId, email_mode: signingServiceOf(store)?.email.mode ?? 'local' };
    },
  );

  app.get(
    '/api/v1/outbox/',
    {
      schema: {
        summary: 'The email outbox',
        tags: ['demo'],
        querystring: Type.Object({ document: Type.Optional(Type.String({ maxLength: 100 })), limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
        description:
          "Emails queued for documents of your groups, newest first: invitations with their signing links, notices. With SMTP configured (ESIGN_SMTP_URL) they were also sent; otherwise this is the local outbox (also written as .eml files under <data>/outbox/). `html` comes without the recipient's tracking image: the sender reading an email is not its recipient opening it.",
        response: {
          200: Type.Object({ mode: Type.String(), objects: Type.Array(Type.Object({}, { additionalProperties: true })) }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const auth = requireApiKey(request);
      const q = request.query;
      const { documents, history } = store;
      const visible = async (documentId: string | null) => {
        const doc = documentId ? await documents.get(documentId) : undefined;
        return doc !== undefined && auth.groupIds.includes(doc.groupId);
      };
      const all = await history.emails(q.document ? { documentId: q.document.toLowerCase() } : {});
      const shown = new Map<string | null, boolean>();
      for (const e of all) if (!shown.has(e.documentId)) shown.set(e.documentId, await visible(e.documentId));
      const emails = all
        .filter((e) => shown.get(e.documentId))
        .reverse()
        .slice(0, q.limit);
      await signingServiceOf(store)?.email.flush();
      return {
        mode: signingServiceOf(store)?.email.mode ?? 'local',
        objects: emails.map((e) => ({
          id: e.id,
          kind: e.kind,
          to: e.to,
          cc: e.cc,
          subject: e.subject,
          text: e.text,
          // The sender reading it is not the recipient opening it: no tracking image to load.
          html: withoutTrackingImage(e.html),
          document: e.documentId,
          signer: e.recipientId,
          created: e.created,
          sent_at: e.sentAt,
          last_error: e.lastError,
        })),
      };
    },
  );
}
