/**
 * The hosted service's OpenAPI 3.0 description (a copy of ../shared/spec/legalesign-api-v1.yaml, so the
 * project stands alone) turned into JSON Schemas a real validator (ajv) can check answers against.
 * Test support only: the server never reads it.
 */
import fs from 'node:fs';
import { parse } from 'yaml';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export const SPEC_FILE = new URL('./legalesign-api-v1.yaml', import.meta.url);
/** The version of the description we follow (its `info.version`), named in the README. */
export const SPEC_VERSION = '1.0.0';

type Json = Record<string, unknown>;

export interface SpecOperation {
  operationId: string;
  method: string;
  /** The path as documented, relative to the server URL `/api/v1`. */
  path: string;
  /** Our path: `/api/v1` + path, with every `{param}` as `{}` (for comparing). */
  key: string;
  responses: Record<string, Json>;
}

export function loadSpec(file: URL | string = SPEC_FILE): Json {
  return parse(fs.readFileSync(file, 'utf8')) as Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function pathKey(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}

export function operationsOf(doc: Json, prefix = '/api/v1'): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      out.push({
        operationId: String(op.operationId ?? `${method} ${path}`),
        method,
        path,
        key: `${method.toUpperCase()} ${pathKey(prefix + path)}`,
        responses: (op.responses ?? {}) as Record<string, Json>,
      });
    }
  }
  return out;
}

/** Inlines every local `$ref` (the description has no recursive schemas). */
export function resolveRefs(doc: Json, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(doc, n, seen));
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (seen.includes(ref)) throw new Error(`recursive $ref ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (at as Json)?.[part], doc);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    return resolveRefs(doc, target, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, resolveRefs(doc, v, seen)]));
}

export interface ConvertOptions {
  /** Treat every documented property as required: "every documented response property present". */
  requireAll?: boolean;
  /** Property paths (`objects[].signers`, `name`) left out of `requireAll` (deliberate deviations). */
  optional?: string[];
}

/**
 * OpenAPI 3.0 schema -> JSON Schema: `nullable: true` becomes a `null` type (and enum member);
 * annotations ajv does not know are dropped.
 */
export function toJsonSchema(schema: unknown, options: ConvertOptions = {}, at = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, options, at));
  if (!schema || typeof schema !== 'object') return schema;
  const s = { ...(schema as Json) };
  for (const k of Object.keys(s))
    if (k.startsWith('x-') || k === 'example' || k === 'examples' || k === 'deprecated' || k === 'xml' || k === 'discriminator') delete s[k];
  if (s.properties && typeof s.properties === 'object') {
    // The description leaves `type: object` out of several list envelopes; their properties say what they are.
    if (s.type === undefined) s.type = 'object';
    const props = s.properties as Json;
    s.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toJsonSchema(v, options, at ? `${at}.${k}` : k)]));
    if (options.requireAll) {
      const required = new Set([...((s.required as string[] | undefined) ?? []), ...Object.keys(props)]);
      for (const name of Object.keys(props)) if (options.optional?.includes(at ? `${at}.${name}` : name)) required.delete(name);
      s.required = [...required];
    }
  }
  if (s.items) s.items = toJsonSchema(s.items, options, `${at}[]`);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') s.additionalProperties = toJsonSchema(s.additionalProperties, options, `${at}{}`);
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k] = toJsonSchema(s[k], options, at);
  if (s.nullable === true) {
    if (typeof s.type === 'string') s.type = [s.type, 'null'];
    if (Array.isArray(s.enum)) s.enum = [...s.enum, null];
  }
  delete s.nullable;
  return s;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export function createAjv(): Ajv {
  // unicodeRegExp off: the description's patterns escape characters (`\:`) that the `u` flag rejects.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  // The description's examples and its resource URIs are relative (`/api/v1/group/…/`) where the schema
  // says `format: uri`: we follow the examples, so `uri` means a URI reference (docs/decisions/rest-conformance.md).
  ajv.addFormat('uri', { validate: (v: string) => /^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(v) && !/\s/.test(v) });
  for (const name of ['float', 'double', 'int32', 'int64', 'binary']) ajv.addFormat(name, true);
  return ajv;
}

/** A validator for a response body of an operation: documented schema, every property required. */
export function responseValidator(ajv: Ajv, doc: Json, schema: unknown, optional: string[] = []): ValidateFunction {
  return ajv.compile(toJsonSchema(resolveRefs(doc, schema), { requireAll: true, optional }) as Json);
}

/** Property paths of a schema: `meta.limit`, `objects[].name`, … (for comparing two descriptions). */
export function propertyPaths(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  const out: string[] = [];
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, sub] of Object.entries(s.properties as Json)) {
      const path = at ? `${at}.${name}` : name;
      out.push(path, ...propertyPaths(sub, path));
    }
  }
  if (s.items) out.push(...propertyPaths(s.items, `${at}[]`));
  for (const k of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) out.push(...propertyPaths(sub, at));
  return [...new Set(out)];
}
