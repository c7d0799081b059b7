/**
 * `npm run build` produces the library it promises: entries, declarations that resolve (checked by
 * type-checking a consumer against the package), the manifest, the worker beside the modules that load
 * it, and a CDN file with no bare imports. Builds into a temporary package under node_modules/.cache (so
 * a developer's dist/ is left alone, and the package's own dependencies resolve from node_modules).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { elementEntries } from '../../vite.config.ts';
import { bareImports, importSpecifiers, isBareSpecifier, PDFJS_DATA_FOLDERS, verifyDist, workerCopies } from '../../scripts/lib/verify-dist.ts';
import { distIsStale } from '../../scripts/lib/dist-freshness.ts';
import { signedDeliveryForReceiver } from '../support/server/webhooks-signed-delivery.ts';
import { loadSealKey } from '../../demo/server/pdf/seal-key.ts';
import { sealPdf } from '../../demo/server/pdf/seal.ts';
import { certificatePem, textPdf } from '../support/server/seal.ts';
import { EDITOR_EVENTS, SIGNER_EVENTS, VIEWER_EVENTS, handlerName } from '../../src/react/events.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** A consumer's Node: without the repository's `esign-source` condition (.npmrc), so the package's dist/ is what loads. */
const consumerEnv = { ...process.env, NODE_OPTIONS: '' };

describe('dist checks', () => {
  it('tells bare specifiers from relative, absolute and URL ones', () => {
    for (const bare of ['lit', 'lit/decorators.js', '@lit/reactive-element', 'pdfjs-dist/build/pdf.mjs']) {
      assert.equal(isBareSpecifier(bare), true, bare);
    }
    for (const loadable of ['./x.js', '../x.js', '/x.js', 'https://cdn.example/x.js', 'data:text/javascript,1', 'blob:x']) {
      assert.equal(isBareSpecifier(loadable), false, loadable);
    }
  });

  it('finds static, re-exported and dynamic imports', async () => {
    const code = `import{a}from"lit";export*from"./b.js";import"side";const c=await import("pdfjs-dist");import(variable);`;
    assert.deepEqual(await importSpecifiers(code), ['lit', './b.js', 'side', 'pdfjs-dist']);
  });
});

describe('the library entry', () => {
  it('imports every element folder in src/', () => {
    const entry = readFileSync(join(root, 'src/index.ts'), 'utf8');
    const elements = Object.keys(elementEntries());
    assert.ok(elements.includes('esign-viewer'), 'src/esign-viewer/esign-viewer.ts exists');
    for (const name of elements) {
      assert.match(entry, new RegExp(`from '\\./${name}/${name}\\.ts'`), `src/index.ts exports ./${name}/${name}.ts`);
    }
    assert.match(entry, /from '\.\/fields\/index\.ts'/, 'src/index.ts re-exports the field model');
  });
});

describe('npm run build', { timeout: 180_000 }, () => {
  let consumer = '';
  let out = '';
  before(async () => {
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    consumer = mkdtempSync(join(root, 'node_modules/.cache/esign-build-test-'));
    const pkgDir = join(consumer, 'node_modules/esign-elements');
    out = join(pkgDir, 'dist');
    mkdirSync(pkgDir, { recursive: true });
    copyFileSync(join(root, 'package.json'), join(pkgDir, 'package.json'));
    // `npm test` builds dist/ once before the Node tests: check that build (a copy, so nothing here
    // writes into it); alone on a stale tree, build into the consumer.
    if (!distIsStale(root)) cpSync(join(root, 'dist'), out, { recursive: true });
    else
      await promisify(execFile)(process.execPath, ['scripts/build.ts', '--out-dir', out, '--server-out-dir', join(consumer, 'server-dist')], {
        cwd: root,
        maxBuffer: 16 << 20,
      });
  });
  after(() => rmSync(consumer, { recursive: true, force: true }));

  it('produces every promised file, and they check out', async () => {
    assert.deepEqual(await verifyDist(out, Object.keys(elementEntries())), []);
  });

  it('leaves no bare import in the CDN file', async () => {
    assert.deepEqual(await bareImports(join(out, 'cdn/esign-elements.min.js')), []);
  });

  it('points the modules that resolve the pdf.js worker at the one copy in dist/cdn/', () => {
    // src/internal/pdf-worker.ts resolves the worker against its own module's URL: ./cdn/ from dist/, ./ from dist/cdn/.
    const loaders = readdirSync(out).filter((name) => name.endsWith('.js') && readFileSync(join(out, name), 'utf8').includes('pdf.worker.min.mjs'));
    assert.ok(loaders.length > 0, 'some top-level module of dist/ names pdf.worker.min.mjs');
    for (const name of loaders) assert.ok(readFileSync(join(out, name), 'utf8').includes('./cdn/pdf.worker.min.mjs'), name);
    assert.ok(readFileSync(join(out, 'cdn/esign-elements.min.js'), 'utf8').includes('pdf.worker.min.mjs'));
  });

  it('copies pdf.js data folders whole beside the one worker, in dist/cdn/ (CMaps, standard fonts, wasm decoders, ICC)', () => {
    const pdfjs = join(root, 'node_modules/pdfjs-dist');
    for (const folder of PDFJS_DATA_FOLDERS) {
      const shipped = readdirSync(join(pdfjs, folder)).sort();
      assert.ok(shipped.length > 0, `pdfjs-dist/${folder} has files`);
      assert.deepEqual(readdirSync(join(out, 'cdn', folder)).sort(), shipped, `dist/cdn/${folder}/`);
      assert.ok(!readdirSync(out).includes(folder), `no second dist/${folder}/`);
    }
    assert.deepEqual(workerCopies(out), ['cdn/pdf.worker.min.mjs']);
  });

  it("keeps the package's dependencies as imports in the npm build, bundles pdf.js (the shipped worker's version), and everything in the CDN files", async () => {
    const specifiers = new Set<string>();
    for (const name of readdirSync(out).filter((n) => n.endsWith('.js'))) {
      for (const s of await importSpecifiers(readFileSync(join(out, name), 'utf8'))) specifiers.add(s);
    }
    assert.ok(specifiers.has('lit'), 'dist/*.js imports lit rather than bundling it');
    assert.ok(!specifiers.has('pdfjs-dist'), 'dist/*.js carries pdf.js inside');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const s of specifiers) {
      if (isBareSpecifier(s) && !s.startsWith('node:'))
        assert.ok(Object.keys(pkg.dependencies).some((d) => s === d || s.startsWith(`${d}/`)) || s === 'react', `${s} is a dependency`);
    }
    for (const name of Object.keys(elementEntries())) assert.deepEqual(await bareImports(join(out, `cdn/${name}.min.js`)), [], `cdn/${name}.min.js`);
  });

  it('builds one CDN file per element that loads without the others', async () => {
    const reachable = async (file: string, seen = new Set<string>()): Promise<Set<string>> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const s of await importSpecifiers(readFileSync(join(out, 'cdn', file), 'utf8'))) if (s.startsWith('./')) await reachable(s.slice(2), seen);
      return seen;
    };
    const signer = await reachable('esign-signer.min.js');
    assert.ok(![...signer].some((f) => /esign-(editor|viewer|elements)\.min\.js/.test(f)), [...signer].join(', '));
    const text = [...signer].map((f) => readFileSync(join(out, 'cdn', f), 'utf8')).join('');
    assert.ok(text.includes('esign-signer') && !text.includes('"esign-editor"'), 'the signer files define <esign-signer>, not the editor');
  });

  it('describes every element in custom-elements.json: attributes, properties, events, parts, CSS properties', () => {
    type Named = { name: string };
    type Declaration = {
      tagName?: string;
      attributes?: Named[];
      members?: (Named & { kind: string; privacy?: string })[];
      events?: Named[];
      cssParts?: Named[];
      cssProperties?: Named[];
    };
    const manifest = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8')) as { modules: { declarations?: Declaration[] }[] };
    const byTag = new Map(
      manifest.modules
        .flatMap((m) => m.declarations ?? [])
        .filter((d) => d.tagName)
        .map((d) => [d.tagName, d]),
    );
    const names = (list: Named[] | undefined) => (list ?? []).map((x) => x.name);
    for (const tag of Object.keys(elementEntries())) {
      const element = byTag.get(tag);
      assert.ok(element, `<${tag}> is in the manifest`);
      const publicFields = (element.members ?? []).filter((m) => m.kind === 'field' && !m.privacy);
      for (const [what, list] of [
        ['attributes', element.attributes],
        ['properties', publicFields],
        ['events', element.events],
        ['cssParts', element.cssParts],
        ['cssProperties', element.cssProperties],
      ] as const) {
        assert.ok((list ?? []).length > 0, `<${tag}> lists ${what}`);
      }
      assert.ok(
        names(element.events).includes('esign-ready') && names(element.events).includes('esign-error'),
        `<${tag}> documents esign-ready and esign-error`,
      );
      assert.ok(
        names(element.cssProperties).every((name) => name.startsWith('--esign-')),
        `<${tag}>'s CSS properties are --esign-*`,
      );
    }
    const viewer = byTag.get('esign-viewer')!;
    for (const attribute of ['src', 'document', 'template', 'token', 'endpoint', 'zoom', 'page'])
      assert.ok(names(viewer.attributes).includes(attribute), `viewer attribute ${attribute}`);
    for (const property of ['fields', 'data']) assert.ok(names(viewer.members).includes(property), `viewer property ${property}`);
    assert.ok(names(viewer.events).includes('esign-page-change'));
  });

  it('maps every documented esign-* event of each element to an onEsign… prop in esign-elements/react', () => {
    const manifest = JSON.parse(readFileSync(join(out, 'custom-elements.json'), 'utf8')) as {
      modules: { declarations?: { tagName?: string; events?: { name: string }[] }[] }[];
    };
    const documented = new Map(
      manifest.modules
        .flatMap((m) => m.declarations ?? [])
        .filter((d) => d.tagName)
        .map((d) => [d.tagName, (d.events ?? []).map((e) => e.name).sort()]),
    );
    const mapped: Record<string, readonly string[]> = { 'esign-viewer': VIEWER_EVENTS, 'esign-editor': EDITOR_EVENTS, 'esign-signer': SIGNER_EVENTS };
    assert.deepEqual(Object.keys(mapped).sort(), Object.keys(elementEntries()).sort(), 'a wrapper for every element');
    for (const [tag, events] of Object.entries(mapped)) assert.deepEqual([...events].sort(), documented.get(tag), `<${tag}>'s events`);
    assert.equal(handlerName('esign-page-change'), 'onEsignPageChange');
  });

  it('keeps React and @lit/react as imports of dist/react.js, and React out of every other entry', async () => {
    const imports = await importSpecifiers(readFileSync(join(out, 'react.js'), 'utf8'));
    assert.ok(imports.includes('react') && imports.includes('@lit/react'), `dist/react.js imports ${imports.join(', ')}`);
    for (const name of ['esign-elements.js', 'esign-viewer.js', 'fields.js', 'cdn/esign-elements.min.js']) {
      const specifiers = await importSpecifiers(readFileSync(join(out, name), 'utf8'));
      assert.ok(!specifiers.some((s) => s === 'react' || s.startsWith('@lit/react')), `${name} does not load React`);
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependenciesMeta?: Record<string, { optional?: boolean }> };
    assert.equal(pkg.peerDependenciesMeta?.react?.optional, true, 'React is an optional peer dependency');
  });

  it('type-checks the React example against esign-elements/react: typed props and event details', async () => {
    writeFileSync(join(consumer, 'react-app.tsx'), readFileSync(join(root, 'examples/react/main.tsx'), 'utf8') + REACT_MISUSE);
    writeFileSync(
      join(consumer, 'tsconfig.react.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          skipLibCheck: true,
        },
        files: ['react-app.tsx'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.react.json')], { cwd: consumer }).catch(
      (error: { stdout: string }) => error,
    );
    assert.equal(result.stdout.trim(), '', 'the React example type-checks, and each misuse is an error');
  });

  it('declares the elements in the type declarations', () => {
    const index = readFileSync(join(out, 'types/index.d.ts'), 'utf8');
    assert.match(index, /from '\.\/esign-viewer\/esign-viewer\.js'/);
    assert.doesNotMatch(index, /\.ts'/, 'declaration imports name .js files');
  });

  it('type-checks an application that uses the package through its exports', async () => {
    writeFileSync(join(consumer, 'app.ts'), CONSUMER);
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          skipLibCheck: false,
        },
        files: ['app.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.json')], { cwd: consumer }).catch(
      (error: { stdout: string }) => error,
    );
    assert.equal(result.stdout.trim(), '', 'the declarations type-check in an application');
  });

  it('lets a Node receiver verify a real signed delivery through `esign-elements/webhooks`', async () => {
    // Signed and POSTed by the server's own signing and delivery code, caught by a receiver on 127.0.0.1.
    const delivery = await signedDeliveryForReceiver('receiver-secret');
    const tampered = { ...delivery, body: delivery.body.replace('"version"', '"versiom"') };
    writeFileSync(join(consumer, 'receiver.mjs'), RECEIVER);
    const { stdout } = await promisify(execFile)(process.execPath, ['receiver.mjs'], {
      cwd: consumer,
      env: { ...consumerEnv, DELIVERIES: JSON.stringify([delivery, tampered]) },
    });
    const [genuine, forged] = JSON.parse(stdout) as { ok: boolean; signature: string; hmac: string }[];
    assert.deepEqual(genuine, { ok: true, signature: 'valid', hmac: 'valid' });
    assert.equal(forged.ok, false);
    assert.deepEqual([forged.signature, forged.hmac], ['invalid', 'invalid']);
    assert.match(readFileSync(join(out, 'types/webhooks/index.d.ts'), 'utf8'), /from '\.\/verify\.js'/);
    // And its declarations type-check in a Node application (nodenext resolution, Node's types).
    writeFileSync(join(consumer, 'receiver.ts'), TYPED_RECEIVER);
    writeFileSync(
      join(consumer, 'tsconfig.node.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: false,
        },
        files: ['receiver.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const typed = await promisify(execFile)(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.node.json')], { cwd: consumer }).catch(
      (error: { stdout: string }) => error,
    );
    assert.equal(typed.stdout.trim(), '', 'a typed Node receiver type-checks');
    // Node-only: the browser-facing entries never pull node:crypto in.
    assert.match(readFileSync(join(out, 'webhooks.js'), 'utf8'), /from "node:crypto"/);
    for (const name of ['esign-elements.js', 'fields.js']) {
      assert.doesNotMatch(readFileSync(join(out, name), 'utf8'), /node:crypto/, name);
    }
  });
  it('lets a Node application verify a sealed PDF offline through `esign-elements/verify`', async () => {
    const key = loadSealKey({ dataDir: join(consumer, 'seal-data') });
    const sealed = await sealPdf(await textPdf(1), key);
    const changed = Buffer.from(sealed);
    changed[changed.indexOf('/MediaBox [ 0 0 595 842 ]') + 22] = 0x33;
    writeFileSync(join(consumer, 'sealed.pdf'), sealed);
    writeFileSync(join(consumer, 'changed.pdf'), changed);
    writeFileSync(join(consumer, 'seal.pem'), certificatePem(key.certificate));
    writeFileSync(join(consumer, 'check-seal.mjs'), SEAL_CHECKER);
    const { stdout } = await promisify(execFile)(process.execPath, ['check-seal.mjs'], { cwd: consumer, env: consumerEnv });
    assert.deepEqual(JSON.parse(stdout), ['sealed', 'broken_signature', 'other_signer']);
    writeFileSync(join(consumer, 'check-seal.ts'), TYPED_SEAL_CHECKER);
    writeFileSync(
      join(consumer, 'tsconfig.seal.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: true,
        },
        files: ['check-seal.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const typed = await promisify(execFile)(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.seal.json')], { cwd: consumer }).catch(
      (error: { stdout: string }) => error,
    );
    assert.equal(typed.stdout.trim(), '', 'a typed Node checker type-checks');
    // Node-only: the browser-facing entries never pull the CMS parser in.
    for (const name of ['esign-elements.js', 'fields.js']) assert.doesNotMatch(readFileSync(join(out, name), 'utf8'), /pkijs|asn1js/, name);
  });
});

/** Checks sealed PDFs with the package's Node export, trusting the server's certificate (PEM). */
const SEAL_CHECKER = `
import { readFileSync } from 'node:fs';
import { verifyPdf } from 'esign-elements/verify';
const trusted = [readFileSync('seal.pem', 'utf8')];
console.log(JSON.stringify([
  verifyPdf(readFileSync('sealed.pdf'), { trusted }).verdict,
  verifyPdf(readFileSync('changed.pdf'), { trusted }).verdict,
  verifyPdf(readFileSync('sealed.pdf'), { trusted: ['00:11'] }).verdict,
]));
`;

const TYPED_SEAL_CHECKER = `
import { verifyPdf, type SealVerification, type SealVerdict } from 'esign-elements/verify';
const result: SealVerification = verifyPdf(new Uint8Array(0), { trusted: ['AB:CD'] });
const verdict: SealVerdict = result.verdict;
console.log(verdict, result.signatures.length, result.ok);
// @ts-expect-error trusted is a list
verifyPdf(new Uint8Array(0), { trusted: 'AB:CD' });
`;

/** Appended to examples/react/main.tsx: each line must be a type error, or tsc reports the unused directive. */
const REACT_MISUSE = `
// @ts-expect-error the detail of esign-ready has pages, not page
export const wrongDetail = <EsignViewer onEsignReady={(event) => event.detail.page} />;
// @ts-expect-error fields is a list of FieldElement
export const wrongFields = <EsignViewer fields="[]" />;
// @ts-expect-error the viewer fires no esign-complete (the signer does)
export const wrongEvent = <EsignViewer onEsignComplete={() => {}} />;
`;

/** A typed Node receiver: the result's fields are typed, and a wrong option is an error. */
const TYPED_RECEIVER = `
import { verifyWebhook, type VerifyWebhookResult } from 'esign-elements/webhooks';
const result: VerifyWebhookResult = verifyWebhook({ body: Buffer.from('{}'), headers: { 'x-hmac-sha256': 'ab' }, hmacSecret: 'secret' });
const check: 'valid' | 'invalid' | 'missing' | 'not-checked' = result.hmac;
console.log(check, result.reason?.length);
// @ts-expect-error the body is a string or bytes
verifyWebhook({ body: 42, headers: {}, hmacSecret: 'secret' });
`;

/** A receiver in Node, importing the helper by its package name (resolved through package.json `exports`). */
const RECEIVER = `
import { verifyWebhook } from 'esign-elements/webhooks';
const results = JSON.parse(process.env.DELIVERIES).map(({ body, headers, certificatePem, secret }) =>
  verifyWebhook({ body, headers, certificate: certificatePem, hmacSecret: secret }));
console.log(JSON.stringify(results.map(({ ok, signature, hmac }) => ({ ok, signature, hmac }))));
`;

/** What an application writes: every export path, element types from the tag name map, typed events. */
const CONSUMER = `
import { EsignViewer, setPdfWorkerSrc } from 'esign-elements';
import { validateElements, type FieldElement } from 'esign-elements/fields';
import 'esign-elements/esign-viewer';

setPdfWorkerSrc('/pdf.worker.min.mjs');
const viewer: EsignViewer = document.createElement('esign-viewer');
const fields: FieldElement[] = validateElements([]).elements;
viewer.fields = fields;
viewer.addEventListener('esign-ready', (event) => console.log(event.detail.pages.toFixed()));
// @ts-expect-error the zoom is a string ('fit-width', '150%')
viewer.zoom = 3;
`;
