/**
 * Behind a load balancer (several processes as one service, docs/deploy.md): with trustProxy naming the
 * balancer, per-address limits count the client from X-Forwarded-For, not the balancer; without it, a
 * forwarded header is ignored (a client cannot pick its own address).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../../test/support/server/app.ts';
import { PUBLIC_VERIFY_PER_MINUTE } from '../routes/verify.ts';

async function verifyFrom(app: Awaited<ReturnType<typeof createTestApp>>['app'], client: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/verify/',
    remoteAddress: '10.0.0.2',
    headers: { 'content-type': 'application/pdf', 'x-forwarded-for': client },
    payload: Buffer.from('not a pdf'),
  });
  return response.statusCode;
}

test('with trustProxy the public verify limit counts each forwarded client; without it the balancer is the one client', async () => {
  const behind = await createTestApp({ trustProxy: '10.0.0.0/8' });
  const direct = await createTestApp();
  try {
    for (let i = 0; i < PUBLIC_VERIFY_PER_MINUTE; i++) assert.notEqual(await verifyFrom(behind.app, '203.0.113.5'), 429);
    assert.equal(await verifyFrom(behind.app, '203.0.113.5'), 429, 'the client past its limit');
    assert.notEqual(await verifyFrom(behind.app, '203.0.113.6'), 429, 'another client behind the same balancer');

    for (let i = 0; i < PUBLIC_VERIFY_PER_MINUTE; i++) await verifyFrom(direct.app, `203.0.113.${i}`);
    assert.equal(await verifyFrom(direct.app, '198.51.100.1'), 429, 'untrusted: X-Forwarded-For is ignored');
  } finally {
    await behind.close();
    await direct.close();
  }
});
