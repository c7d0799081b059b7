/**
 * The demo dashboard page (demo/web/dashboard.html) in real Chromium against a listening app:
 * subscribe, trigger an event for a real recipient, read the delivery log with its attempts,
 * replay the event.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../test/support/chromium.ts';
import { createTestApp } from '../../../test/support/server/app.ts';
import { sendTestDocument, startReceiver } from '../../../test/support/server/webhooks.ts';

test('dashboard: subscribe, trigger, see every attempt, replay', { timeout: 60_000 }, async () => {
  const t = await createTestApp({
    rateLimits: { sandbox: 10_000, production: 10_000, windowMs: 3_600_000 },
    webhooks: { allowPrivateAddresses: true, retrySchedule: [0, 30, 60], pollIntervalMs: 20 },
  });
  const receiver = await startReceiver();
  receiver.respond = (_r, i) => (i === 0 ? 502 : 200);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { recipientId } = await sendTestDocument(t, t.key, t.groupId, 'dash');
    const page = await browser.newPage();
    await page.goto(`${base}/demo/webhook-tools.html`);
    await page.fill('#key', t.key);
    await page.click('#load');
    await page.waitForSelector('#message:text("Loaded.")');

    await page.fill('#subscribe [name=callback_url]', receiver.url);
    await page.selectOption('#subscribe [name=object]', 'recipient');
    await page.click('#subscribe button[type=submit]');
    await page.waitForSelector(`#registrations td:text("${receiver.url}")`);

    await page.selectOption('#trigger [name=object]', 'recipient');
    await page.fill('#trigger [name=event]', 'visiting');
    await page.fill('#trigger [name=id]', recipientId);
    await page.click('#trigger button[type=submit]');
    await page.waitForSelector('#message:text("queued for 1 registration")');
    await receiver.waitFor((r) => r.length === 2);

    // Refresh until the worker has recorded the delivery, then open it.
    for (let i = 0; i < 50; i++) {
      await page.click('#refresh');
      if (await page.locator('#deliveries .state-delivered').count()) break;
      await page.waitForTimeout(50);
    }
    await page.click('#deliveries tr');
    await page.waitForSelector('#attempts tr >> nth=1');
    const attempts = await page.locator('#attempts tr').allTextContents();
    assert.match(attempts[0], /502.*retry/);
    assert.match(attempts[1], /200.*delivered/);
    assert.match((await page.textContent('#detail-body')) ?? '', /"event": "visiting"/);

    await page.click('#replay');
    await page.waitForSelector('#message:text("Queued again")');
    await receiver.waitFor((r) => r.length === 3);
    assert.equal(receiver.received[2].json.id, receiver.received[1].json.id, 'the replay sends the same event');

    await page.fill('#trigger [name=id]', 'not-a-recipient');
    await page.click('#trigger button[type=submit]');
    await page.waitForSelector('#message.error');
  } finally {
    await browser.close();
    await receiver.close();
    await t.close();
  }
});
