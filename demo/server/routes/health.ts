/**
 * GET /healthz: liveness only (the process answers): a database restarting must not get a healthy
 * process restarted too, since its pool reconnects by itself.
 * GET /readyz: readiness for a load balancer: the database and the blob store each probed, with a
 * bound, 200 when both answer and 503 (with Retry-After) naming the part that does not. A process
 * that is not ready stays alive: it recovers by itself when the part comes back (docs/operations.md).
 */
import type { App } from '../http/typed-app.ts';
import { Type } from 'typebox';
import { InsufficientStorageError } from '../domain/errors.ts';
import { RETRY_AFTER_SECONDS } from '../store/outages.ts';

/** A probe that has not answered by then counts as down: readiness never hangs with the part it checks. */
const PROBE_TIMEOUT_MS = 3000;

const PartState = Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('full')]);
const Readiness = Type.Object({
  ready: Type.Boolean(),
  database: PartState,
  blobs: PartState,
  /** Why a part is not ok (the driver's message), for the operator. */
  problems: Type.Array(Type.String()),
});

async function probe(part: string, check: () => Promise<void>, problems: string[]): Promise<'ok' | 'unavailable' | 'full'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    problems.push(`${part}: ${(cause as Error).message ?? String(cause)}`);
    return error instanceof InsufficientStorageError ? 'full' : 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export default async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: { hide: true, response: { 200: Type.Object({ ok: Type.Boolean() }) } },
    },
    async () => ({ ok: true }),
  );

  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: { hide: true, response: { 200: Readiness, 503: Readiness } },
    },
    async (_request, reply) => {
      const problems: string[] = [];
      const [database, blobs] = await Promise.all([
        probe('database', () => app.store.ping(), problems),
        probe('blobs', () => app.store.files.blobs.probe(), problems),
      ]);
      const ready = database === 'ok' && blobs === 'ok';
      if (!ready) reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
      return { ready, database, blobs, problems };
    },
  );
}
