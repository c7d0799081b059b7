/**
 * The GraphQL front door (docs/graphql.md): POST/GET /graphql on the same services as REST, and
 * the schema as SDL at GET /graphql/schema.graphql. The GraphQL parts live in graphql/.
 */
import type { App } from '../http/typed-app.ts';
import { registerGraphql, SCHEMA_SDL } from '../graphql/server.ts';

export default async function graphqlRoutes(app: App): Promise<void> {
  app.get(
    '/graphql/schema.graphql',
    {
      config: { auth: 'public' },
      schema: { summary: 'The GraphQL schema (SDL)', tags: ['graphql'], hide: true },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(SCHEMA_SDL),
  );

  await registerGraphql(app);
}
