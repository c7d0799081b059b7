/**
 * Test helper: one real webhook request, signed and POSTed by the server's own code (signing
 * identity, payload builder, delivery attempt) to a receiver on 127.0.0.1 that records the raw
 * body and headers. The build test hands the capture to the packaged `esign-elements/webhooks`.
 */
import { generateSigningIdentity, loadSigningIdentity, signatureHeaders } from '../../../demo/server/webhooks/signing.ts';
import { buildEventPayload } from '../../../demo/server/webhooks/payload.ts';
import { attemptDelivery } from '../../../demo/server/webhooks/delivery.ts';
import { sampleSnapshot, startReceiver } from './webhooks.ts';

export interface CapturedDelivery {
  body: string;
  headers: Record<string, string>;
  certificatePem: string;
  secret: string;
}

export async function signedDeliveryForReceiver(secret: string): Promise<CapturedDelivery> {
  const identity = loadSigningIdentity(generateSigningIdentity());
  const receiver = await startReceiver();
  try {
    const body = JSON.stringify(buildEventPayload('document', 'created', sampleSnapshot('00000000-0000-4000-8000-000000000001')));
    const result = await attemptDelivery({
      url: receiver.url,
      body,
      headers: signatureHeaders(body, identity, secret),
      timeoutMs: 5000,
      allowPrivate: true,
      maxResponseChars: 100,
    });
    if (result.status !== 200) throw new Error(`the receiver answered ${result.status}: ${result.error}`);
    const [request] = receiver.received;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    return { body: request.body, headers, certificatePem: identity.certificatePem, secret };
  } finally {
    await receiver.close();
  }
}
