/** Node-only helpers for receivers of esign-elements webhooks. */
export { verifyWebhook } from './verify.ts';
export type { SignatureCheck, VerifyWebhookInput, VerifyWebhookResult, WebhookHeaders } from './verify.ts';
