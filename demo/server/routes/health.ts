/** GET /healthz: liveness plus a trivial database round trip. */
import { Type } from 'typebox';
import type { App } from '../http/typed-app.ts';

export default async function healthRoutes(app: App): Promise<void> {
  app.get('/healthz', {
    config: { auth: 'public' },
    schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } },
  }, async () => {
    app.store.db.prepare('SELECT 1').get();
    return { ok: true };
  });
}
