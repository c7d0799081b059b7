/**
 * One request per operation of the hosted service's description, as an integrator replaying it would send
 * it (bodies in the documented request shapes), against a real server listening on 127.0.0.1.
 * Destructive operations make their own resources so the order does not matter.
 */
import { PDFDocument } from 'pdf-lib';
import cognito from 'amazon-cognito-identity-js';

export interface Answer {
  status: number;
  headers: Headers;
  contentType: string;
  text: string;
  bytes: Uint8Array;
}

export interface Ctx {
  base: string;
  key: string;
  groupId: string;
  adminId: string;
  templateId: string;
  documentId: string;
  signerId: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
}

export interface Scenario {
  /** What the call should answer (a documented success code unless said otherwise). */
  expect?: number;
  run(ctx: Ctx): Promise<Answer>;
}

export async function pdfBase64(pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save()).toString('base64');
}

const g = (ctx: Ctx) => `/api/v1/group/${ctx.groupId}/`;

function idFrom(location: string | null, kind: string): string {
  const m = new RegExp(`/api/v1/${kind}/([^/]+)/`).exec(location ?? '');
  if (!m) throw new Error(`no ${kind} id in Location ${String(location)}`);
  return m[1]!;
}

async function upload(ctx: Ctx, title: string): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/templatepdf/', { group: g(ctx), title, pdf_file: await pdfBase64() });
  return idFrom(res.headers.get('location'), 'templatepdf');
}

async function send(ctx: Ctx, templateId = ctx.templateId): Promise<{ documentId: string; signerId: string }> {
  const res = await ctx.request('POST', '/api/v1/document/', {
    group: g(ctx),
    name: 'Replay',
    templatepdf: `/api/v1/templatepdf/${templateId}/`,
    signers: [{ firstname: 'Ann', lastname: 'Replay', email: 'ann.replay@example.com' }],
  });
  const documentId = idFrom(res.headers.get('location'), 'status');
  const detail = JSON.parse((await ctx.request('GET', `/api/v1/document/${documentId}/`)).text) as { signer_objects: { uuid: string }[] };
  return { documentId, signerId: detail.signer_objects[0]!.uuid };
}

async function attachment(ctx: Ctx): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/attachment/', { group: g(ctx), filename: 'terms.pdf', pdf_file: await pdfBase64(), description: 'Terms' });
  return idFrom(res.headers.get('location'), 'attachment');
}

async function textTemplate(ctx: Ctx): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/template/', { group: g(ctx), title: 'Text contract', latest_text: '<p>I agree.</p><p>[signature]</p>' });
  return idFrom(res.headers.get('location'), 'template');
}

let counter = 0;
async function user(ctx: Ctx): Promise<string> {
  const res = await ctx.request('POST', '/api/v1/user/', { email: `person${++counter}@example.com`, first_name: 'Per', last_name: 'Son', groups: g(ctx) });
  return res.headers.get('location')!;
}

/** A user who has signed in once (SRP, as the hosted service's clients do), so `last_login` has a value. */
async function signedInUser(ctx: Ctx): Promise<string> {
  const email = `signed.in${++counter}@example.com`;
  const password = 'Correct-horse-battery-9';
  const res = await ctx.request('POST', '/api/v1/user/', { email, first_name: 'Sig', last_name: 'Nedin', password, groups: g(ctx) });
  const config = JSON.parse((await ctx.request('GET', '/api/v1/auth/config/')).text) as { userPoolId: string; clientId: string };
  const pool = new cognito.CognitoUserPool({ UserPoolId: config.userPoolId, ClientId: config.clientId, endpoint: `${ctx.base}/api/v1/auth/cognito/` });
  const person = new cognito.CognitoUser({ Username: email, Pool: pool });
  await new Promise((resolve, reject) =>
    person.authenticateUser(new cognito.AuthenticationDetails({ Username: email, Password: password }), { onSuccess: resolve, onFailure: reject }),
  );
  return res.headers.get('location')!;
}

async function invite(ctx: Ctx): Promise<void> {
  await ctx.request('POST', '/api/v1/member/', { group: g(ctx), email: `invitee${++counter}@example.com`, permission: 1 });
}

export const SCENARIOS: Record<string, Scenario> = {
  getAttachments: {
    run: async (ctx) => {
      await attachment(ctx);
      return ctx.request('GET', `/api/v1/attachment/?group=${ctx.groupId}`);
    },
  },
  postAttachment: { run: async (ctx) => ctx.request('POST', '/api/v1/attachment/', { group: g(ctx), filename: 'annex-a.pdf', pdf_file: await pdfBase64() }) },
  getAttachment: { run: async (ctx) => ctx.request('GET', `/api/v1/attachment/${await attachment(ctx)}/`) },
  deleteAttachment: { run: async (ctx) => ctx.request('DELETE', `/api/v1/attachment/${await attachment(ctx)}/`) },

  getDocuments: { run: (ctx) => ctx.request('GET', `/api/v1/document/?group=${ctx.groupId}`) },
  postDocument: {
    run: async (ctx) =>
      ctx.request('POST', '/api/v1/document/', {
        group: g(ctx),
        name: 'Replayed send',
        templatepdf: `/api/v1/templatepdf/${ctx.templateId}/`,
        return_signer_links: true,
        signers: [{ firstname: 'Bob', lastname: 'Replay', email: 'bob.replay@example.com', order: 0 }],
      }),
  },
  previewDocumentSigning: {
    expect: 302,
    run: (ctx) => ctx.request('POST', '/api/v1/document/preview/', { group: g(ctx), title: 'Preview', text: '<p>Hello</p>', signee_count: 1 }),
  },
  getDocument: { run: (ctx) => ctx.request('GET', `/api/v1/document/${ctx.documentId}/`) },
  archiveDocument: { run: async (ctx) => ctx.request('DELETE', `/api/v1/document/${(await send(ctx)).documentId}/`) },
  getDocumentFields: { run: (ctx) => ctx.request('GET', `/api/v1/document/${ctx.documentId}/fields/`) },
  auditLog: { run: (ctx) => ctx.request('GET', `/api/v1/document/${ctx.documentId}/auditlog/`) },
  deleteDocument: { expect: 204, run: async (ctx) => ctx.request('DELETE', `/api/v1/document/${(await send(ctx)).documentId}/delete/`) },

  getGroups: { run: (ctx) => ctx.request('GET', '/api/v1/group/') },
  postGroup: { run: (ctx) => ctx.request('POST', '/api/v1/group/', { name: `Replay group ${++counter}`, xframe_allow: false }) },
  getGroup: { run: (ctx) => ctx.request('GET', `/api/v1/group/${ctx.groupId}/`) },
  updateGroup: { run: (ctx) => ctx.request('PATCH', `/api/v1/group/${ctx.groupId}/`, { public_name: 'Replay Ltd' }) },

  getInvites: {
    run: async (ctx) => {
      await invite(ctx);
      return ctx.request('GET', `/api/v1/invited/?group=${ctx.groupId}`);
    },
  },
  deleteInvite: {
    run: async (ctx) => {
      await invite(ctx);
      const list = JSON.parse((await ctx.request('GET', `/api/v1/invited/?group=${ctx.groupId}`)).text) as { objects: { resource_uri: string }[] };
      return ctx.request('DELETE', list.objects[0]!.resource_uri);
    },
  },
  getMembers: { run: (ctx) => ctx.request('GET', `/api/v1/member/?group=${ctx.groupId}`) },
  postMember: {
    run: (ctx) => ctx.request('POST', '/api/v1/member/', { group: g(ctx), email: `member${++counter}@example.com`, do_email: false, permission: 2 }),
  },
  getMember: {
    run: async (ctx) => {
      const list = JSON.parse((await ctx.request('GET', `/api/v1/member/?group=${ctx.groupId}`)).text) as { objects: { resource_uri: string }[] };
      return ctx.request('GET', list.objects[0]!.resource_uri);
    },
  },
  deleteMember: {
    run: async (ctx) => {
      const email = `leaver${++counter}@example.com`;
      await ctx.request('POST', '/api/v1/user/', { email, first_name: 'Lee', last_name: 'Ver', groups: g(ctx) });
      const list = JSON.parse((await ctx.request('GET', `/api/v1/member/?group=${ctx.groupId}&limit=100`)).text) as {
        objects: { resource_uri: string; user: string }[];
      };
      const users = await Promise.all(list.objects.map(async (m) => ({ m, user: JSON.parse((await ctx.request('GET', m.user)).text) as { email: string } })));
      return ctx.request('DELETE', users.find((u) => u.user.email === email)!.m.resource_uri);
    },
  },

  getWebhooks: {
    run: async (ctx) => {
      await ctx.request('POST', '/api/v1/subscribe/', { url: 'http://127.0.0.1:9/replay/', notify: 'realtime', eventFilter: 'document.*' });
      await ctx.request('POST', '/api/v1/subscribe/', { url: 'http://127.0.0.1:9/replay-group/', group: g(ctx), eventFilter: 'recipient.*' });
      return ctx.request('GET', '/api/v1/notifications/');
    },
  },
  postPdfPreview: {
    run: (ctx) =>
      ctx.request('POST', '/api/v1/pdf/preview/', {
        group: g(ctx),
        title: 'Preview',
        text: '<h1>Terms</h1><p>I agree.</p>',
        signee_count: 1,
        signature_type: 4,
        is_signature_per_page: 0,
      }),
  },
  getDocumentPdf: { run: (ctx) => ctx.request('GET', `/api/v1/pdf/${ctx.documentId}/`) },

  getSigner: { run: (ctx) => ctx.request('GET', `/api/v1/signer/${ctx.signerId}/`) },
  getSignerFields: { run: (ctx) => ctx.request('GET', `/api/v1/signer/${ctx.signerId}/fields1/`) },
  getSignerLink: { run: (ctx) => ctx.request('GET', `/api/v1/signer/${ctx.signerId}/new-link/`) },
  postSignerReset: {
    expect: 400,
    // Nobody forwarded this signing, so there is no earlier signer to go back to: the documented 400.
    run: (ctx) => ctx.request('POST', `/api/v1/signer/${ctx.signerId}/reset/`, { email: 'someone.else@example.com', notify: false }),
  },
  postSignerReminder: { run: (ctx) => ctx.request('POST', `/api/v1/signer/${ctx.signerId}/send-reminder/`, { text: 'A gentle reminder.' }) },
  getSignerRejection: { run: (ctx) => ctx.request('GET', `/api/v1/signer/${ctx.signerId}/rejection/`) },

  getStatuses: { run: (ctx) => ctx.request('GET', '/api/v1/status/') },
  getStatus: { run: (ctx) => ctx.request('GET', `/api/v1/status/${ctx.documentId}/`) },
  postWebhook: {
    run: (ctx) =>
      ctx.request('POST', '/api/v1/subscribe/', { url: `http://127.0.0.1:9/r${++counter}/`, notify: 'realtime', eventFilter: 'recipient.completed' }),
  },

  getTextTemplates: {
    run: async (ctx) => {
      await textTemplate(ctx);
      return ctx.request('GET', `/api/v1/template/?group=${ctx.groupId}`);
    },
  },
  postTextTemplate: { run: (ctx) => ctx.request('POST', '/api/v1/template/', { group: g(ctx), title: 'Replay text', latest_text: '<p>Text</p>' }) },
  getTextTemplate: { run: async (ctx) => ctx.request('GET', `/api/v1/template/${await textTemplate(ctx)}/`) },
  archiveTextTemplate: { run: async (ctx) => ctx.request('DELETE', `/api/v1/template/${await textTemplate(ctx)}/`) },
  patchTextTemplate: {
    run: async (ctx) => ctx.request('PATCH', `/api/v1/template/${await textTemplate(ctx)}/`, { title: 'Renamed', latest_text: '<p>New</p>' }),
  },

  getPdfTemplates: { run: (ctx) => ctx.request('GET', `/api/v1/templatepdf/?group=${ctx.groupId}`) },
  postPdfTemplate: {
    run: async (ctx) =>
      ctx.request('POST', '/api/v1/templatepdf/', { group: g(ctx), title: 'Replay upload', pdf_file: await pdfBase64(), process_tags: false }),
  },
  getPdfTemplate: { run: (ctx) => ctx.request('GET', `/api/v1/templatepdf/${ctx.templateId}/`, undefined, { accept: 'application/json' }) },
  getPdfTemplateEditLink: { run: (ctx) => ctx.request('GET', `/api/v1/templatepdf/${ctx.templateId}/edit-link/`) },
  getPdfTemplateFields: { run: (ctx) => ctx.request('GET', `/api/v1/templatepdf/${ctx.templateId}/fields/`) },
  postPdfTemplateFields: {
    run: async (ctx) =>
      ctx.request('POST', `/api/v1/templatepdf/${await upload(ctx, 'Fields')}/fields/`, [
        { ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, page: 1, element_type: 'signature', signer: 1, label: 'Sign here' },
      ]),
  },
  postPdfTemplateTags: { run: async (ctx) => ctx.request('POST', `/api/v1/templatepdf/${await upload(ctx, 'Tags')}/tags/`) },
  deletePdf: { expect: 204, run: async (ctx) => ctx.request('DELETE', `/api/v1/templatepdf/${await upload(ctx, 'Delete me')}/delete/`) },
  postPdfTemplateArchive: { run: async (ctx) => ctx.request('POST', `/api/v1/templatepdf/${await upload(ctx, 'Archive me')}/archive/`) },

  // `group` is an integer in the description.
  deleteWebhook: { run: (ctx) => ctx.request('POST', '/api/v1/unsubscribe/', { url: 'http://127.0.0.1:9/never-registered/', group: 7 }) },
  postUser: {
    run: (ctx) =>
      ctx.request('POST', '/api/v1/user/', {
        email: `user${++counter}@example.com`,
        first_name: 'Una',
        last_name: 'User',
        timezone: 'Europe/London',
        groups: g(ctx),
      }),
  },
  // The seed admin is admin@localhost (no dotted domain, not a `format: email` address): a user made through the API.
  getUser: { run: async (ctx) => ctx.request('GET', new URL(await signedInUser(ctx), ctx.base).pathname) },
  patchUser: { run: async (ctx) => ctx.request('PATCH', new URL(await user(ctx), ctx.base).pathname, { first_name: 'Ada', last_name: 'Lovelace' }) },
};

/** Documented error answers, replayed the same way (the description's 400 examples). */
export const ERROR_SCENARIOS: Record<string, Scenario[]> = {
  postDocument: [
    {
      expect: 400,
      run: (ctx) => ctx.request('POST', '/api/v1/document/', { group: g(ctx), templatepdf: `/api/v1/templatepdf/${ctx.templateId}/`, signers: [] }),
    },
  ],
  postUser: [{ expect: 400, run: (ctx) => ctx.request('POST', '/api/v1/user/', { email: 'no-last-name@example.com', first_name: 'No' }) }],
  postAttachment: [
    {
      expect: 400,
      run: async (ctx) => ctx.request('POST', '/api/v1/attachment/', { group: g(ctx), filename: `${'x'.repeat(251)}.pdf`, pdf_file: await pdfBase64() }),
    },
  ],
  postMember: [
    {
      expect: 400,
      run: async (ctx) => {
        const me = JSON.parse((await ctx.request('GET', `/api/v1/user/${ctx.adminId}/`)).text) as { email: string };
        return ctx.request('POST', '/api/v1/member/', { group: g(ctx), email: me.email });
      },
    },
  ],
  deleteWebhook: [{ expect: 400, run: (ctx) => ctx.request('POST', '/api/v1/unsubscribe/', { url: 'not a url' }) }],
  updateGroup: [{ expect: 400, run: (ctx) => ctx.request('PATCH', `/api/v1/group/${ctx.groupId}/`, { public_name: 5 }) }],
};
