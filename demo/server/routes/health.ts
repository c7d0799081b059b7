/** GET /healthz: liveness plus a trivial database round trip. */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';

export default async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    },
    async () => {
      await app.store.ping();
      return { ok: true };
    },
  );
}
