/**
 * The tracking image of invitation emails (email/open-tracking.ts decides what an opening records).
 * Not an API operation: a URL the server writes into its own emails.
 */
import { Type } from 'typebox';
import { TRANSPARENT_GIF, recordEmailOpened, tokenMatches } from '../email/open-tracking.ts';
import type { App } from '../http/typed-app.ts';
import { isAutomaticFetch } from '../http/automatic-fetch.ts';

export default async function emailOpenRoutes(app: App): Promise<void> {
  app.get(
    '/api/v1/email-open/:id/:token/',
    {
      config: { auth: 'public' },
      schema: {
        // Not an API operation: a URL the server writes into its own emails (like the static routes).
        hide: true,
        summary: 'Tracking image of invitation emails',
        tags: ['webhooks'],
        description:
          'A 1×1 GIF. When the URL is one the server put in an invitation email, the recipient moves to status 15 ' +
          '("email opened", if still at 10) and `recipient.emailOpened` is emitted once per recipient. A HEAD or a prefetch (`Sec-Purpose`, `Purpose`, `X-Purpose`, `X-Moz`) records nothing. Always answers the same image.',
        params: Type.Object({ id: Type.String({ maxLength: 100 }), token: Type.String({ maxLength: 100 }) }),
      },
    },
    async (request, reply) => {
      const { id, token } = request.params;
      // A HEAD (a mail scanner checking the URL) or a prefetch is no one opening the email: same image, nothing recorded.
      if (!isAutomaticFetch(request) && (await tokenMatches(app.store, id, token))) {
        try {
          await recordEmailOpened(app.store, id, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });
        } catch (error) {
          // A tracking image must never fail the mail client; the error goes to the log.
          request.log.error({ err: error }, 'email-open tracking failed');
        }
      }
      reply.header('Content-Type', 'image/gif').header('Cache-Control', 'no-store, private').header('Referrer-Policy', 'no-referrer');
      return TRANSPARENT_GIF;
    },
  );
}
