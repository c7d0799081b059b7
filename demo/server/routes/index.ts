/**
 * Every route plugin the app registers. To add an area: write `routes/<area>.ts` with a
 * default-exported `async function (app: FastifyInstance)` and add it to this list.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import healthRoutes from './health.ts';
import staticRoutes from './static.ts';
import groupRoutes from './groups.ts';
import userRoutes from './users.ts';
import webhookRoutes from '../webhooks/routes.ts';

const plugins: FastifyPluginAsync[] = [
  healthRoutes,
  staticRoutes,
  groupRoutes,
  userRoutes,
  webhookRoutes,
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const plugin of plugins) await app.register(plugin);
}
