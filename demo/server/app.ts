/**
 * buildApp(config): the whole server as a Fastify instance, without listening.
 * cli.ts starts it; tests call it with a temp data directory and use inject().
 */
import Fastify from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';
import { bodyLimitFor, resolveConfig } from './config.ts';
import { openStore } from './store/index.ts';
import type { Store } from './store/index.ts';
import { validatorCompiler } from './http/validation.ts';
import { installErrorHandling, toApiError } from './http/error-handler.ts';
import { installOpenApi } from './http/openapi.ts';
import { installAuth } from './auth/hook.ts';
import { installCors } from './http/cors.ts';
import { installIdempotency } from './http/idempotency.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { guardedServerFactory } from './http/connection-guard.ts';
import { ApiError, badRequest } from './http/errors.ts';
import { registerRoutes } from './routes/index.ts';
import { startTemplateSweep } from './services/template-sweep.ts';
import { startWebhooks } from './webhooks/service.ts';
import { startReminders } from './email/reminders.ts';
import { signingServiceOf } from './services/signing/service.ts';
import { startBatchProcessor } from './services/batches/processor.ts';
import { WorkPool } from './work/pool.ts';
import { workSettingsFromEnv } from './work/settings.ts';
import { Converter, convertSettingsFromEnv } from './convert/converter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    config: AppConfig;
    /** Worker threads for all work over user-supplied PDFs and patterns (work/pool.ts). */
    work: WorkPool;
    /** Word, HTML, text, spreadsheet and image files to PDF (convert/; LibreOffice started on first use). */
    converter: Converter;
  }
}

export type BuildConfig = Partial<AppConfig> & { dataDir: string };

export async function buildApp(partial: BuildConfig): Promise<FastifyInstance> {
  const config = resolveConfig(partial);
  const bodyLimit = bodyLimitFor(config);
  const app = Fastify({
    logger: config.logger,
    ...(config.trustProxy ? { trustProxy: config.trustProxy } : {}),
    bodyLimit,
    return503OnClosing: true,
    // Slow clients, idle connections and per-address caps (http/connection-guard.ts); used by listen(), not inject().
    serverFactory: guardedServerFactory(config.connectionLimits),
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (a malformed URL) get the same JSON shape as all others.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const apiError =
        error.code === 'FST_ERR_BAD_URL'
          ? new ApiError(400, 'bad_url', `The URL is not valid: ${error.message}. Percent-encode special characters correctly.`)
          : toApiError(error, bodyLimit);
      reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
    },
  });
  const store = await openStore(config.dataDir, { databaseUrl: config.databaseUrl });
  app.decorate('store', store);
  app.decorate('config', config);
  const work = new WorkPool({ ...workSettingsFromEnv(), ...config.work });
  app.decorate('work', work);
  const converter = new Converter(convertSettingsFromEnv(work.settings.maxPages));
  app.decorate('converter', converter);

  try {
    app.setValidatorCompiler(validatorCompiler);
    installJsonParser(app);
    installErrorHandling(app, bodyLimit);
    installSecurityHeaders(app, config.baseUrl);
    installCors(app, config.corsOrigins, () => app.config.baseUrl);
    installAuth(app, store, config);
    installIdempotency(app, store);
    await installOpenApi(app, config.baseUrl);
    await registerRoutes(app);
  } catch (error) {
    // A half-built app must not keep the database open.
    await store.close();
    await work.close();
    await converter.close();
    throw error;
  }

  const sweep = startTemplateSweep(store, config);
  const webhooks = await startWebhooks(app);
  // Reminder timings are webhook settings (they exist for `autoReminderEmail`); what they queue the signing service sends.
  const stopReminders = startReminders(app, webhooks.settings.reminderScheduleMs, webhooks.settings.reminderCheckIntervalMs, () =>
    signingServiceOf(app.store)?.deliverEmail(),
  );
  // GraphQL batches: resumes any a previous process left unfinished.
  const batches = await startBatchProcessor(store, { log: (error) => app.log.error(error), work }, config.batches);
  app.addHook('onClose', async () => {
    await batches.stop();
    stopReminders();
    await webhooks.stop();
    sweep.stop();
    await work.close();
    await converter.close();
    await store.close();
  });
  return app;
}

/** JSON only; an empty body is allowed (e.g. POST .../archive/ with the header set). */
function installJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      // The reviver visits every value (a few percent of a GraphQL request); a "__proto__" key can only be
      // in a body whose text spells it out or uses a \u escape, so only those bodies need it.
      done(null, text.includes('__proto__') || text.includes('\\u') ? JSON.parse(text, rejectPrototypeKeys) : JSON.parse(text));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      done(badRequest(`The body is not valid JSON (${reason}). Check quotes, commas and brackets.`, undefined, 'malformed_json'), undefined);
    }
  });
}

function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new Error('the key "__proto__" is not allowed');
  return value;
}
