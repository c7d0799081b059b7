/** GET /api/v1/openapi.json (the document http/openapi.ts generates) and the /docs/ page. */
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '../http/typed-app.ts';

export default async function openApiRoutes(app: App): Promise<void> {
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });

  app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
