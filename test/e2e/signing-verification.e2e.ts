/**
 * One-time codes before signing (issue 29) in Chromium against the real demo server: a signer sent with
 * `sms` reads the document but cannot open its fields without the code from the SMS outbox; five wrong
 * codes lock that code; resending waits (the button counts down, the server answers 429); an expired
 * code is refused (the server's code clock moved forward through ESIGN_TEST_CLOCK's route: no waiting);
 * then the right code opens the fields and the signer signs. The same over email (`email_verification`,
 * the code read from the mail outbox). The document's history and the sealed PDF's history page show
 * every send masked and the method; a witness without `sms` is refused at send.
 */
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { field } from './support/signing-documents.ts';

test.describe.configure({ timeout: 120_000 });

interface Sent {
  auth: { Authorization: string };
  documentId: string;
  signer: string;
  link: string;
}

async function send(request: APIRequestContext, signer: Record<string, unknown>, extra: Record<string, unknown> = {}, status = 201): Promise<Sent> {
  const session = await (await request.get('/api/v1/demo/session/', { headers: { 'X-Esign-Demo': '1' } })).json();
  const auth = { Authorization: `Bearer ${session.key}` };
  const sample = Buffer.from(await (await request.get('/demo/sample.pdf')).body());
  const upload = await request.post('/api/v1/templatepdf/?returnAsJson=1', {
    headers: auth,
    data: { group: session.group, title: 'Code e2e', pdf_file: sample.toString('base64') },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const template = (await upload.json()).resource.uid;
  const placed = await request.post(`/api/v1/templatepdf/${template}/fields/`, {
    headers: auth,
    data: [field(1, 'text', 0.3, { label: 'Full name' })],
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const sent = await request.post('/api/v1/document/', {
    headers: auth,
    data: {
      group: session.group,
      name: 'Code e2e',
      templatepdf: `/api/v1/templatepdf/${template}/`,
      signers: [{ firstname: 'Ann', lastname: 'Example', email: 'ann@example.test', ...signer }, ...((extra.more as unknown[]) ?? [])],
      append_history: true,
      ...Object.fromEntries(Object.entries(extra).filter(([k]) => k !== 'more')),
    },
  });
  expect(sent.status(), await sent.text()).toBe(status);
  if (status !== 201) return { auth, documentId: await sent.text(), signer: '', link: '' };
  const documentId = /\/status\/([^/]+)\//.exec(sent.headers().location)![1]!;
  const detail = await (await request.get(`/api/v1/document/${documentId}/`, { headers: auth })).json();
  const id = detail.signer_objects[0].uuid as string;
  const link = (await (await request.get(`/api/v1/signer/${id}/sign-link/`, { headers: auth })).json()).url as string;
  return { auth, documentId, signer: id, link };
}

/** The newest code sent for the document: from the SMS outbox, or from the mail outbox. */
async function newestCode(request: APIRequestContext, sent: Sent, channel: 'sms' | 'email'): Promise<string> {
  const url = channel === 'sms' ? `/api/v1/sms-outbox/?document=${sent.documentId}` : `/api/v1/outbox/?document=${sent.documentId}`;
  const box = await (await request.get(url, { headers: sent.auth })).json();
  const message = box.objects.find((m: { subject?: string }) => channel === 'sms' || m.subject?.startsWith('Your code to sign'));
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

async function advanceClock(request: APIRequestContext, sent: Sent, seconds: number): Promise<void> {
  const moved = await request.post('/api/v1/dev/verification-clock/', { headers: sent.auth, data: { signer: sent.signer, advance_seconds: seconds } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** A signer call with the page's own token (what a script holding the link could do). */
async function signerPost(page: Page, signer: string, op: string, body: unknown): Promise<number> {
  return await page.evaluate(
    async ({ signer, op, body }) => {
      const el = document.querySelector('esign-signer') as HTMLElement & { token: string; endpoint: string };
      const res = await fetch(`${el.endpoint}/api/v1/signer/${signer}/${op}/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${el.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { signer, op, body },
  );
}

async function enter(page: Page, code: string): Promise<void> {
  await page.locator('#otp-input').fill(code);
}

/** The code step from a wrong code to locked, throttled, expired, and the right code; then the signer signs. */
async function ceremony(page: Page, request: APIRequestContext, sent: Sent, channel: 'sms' | 'email', masked: string): Promise<void> {
  await page.goto(sent.link);
  const step = page.locator('[part~="verification"]');
  await expect(step).toContainText(masked, { timeout: 30_000 });
  await expect(page.locator('#field-input')).toHaveCount(0);
  // The link's token alone cannot sign, save or reject.
  for (const op of ['save', 'complete', 'reject'])
    expect(await signerPost(page, sent.signer, op, op === 'reject' ? { reason: 'x' } : { values: {} })).toBe(403);
  await page.locator('#otp-send').click();
  await expect(page.locator('#otp-message')).toContainText(masked);
  const first = await newestCode(request, sent, channel);

  // Five wrong codes lock this code; the right one no longer opens anything.
  const wrong = ['000001', '000002', '000003', '000004', '000005'].filter((c) => c !== first);
  for (const [i, code] of wrong.slice(0, 4).entries()) {
    await enter(page, code);
    await expect(page.locator('#otp-message')).toHaveText(`That code is not right. Tries left: ${4 - i}.`);
  }
  await enter(page, wrong[4] ?? '000006');
  await expect(page.locator('#otp-message')).toHaveText('Too many wrong tries: this code no longer works. Ask for a new code.');
  await expect(page.locator('#otp-input'), 'a locked code cannot be entered again').toHaveCount(0);
  expect(await signerPost(page, sent.signer, 'verification/check', { code: first }), 'not even the right one').toBe(403);

  // Resend is throttled: the button counts down, and the server says the same.
  await expect(page.locator('#otp-send')).toBeDisabled();
  await expect(page.locator('[part~="otp-countdown"]')).toContainText('You can ask for a new code in');
  expect(await signerPost(page, sent.signer, 'verification/send', {})).toBe(429);

  // 31 s later (the server's code clock): a new code; 11 minutes after that it has expired.
  await advanceClock(request, sent, 31);
  await page.goto(sent.link); // the page keeps no link in its address: opened again from the invitation
  await expect(page.locator('#otp-send')).toBeEnabled({ timeout: 30_000 });
  await page.locator('#otp-send').click();
  await expect(page.locator('#otp-input')).toBeVisible();
  const second = await newestCode(request, sent, channel);
  await advanceClock(request, sent, 11 * 60);
  await enter(page, second);
  await expect(page.locator('#otp-message')).toHaveText('This code has expired. Ask for a new code.');

  // A fresh code opens the fields.
  await page.goto(sent.link); // the page keeps no link in its address: opened again from the invitation
  await page.locator('#otp-send').click();
  await expect(page.locator('#otp-input')).toBeVisible();
  const third = await newestCode(request, sent, channel);
  await enter(page, third);
  await expect(page.locator('#field-input')).toBeFocused();
  await page.locator('#field-input').fill('Ann Example');
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.locator('#confirm-submit-button').click();
  await expect(page.locator('[part~="final"]')).toContainText('Your signature has been recorded', { timeout: 30_000 });
}

async function historyShows(request: APIRequestContext, sent: Sent, channel: 'sms' | 'email', masked: string): Promise<void> {
  const log = await (
    await request.get(`/api/v1/document/${sent.documentId}/auditlog/?limit=1000`, { headers: { ...sent.auth, Accept: 'application/json' } })
  ).json();
  const events = (log.objects as { event: string; details: Record<string, unknown> }[]).filter((e) => /verif/.test(e.event));
  expect(events.filter((e) => e.event === 'verification_code_sent')).toHaveLength(3);
  expect(events.filter((e) => e.event === 'verification_failed').map((e) => e.details.reason)).toEqual([
    'wrong_code',
    'wrong_code',
    'wrong_code',
    'wrong_code',
    'locked',
    'expired',
  ]);
  expect(events.every((e) => e.details.to === masked)).toBe(true);
  expect(events.at(-1)).toMatchObject({ event: 'recipient_verified', details: { method: channel } });

  const pdf = await request.get(`/api/v1/pdf/${sent.documentId}/`, { headers: sent.auth });
  expect(pdf.headers()['x-esign-pdf']).toBe('final');
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body() })
    .toString()
    .replace(/\s+/g, ' ');
  const by = channel === 'sms' ? 'SMS' : 'email';
  expect(text).toContain(`One-time code sent by ${by} to ${masked}`);
  expect(text).toContain(`Verified by ${by} code sent to ${masked}`);
}

test('sms: the fields open only with the code from the SMS outbox; locked, throttled, expired; history and PDF masked', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent = await send(request, { sms: '+44 7700 900123' });
  await ceremony(page, request, sent, 'sms', '+44 7••• ••• 123');
  await historyShows(request, sent, 'sms', '+44 7••• ••• 123');
  // The journey page shows the SMS outbox beside the emails (demo/web/sms-outbox.js).
  await page.goto('/demo/journey.html');
  await expect(page.locator('#sms-outbox li').first()).toContainText('+44 7700 900123');
  await expect(page.locator('#sms-outbox li').first()).toContainText('is your code to sign');
  expect(errors).toEqual([]);
});

test('email: the same with the code from the mail outbox (email_verification at send)', async ({ page, request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const sent = await send(request, {}, { email_verification: true });
  await ceremony(page, request, sent, 'email', 'a••@example.test');
  await historyShows(request, sent, 'email', 'a••@example.test');
});

test('a witness, and the signer it witnesses, without sms are refused at send', async ({ request, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const refused = await send(
    request,
    { role: 'signer' },
    { more: [{ firstname: 'Wes', lastname: 'Witness', email: 'wes@example.test', role: 'witness' }] },
    400,
  );
  expect(refused.documentId).toContain('signers[0].sms');
  expect(refused.documentId).toContain('signers[1].sms');
});
