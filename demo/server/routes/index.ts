/**
 * Every route plugin the app registers. To add an area: write `routes/<area>.ts` with a
 * default-exported `async function (app: App)` (http/typed-app.ts) and add it to this list.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../http/typed-app.ts';
import healthRoutes from './health.ts';
import openApiRoutes from './openapi.ts';
import staticRoutes from './static.ts';
import groupRoutes from './groups.ts';
import userRoutes from './users.ts';
import memberRoutes from './members.ts';
import attachmentRoutes from './attachments.ts';
import textTemplateRoutes from './text-templates.ts';
import textPreviewRoutes from './text-previews.ts';
import webhookRoutes from './webhooks.ts';
import webhookLogRoutes from './webhooks-log.ts';
import emailOpenRoutes from './email-open.ts';
import templateRoutes from './templates.ts';
import templateManageRoutes from './templates-manage.ts';
import templateFieldRoutes from './templates-fields.ts';
import documentRoutes from './documents.ts';
import documentFileRoutes from './documents-files.ts';
import statusRoutes from './status.ts';
import documentEventRoutes from './document-events.ts';
import componentTokenRoutes from './component-tokens.ts';
import signerRoutes from './signer.ts';
import signerManageRoutes from './signer-manage.ts';
import signingRoutes from './signing.ts';
import signerVerificationRoutes from './signer-verification.ts';
import signingDemoRoutes from './signing-demo.ts';
import reviewRoutes from './review.ts';
import jobRoutes from './jobs.ts';
import verifyRoutes from './verify.ts';
import signInRoutes from './sign-in.ts';
import uploadRoutes from './uploads.ts';
import graphqlRoutes from './graphql.ts';

const plugins: RoutePlugin[] = [
  healthRoutes,
  openApiRoutes,
  staticRoutes,
  groupRoutes,
  userRoutes,
  memberRoutes,
  attachmentRoutes,
  textTemplateRoutes,
  textPreviewRoutes,
  webhookRoutes,
  webhookLogRoutes,
  emailOpenRoutes,
  templateRoutes,
  templateManageRoutes,
  templateFieldRoutes,
  documentRoutes,
  documentFileRoutes,
  statusRoutes,
  documentEventRoutes,
  componentTokenRoutes,
  signerRoutes,
  signerManageRoutes,
  signingRoutes,
  signerVerificationRoutes,
  signingDemoRoutes,
  reviewRoutes,
  jobRoutes,
  verifyRoutes,
  signInRoutes,
  uploadRoutes,
  graphqlRoutes,
];

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // Types only: request parts and answers are typed from each route's TypeBox schema.
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const plugin of plugins) await typed.register(plugin);
}
