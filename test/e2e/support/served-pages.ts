/**
 * Every page the demo server serves, in the state a person first sees it, for the page checks
 * (test/e2e/served-pages.e2e.ts: axe, phone-width overflow, console errors) and `npm run screenshots`.
 * Pages that need a link (the editor, the signing page) get a real one: the sample contract uploaded
 * as a template with two signature fields and sent to one signer, through the demo session key.
 */

export interface ServedPage {
  /** A short name for file names and test titles. */
  name: string;
  /** The path to open (with the link's fragment where the page needs one). */
  path: string;
  /** A selector that is visible once the page has rendered its main content. */
  ready: string;
  /** The page speaks the `?lang=` language (the API docs are English only, and Swagger UI reads its own address). */
  localized?: false;
}

interface DemoSession {
  key: string;
  group: string;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** The demo session's API key (development, loopback only). */
async function demoSession(baseURL: string): Promise<DemoSession> {
  return (await json(await fetch(`${baseURL}/api/v1/demo/session/`, { headers: { 'X-Esign-Demo': '1' } }))) as unknown as DemoSession;
}

/**
 * A template with fields in the sample's signature block, an edit link for it, and (with `send`, the default) a
 * signing link of a sent document (other tests' webhooks may see it: they count only their own documents' events).
 */
export async function pageLinks(baseURL: string, { send = true } = {}): Promise<{ editor: string; sign?: string }> {
  const session = await demoSession(baseURL);
  const call = (method: string, path: string, body?: unknown, accept201 = false) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${session.key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok && !(accept201 && r.status === 201)) throw new Error(`${method} ${path}: HTTP ${r.status} ${await r.text()}`);
      return r;
    });
  const pdf = Buffer.from(await (await fetch(`${baseURL}/demo/sample.pdf`)).arrayBuffer()).toString('base64');
  const created = (await (
    await call('POST', '/api/v1/templatepdf/?returnAsJson=1', { group: session.group, title: 'Sample contract', pdf_file: pdf })
  ).json()) as { resource: { uid: string } };
  const template = created.resource.uid;
  await call('POST', `/api/v1/templatepdf/${template}/fields/`, [
    { ax: 0.1176, ay: 0.399, bx: 0.4771, by: 0.4545, page: 2, element_type: 'signature', signer: 1, label: 'Provider signature' },
    { ax: 0.5392, ay: 0.399, bx: 0.8987, by: 0.4545, page: 2, element_type: 'signature', signer: 1, label: 'Client signature' },
  ]);
  const editor = JSON.parse(await (await call('GET', `/api/v1/templatepdf/${template}/edit-link/`)).text()) as string;
  const local = (link: string) => {
    const u = new URL(link);
    return `${u.pathname}${u.search}${u.hash}`;
  };
  if (!send) return { editor: local(editor) };
  const sent = await call('POST', '/api/v1/document/', {
    group: session.group,
    name: 'Sample contract',
    templatepdf: `/api/v1/templatepdf/${template}/`,
    signers: [{ firstname: 'Ann', lastname: 'Example', email: 'ann@example.com', order: 0 }],
    do_email: false,
  });
  const documentId = /\/status\/([^/]+)\//.exec(sent.headers.get('Location') ?? '')![1];
  const detail = (await (await call('GET', `/api/v1/document/${documentId}/`)).json()) as { signer_objects: { uuid: string }[] };
  const { url } = (await (await call('GET', `/api/v1/signer/${detail.signer_objects[0].uuid}/sign-link/`)).json()) as { url: string };
  return { editor: local(editor), sign: local(url) };
}

/** The pages, with the links from pageLinks for the two that need one (the signing page only with its link). */
export function servedPages(links: { editor: string; sign?: string }): ServedPage[] {
  return [
    { name: 'home', path: '/', ready: '#start-journey' },
    { name: 'walkthrough', path: '/demo/journey.html', ready: '#use-sample' },
    { name: 'editor', path: links.editor, ready: 'esign-editor' },
    ...(links.sign ? [{ name: 'signing', path: links.sign, ready: 'esign-signer' }] : []),
    { name: 'review', path: '/demo/review.html', ready: '.problem' },
    { name: 'verify', path: '/verify/', ready: '#drop' },
    { name: 'portal', path: '/portal/', ready: 'portal-app' },
    { name: 'webhook-tools', path: '/demo/webhook-tools.html', ready: '#subscribe' },
    { name: 'graphql', path: '/graphql/', ready: '.graphiql-container .graphiql-query-editor .monaco-editor' },
    { name: 'api-docs', path: '/docs/', ready: '.swagger-ui .info', localized: false },
  ];
}

/** `path` with `?lang=` set (before any fragment, where the link's token lives). */
export function withLang(path: string, lang: string): string {
  const [beforeHash, hash] = path.split('#', 2);
  const url = new URL(beforeHash, 'http://x');
  url.searchParams.set('lang', lang);
  return `${url.pathname}${url.search}${hash === undefined ? '' : `#${hash}`}`;
}
