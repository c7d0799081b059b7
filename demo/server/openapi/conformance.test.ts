/**
 * REST fidelity against the hosted service's OpenAPI description (test/support/server/openapi/legalesign-api-v1.yaml):
 * 1. every documented operation, replayed against a running server, answers a documented code with the
 *    documented media type, headers, and a body valid against the documented schema (ajv, every
 *    documented property required);
 * 2. our own /api/v1/openapi.json has the same operations, codes and response property names.
 * Deliberate deviations are excluded by name (deviations.ts, docs/decisions/rest-conformance.md).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../../test/support/server/app.ts';
import type { TestApp } from '../../../test/support/server/app.ts';
import { createAjv, loadSpec, operationsOf, pathKey, propertyPaths, resolveRefs, responseValidator } from '../../../test/support/server/openapi/spec.ts';
import type { SpecOperation } from '../../../test/support/server/openapi/spec.ts';
import { ERROR_SCENARIOS, SCENARIOS, pdfBase64 } from '../../../test/support/server/openapi/conformance-scenarios.ts';
import type { Answer, Ctx, Scenario } from '../../../test/support/server/openapi/conformance-scenarios.ts';
import { PENDING, exampleSchema, PROPERTY_DEVIATIONS, STATUS_DEVIATIONS, optionalProperties } from '../../../test/support/server/openapi/deviations.ts';

type Json = Record<string, unknown>;
const spec = loadSpec();
const operations = operationsOf(spec);
const ajv = createAjv();

async function startServer(): Promise<{ t: TestApp; ctx: Ctx }> {
  const t = await createTestApp({ rateLimits: { sandbox: 100_000, production: 100_000, windowMs: 3_600_000 }, webhooks: { allowPrivateAddresses: true } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      redirect: 'manual',
      headers: { authorization: `Bearer ${t.key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, contentType: res.headers.get('content-type') ?? '', text: new TextDecoder().decode(bytes), bytes };
  };
  const ctx: Ctx = { base, key: t.key, groupId: t.groupId, adminId: t.adminId, templateId: '', documentId: '', signerId: '', request };
  const upload = await request('POST', '/api/v1/templatepdf/?returnAsJson', {
    group: `/api/v1/group/${t.groupId}/`,
    title: 'Replay template',
    pdf_file: await pdfBase64(),
  });
  ctx.templateId = (JSON.parse(upload.text) as { resource: { uid: string } }).resource.uid;
  await request('POST', `/api/v1/templatepdf/${ctx.templateId}/fields/`, [
    { ax: 0.1, ay: 0.1, bx: 0.4, by: 0.15, page: 1, element_type: 'signature', signer: 1, label: 'Sign here' },
    { ax: 0.1, ay: 0.3, bx: 0.4, by: 0.35, page: 1, element_type: 'text', signer: 1, label: 'Company', optional: true },
  ]);
  const sent = await request('POST', '/api/v1/document/', {
    group: `/api/v1/group/${t.groupId}/`,
    name: 'Replay document',
    templatepdf: `/api/v1/templatepdf/${ctx.templateId}/`,
    signers: [{ firstname: 'Ann', lastname: 'Replay', email: 'ann.replay@example.com' }],
  });
  ctx.documentId = /\/status\/([^/]+)\//.exec(sent.headers.get('location') ?? '')![1]!;
  const detail = JSON.parse((await request('GET', `/api/v1/document/${ctx.documentId}/`)).text) as { signer_objects: { uuid: string }[] };
  ctx.signerId = detail.signer_objects[0]!.uuid;
  return { t, ctx };
}

/** Every way the answer differs from the description; empty when it conforms. */
function problemsOf(op: SpecOperation, scenario: Scenario, answer: Answer): string[] {
  const problems: string[] = [];
  const code = String(answer.status);
  const expected = String(scenario.expect ?? Object.keys(op.responses).find((c) => c.startsWith('2')) ?? '200');
  const deviation = STATUS_DEVIATIONS.find((d) => d.operationId === op.operationId && d.documented === expected);
  if (code !== (deviation?.ours ?? expected)) problems.push(`answered ${code}, documented ${expected}: ${answer.text.slice(0, 200)}`);
  const documented = op.responses[code] as Json | undefined;
  if (!documented) {
    if (!deviation) problems.push(`${code} is not a documented code (${Object.keys(op.responses).join(', ')})`);
    return problems;
  }
  for (const header of Object.keys((documented.headers ?? {}) as Json)) {
    if (!answer.headers.get(header)) problems.push(`header ${header} missing`);
  }
  const content = documented.content as Record<string, Json> | undefined;
  if (!content) return problems;
  const type = answer.contentType.split(';')[0]!.trim();
  if (!(type in content)) {
    problems.push(`media type ${type || '(none)'}, documented ${Object.keys(content).join(', ')}`);
    return problems;
  }
  if (type === 'application/pdf') {
    if (new TextDecoder().decode(answer.bytes.slice(0, 5)) !== '%PDF-') problems.push('body is not a PDF');
    return problems;
  }
  const schema = exampleSchema(op.operationId, code, content[type]!.schema, (x) => resolveRefs(spec, x)) ?? content[type]!.schema;
  if (!schema) return problems;
  const validate = responseValidator(ajv, spec, schema, optionalProperties(op.operationId, code));
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push(`body is not JSON: ${answer.text.slice(0, 100)}`);
    return problems;
  }
  if (!validate(body)) {
    for (const e of validate.errors ?? [])
      problems.push(`body${e.instancePath} ${e.message}${e.params && 'missingProperty' in e.params ? '' : ` (${JSON.stringify(e.params)})`}`);
  }
  return problems;
}

test('every operation of the description answers as documented', { timeout: 180_000 }, async () => {
  const { t, ctx } = await startServer();
  try {
    assert.equal(operations.length, 52, 'the description has 52 operations');
    const failures: Record<string, string[]> = {};
    for (const op of operations) {
      const scenarios = [SCENARIOS[op.operationId], ...(ERROR_SCENARIOS[op.operationId] ?? [])];
      assert.ok(scenarios[0], `no scenario for ${op.operationId}`);
      for (const scenario of scenarios as Scenario[]) {
        const answer = await scenario.run(ctx).catch((error: Error) => ({ status: 0, text: `scenario failed: ${error.message}` }) as Answer);
        const problems = answer.status === 0 ? [answer.text] : problemsOf(op, scenario, answer);
        if (problems.length) (failures[op.operationId] ??= []).push(...problems.map((p) => `${op.method.toUpperCase()} ${op.path}: ${p}`));
      }
    }
    const unexpected = Object.entries(failures).filter(([id]) => !(id in PENDING));
    assert.deepEqual(unexpected, [], `operations answering unlike the description:\n${unexpected.map(([, p]) => p.join('\n')).join('\n')}`);
    const nowConforming = Object.keys(PENDING).filter((id) => !(id in failures));
    assert.deepEqual(nowConforming, [], 'these conform now: take them off PENDING in deviations.ts');
  } finally {
    await t.close();
  }
});

test("our OpenAPI document has the description's operations, codes and response properties", async () => {
  const t = await createTestApp();
  try {
    const ours = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Json;
    const ourOps = new Map<string, Json>();
    for (const [path, item] of Object.entries(ours.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(item)) ourOps.set(`${method.toUpperCase()} ${pathKey(path)}`, op as Json);
    }
    const problems: string[] = [];
    for (const op of operations) {
      if (op.operationId in PENDING) continue;
      const mine = ourOps.get(op.key);
      if (!mine) {
        problems.push(`${op.key} (${op.operationId}) is missing`);
        continue;
      }
      const ourResponses = (mine.responses ?? {}) as Record<string, Json>;
      for (const [code, documented] of Object.entries(op.responses)) {
        const deviation = STATUS_DEVIATIONS.find((d) => d.operationId === op.operationId && d.documented === code);
        if (deviation && deviation.ours === null) continue;
        const ourCode = deviation ? deviation.ours! : code;
        const response = ourResponses[ourCode];
        if (!response) {
          problems.push(`${op.operationId}: no ${ourCode} response`);
          continue;
        }
        for (const [type, media] of Object.entries((documented.content ?? {}) as Record<string, Json>)) {
          const schema = exampleSchema(op.operationId, code, media.schema, (x) => resolveRefs(spec, x)) ?? media.schema;
          if (!schema || type !== 'application/json') continue;
          const ourMedia = ((response.content ?? {}) as Record<string, Json>)[type];
          const ourPaths = new Set(propertyPaths(resolveRefs(ours, ourMedia?.schema)));
          const skip = new Set(PROPERTY_DEVIATIONS.filter((d) => d.operationId === op.operationId && d.status === code).map((d) => d.property));
          for (const path of propertyPaths(resolveRefs(spec, schema))) {
            if (!ourPaths.has(path) && !skip.has(path)) problems.push(`${op.operationId} ${ourCode}: property ${path} not in our document`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await t.close();
  }
});
