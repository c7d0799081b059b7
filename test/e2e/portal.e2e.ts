/**
 * The developer portal (issue 16) as the admin uses it right after the first start: the old dashboard URL
 * leads there; sign in (SRP in the browser), enrol the authenticator (the code computed here from the shown
 * secret), note the recovery codes, create an API key and see it once, register a webhook on a receiver
 * in this test, send a document with the new key, see the delivery with its body and status, replay it,
 * send a test event about the document, see the key's usage, edit the webhook, turn on xframe_allow, invite a
 * member, create a sub-user, sign out everywhere; the sub-user signs in, enrols and sees the group read-only.
 * axe finds nothing on each step.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { axeViolations, WCAG } from './support/accessibility.ts';
import { graphiqlResponse, runOperation, typeInto } from './support/graphiql.ts';

test.describe.configure({ timeout: 120_000 });

const SUB_USER = 'sub.user@example.com';
const SUB_PASSWORD = 'the sub-user passphrase';
/** The portal is held to axe's best practices too. */
const PORTAL_RULES = { tags: [...WCAG, 'best-practice'] };

/** How far the page scrolls sideways (0 when nothing overflows). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Where a form row's words sit against its control: the label's text box and the control's box. */
async function labelAndControl(page: Page, host: string, name: string) {
  return page.locator(host).evaluate((element, wanted) => {
    const label = [...element.shadowRoot!.querySelectorAll('form label')].find((l) => l.textContent!.trim().startsWith(wanted))!;
    // The label's words: its span, or its first text node that is not blank (Lit puts comment markers first).
    const words = label.querySelector('span') ?? [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
    const range = document.createRange();
    range.selectNodeContents(words);
    const text = range.getBoundingClientRect();
    const control = label.querySelector('input, select')!.getBoundingClientRect();
    return {
      text: { left: text.left, right: text.right, top: text.top, bottom: text.bottom },
      control: { left: control.left, top: control.top, bottom: control.bottom },
    };
  }, name);
}

interface Received {
  body: string;
  json: { id: string; object: string; event: string; data: Record<string, unknown> };
}

function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, json: JSON.parse(body) as Received['json'] });
      response.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received })),
  );
}

/** Uploads the demo's sample PDF as a template with one signature field and sends it, all with `key`. */
async function sendDocument(base: string, key: string): Promise<string> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response;
  };
  const groups = (await (await fetch(`${base}/api/v1/group/`, { headers })).json()) as { objects: { resource_uri: string }[] };
  const group = groups.objects[0].resource_uri;
  const pdf = Buffer.from(await (await fetch(`${base}/demo/sample.pdf`)).arrayBuffer()).toString('base64');
  const upload = await post('/api/v1/templatepdf/', { group, title: 'Portal e2e', pdf_file: pdf });
  const template = String(upload.headers.get('location')).match(/templatepdf\/([^/]+)\//)![1];
  await post(`/api/v1/templatepdf/${template}/fields/`, [{ ax: 0.1, ay: 0.8, bx: 0.4, by: 0.85, page: 1, element_type: 'signature', signer: 1 }]);
  const sent = await post('/api/v1/document/', {
    group,
    name: 'Portal e2e document',
    templatepdf: `/api/v1/templatepdf/${template}/`,
    signers: [{ firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', order: 0 }],
  });
  return ((await sent.json()) as { uuid: string }).uuid;
}

test('portal: sign in, enrol TOTP, create a key once, register a webhook, see and replay a delivery, usage, sign out', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  test.skip(!email || !password, 'the admin sign-in is read from the first start (test/e2e/run.ts)');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const receiver = await startReceiver();
  try {
    await page.goto('/demo/dashboard.html');
    await expect(page).toHaveURL(/\/portal\/$/);
    await expect(page.getByRole('heading', { name: 'Developer portal' })).toBeVisible();
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);

    // A wrong password is refused in words; the right one (typed, then Enter) signs in.
    await page.getByLabel('Email').fill(email!);
    await page.getByLabel('Password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect username or password');
    await page.getByLabel('Password').fill(password!);
    await page.getByLabel('Password').press('Enter');

    // Enrolment is mandatory: QR code, the secret as text, the first code from it.
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to scan with an authenticator app' })).toBeVisible();
    await expect(page.locator('code[data-secret]')).toHaveAttribute('data-secret', /[A-Z2-7]{16,}/); // filled once AssociateSoftwareToken answers
    const secret = (await page.locator('code[data-secret]').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Shown in groups of four, as authenticator apps print it, with a button that copies it whole.
    expect((await page.locator('code[data-secret]').textContent())!.trim()).toBe(secret.replace(/(.{4})(?=.)/g, '$1 '));
    await expect(page.getByRole('button', { name: 'Copy the secret' })).toBeEnabled();
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);
    await page.getByLabel('First code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByLabel('Recovery codes');
    await expect(codes).toBeVisible();
    expect((await codes.textContent())!.trim().split('\n')).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

    // An API key, shown once (the keys are the first section).
    const sections = page.getByRole('navigation', { name: 'Portal sections' });
    await expect(sections.getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    // Desktop: each label sits beside its control, on its row.
    const desk = await labelAndControl(page, 'portal-keys', 'Name');
    expect(desk.control.left).toBeGreaterThan(desk.text.right);
    expect(desk.control.top).toBeLessThan(desk.text.bottom);
    await page.getByLabel('Name', { exact: true }).fill('Portal e2e key');
    await page.getByLabel('Environment').selectOption('sandbox');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.locator('output[data-new-key]');
    await expect(shown).toHaveText(/^ak_sandbox_/);
    const key = (await shown.textContent())!.trim();
    // The keyboard lands on the copy button; the list has the key under its name, not used yet.
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused();
    const keyId = key.slice('ak_sandbox_'.length).split('.')[0];
    const keyRow = page.locator('portal-keys').getByRole('row').filter({ hasText: keyId });
    await expect(keyRow).toContainText('Portal e2e key');
    await expect(keyRow).toContainText('never');
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);
    // The key used from elsewhere (a terminal): back on the page, the list shows the use without a reload.
    expect((await fetch(`${baseURL}/api/v1/group/`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(keyRow).not.toContainText('never');

    // The GraphQL explorer from the portal's section nav sends this person's access token (never the demo key):
    // the full schema answers, the fields behind the second factor included.
    await sections.getByRole('link', { name: 'GraphQL explorer' }).click();
    await expect(page).toHaveURL(/\/graphql\/#portal$/);
    await expect(page.getByRole('status')).toContainText('Sending your portal session');
    await expect(page.locator('.graphiql-container')).toBeVisible({ timeout: 30_000 });
    await typeInto(page, '.graphiql-query-editor', 'query Mine { portalAccount { email totpEnabled } apiKeys { name } }');
    await runOperation(page, 'Mine');
    await expect(graphiqlResponse(page)).toContainText('Portal e2e key', { timeout: 30_000 });
    await expect(graphiqlResponse(page)).toContainText(email!);
    await expect(graphiqlResponse(page)).toContainText(/"totpEnabled":\s*true/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

    // A webhook on this test's receiver, then a document sent with the new key.
    await sections.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/#webhooks$/);
    // The keyboard lands on the section's heading (it draws no box).
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeFocused();
    expect(await page.locator('portal-webhooks h2').evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
    // Empty lists say what to do instead of showing bare column headers.
    await expect(page.locator('portal-webhooks [data-empty="webhooks"]')).toContainText('No webhooks yet');
    await expect(page.locator('portal-webhooks [data-empty="deliveries"]')).toContainText('No deliveries yet');
    await page.getByLabel('Callback URL').fill(receiver.url);
    await page.getByLabel('Event filter').selectOption('DOCUMENTS_CREATED');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Webhook added.')).toBeVisible();
    await expect(page.getByRole('cell', { name: receiver.url, exact: true })).toBeVisible();
    const documentId = await sendDocument(baseURL!, key);
    // Only this document's events count: other tests send documents in the same group while this one runs.
    const mine = () => receiver.received.filter((r) => r.body.includes(documentId));
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
    expect(mine()[0].json.event).toBe('created');

    // The delivery log: the event, the receiver's 200, the exact body; replay sends the same event again.
    const log = page.locator('portal-webhooks');
    await expect(log).toBeVisible();
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          return log.getByRole('row').filter({ hasText: 'document.created' }).filter({ hasText: '200' }).count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(1);
    // This document's delivery: the row whose body names it.
    const body = log.getByLabel('Request body sent');
    let row = -1;
    for (let i = 0; row < 0 && i < (await log.getByRole('button', { name: 'Body' }).count()); i++) {
      await log.getByRole('button', { name: 'Body' }).nth(i).click();
      if ((await body.textContent())?.includes(documentId) && (await body.textContent())?.includes('"created"')) row = i;
    }
    expect(row).toBeGreaterThanOrEqual(0);
    expect(JSON.parse((await body.textContent())!)).toEqual(JSON.parse(mine()[0].body));
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);
    await log.getByRole('button', { name: 'Replay' }).nth(row).click();
    await expect(page.getByText('Event queued again.')).toBeVisible();
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(2);
    expect(mine()[1].json.id).toBe(mine()[0].json.id);

    // A test event about the real document reaches the webhook with a new event id.
    await log.getByLabel('Object').selectOption('document');
    await log.getByLabel('Document or recipient id').fill(documentId);
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued.')).toBeVisible();
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(3);
    expect(mine()[2].json.id).not.toBe(mine()[0].json.id);

    // Usage, a section of its own (its address, back and forward): the new key's calls in the sandbox window.
    await sections.getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/#usage$/);
    await expect(sections.getByRole('link', { name: 'Usage' })).toHaveAttribute('aria-current', 'page');
    // Read as the section opens (no Refresh click), the key by its name.
    const usage = page.locator('portal-usage');
    await expect(usage.getByRole('row').filter({ hasText: 'Portal e2e key' })).toContainText(/[1-9]\d* of 100000/);

    // Edit the webhook in place: a new URL and event; the list shows the change. Back returns to the webhooks.
    await page.goBack();
    await expect(page).toHaveURL(/#webhooks$/);
    const hooks = page.locator('portal-webhooks');
    await hooks.getByRole('button', { name: `Edit the webhook ${receiver.url}` }).click();
    const edit = hooks.getByRole('form', { name: `Edit the webhook ${receiver.url}` });
    await edit.getByLabel('Callback URL').fill(`${receiver.url}2`);
    await edit.getByLabel('Event filter').selectOption('DOCUMENTS_ALL');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Webhook updated.')).toBeVisible();
    await expect(hooks.getByRole('cell', { name: `${receiver.url}2`, exact: true })).toBeVisible();
    await expect(hooks.getByRole('cell', { name: 'document.*', exact: true })).toBeVisible();

    // Groups: the admin turns on xframe_allow; REST reads the same group.
    await sections.getByRole('link', { name: 'Groups' }).click();
    const groups = page.locator('portal-groups');
    const xframe = groups.getByLabel('Signing pages may be framed by other sites (xframe_allow)');
    await expect(xframe).not.toBeChecked();
    // The setting checkboxes line up in the control column, each level with its words.
    const boxes = await groups.locator('input[type="checkbox"]').evaluateAll((inputs) =>
      inputs.map((input) => {
        const box = input.getBoundingClientRect();
        const words = input.parentElement!.querySelector('span')!.getBoundingClientRect();
        return {
          left: Math.round(box.left),
          level: Math.abs(box.top + box.height / 2 - (words.top + Math.min(words.height, 24) / 2)) <= 6,
          beside: box.left > words.right,
        };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(boxes.map((b) => b.left)).size).toBe(1);
    expect(boxes.every((b) => b.level && b.beside)).toBe(true);
    await xframe.check();
    await groups
      .getByRole('form', { name: /^Settings of / })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(groups.getByText(/^Settings of .+ saved\.$/)).toBeVisible();
    const restGroups = (await (await fetch(`${baseURL}/api/v1/group/`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      objects: { xframe_allow: boolean }[];
    };
    expect(restGroups.objects[0].xframe_allow).toBe(true);

    // Members: invite by email (listed as invited), create a sub-user (listed as a member).
    const members = groups.locator('portal-members');
    await members
      .getByRole('form', { name: /^Invite to / })
      .getByLabel('Email')
      .fill('invitee@example.com');
    await members.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(members.getByText('invitee@example.com invited.')).toBeVisible();
    await expect(members.getByRole('row').filter({ hasText: 'invitee@example.com' })).toContainText('Invited');
    const create = members.getByRole('form', { name: /^Create a user in / });
    await create.getByLabel('Email').fill(SUB_USER);
    await create.getByLabel('First name').fill('Sub');
    await create.getByLabel('Last name').fill('User');
    await create.getByLabel('Permanent password').fill(SUB_PASSWORD);
    await create.getByRole('button', { name: 'Create user' }).click();
    await expect(members.getByText(`User ${SUB_USER} created`)).toBeVisible();
    await expect(members.getByRole('row').filter({ hasText: SUB_USER })).toContainText('Member');
    // Others can be removed, oneself not: the signed-in admin's row says "you" instead.
    await expect(members.getByRole('button', { name: new RegExp(`^Remove ${SUB_USER}`) })).toBeVisible();
    const own = members.getByRole('row').filter({ hasText: email! });
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(own).toContainText('you');
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);

    // At phone width, in English and in Arabic, every section fits the screen and passes axe; forms stack.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'ar']) {
      for (const section of ['keys', 'webhooks', 'groups', 'usage']) {
        await page.goto(`/portal/?lang=${lang}#${section}`);
        await expect(page.locator(`portal-${section}`)).toBeVisible();
        await expect(page.locator(`portal-${section} h2`)).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await sideways(page), `${lang} #${section}`).toBeLessThanOrEqual(1);
        expect(await axeViolations(page, PORTAL_RULES), `${lang} #${section}`).toEqual([]);
      }
    }
    await page.goto('/portal/#keys');
    const phone = await labelAndControl(page, 'portal-keys', 'Name');
    expect(phone.control.top).toBeGreaterThanOrEqual(phone.text.bottom - 1);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The key list shows its last use; sign out everywhere leads back to the sign-in form, and a reload stays signed out.
    await page.reload();
    await sections.getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
    await expect(keyRow).not.toContainText('never');
    await expect(page.locator('portal-keys')).not.toContainText(key); // the secret is never shown again
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // The sub-user signs in with the password the admin set, must enrol, then sees the group read-only.
    await page.getByLabel('Email').fill(SUB_USER);
    await page.getByLabel('Password').fill(SUB_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.locator('code[data-secret]')).toHaveAttribute('data-secret', /[A-Z2-7]{16,}/); // filled once AssociateSoftwareToken answers
    const subSecret = (await page.locator('code[data-secret]').getAttribute('data-secret'))!;
    await page.getByLabel('First code').fill(await generate({ secret: subSecret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await sections.getByRole('link', { name: 'Groups' }).click();
    await expect(page.locator('portal-groups').getByText('Only a group admin can change these settings.')).toBeVisible();
    await expect(page.locator('portal-groups').getByLabel('Signing pages may be framed by other sites (xframe_allow)')).toBeDisabled();
    await expect(page.locator('portal-groups').getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
    expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    receiver.server.close();
  }
});

test('portal: speaks the page language, Arabic right to left, axe-clean', async ({ page, baseURL }) => {
  test.skip(!baseURL, 'E2E_BASE_URL is not set: run e2e tests through `npm test -- --only e2e`');
  await page.goto('/portal/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle('بوابة المطورين · esign-elements');
  await expect(page.getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  expect(await axeViolations(page, PORTAL_RULES)).toEqual([]);
  await page.goto('/portal/?lang=de');
  await expect(page.getByRole('heading', { name: 'Entwicklerportal' })).toBeVisible();
  // Keyboard only: the page opens with the focus in the email field (no box on a heading); Tab reaches the password, then the button.
  await expect(page.getByLabel('E-Mail')).toBeFocused();
  expect(await page.locator('portal-app').evaluate((app) => app.shadowRoot!.activeElement?.tagName)).toBe('PORTAL-SIGN-IN');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passwort')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeFocused();
});
