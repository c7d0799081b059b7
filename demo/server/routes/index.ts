/**
 * Every route plugin the app registers. To add an area: write `routes/<area>.ts` with a
 * default-exported `async function (app: FastifyInstance)` and add it to this list.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import healthRoutes from './health.ts';
import staticRoutes from './static.ts';
import groupRoutes from './groups.ts';
import userRoutes from './users.ts';
import memberRoutes from './members.ts';
import attachmentRoutes from './attachments.ts';
import textTemplateRoutes from './text-templates.ts';
import webhookRoutes from '../webhooks/routes.ts';
import templateRoutes from './templates.ts';
import templateManageRoutes from './templates-manage.ts';
import templateFieldRoutes from './templates-fields.ts';
import documentRoutes from './documents.ts';
import documentFileRoutes from './documents-files.ts';
import statusRoutes from './status.ts';
import componentTokenRoutes from './component-tokens.ts';
import signerRoutes from './signer.ts';
import signerManageRoutes from './signer-manage.ts';
import signingRoutes from './signing.ts';
import signingDemoRoutes from './signing-demo.ts';
import reviewRoutes from './review.ts';
import jobRoutes from './jobs.ts';
import verifyRoutes from './verify.ts';
import uploadRoutes from './uploads.ts';

const plugins: FastifyPluginAsync[] = [
  healthRoutes,
  staticRoutes,
  groupRoutes,
  userRoutes,
  memberRoutes,
  attachmentRoutes,
  textTemplateRoutes,
  webhookRoutes,
  templateRoutes,
  templateManageRoutes,
  templateFieldRoutes,
  documentRoutes,
  documentFileRoutes,
  statusRoutes,
  componentTokenRoutes,
  signerRoutes,
  signerManageRoutes,
  signingRoutes,
  signingDemoRoutes,
  reviewRoutes,
  jobRoutes,
  verifyRoutes,
  uploadRoutes,
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const plugin of plugins) await app.register(plugin);
}
