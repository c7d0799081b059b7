/**
 * Schema validation with TypeBox's compiler. Bodies are checked strictly (a string is not
 * a number); query strings and path params arrive as text, so their numbers and booleans
 * are converted first, and missing values take the schema's `default`.
 */
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from './errors.ts';

type JsonSchema = Record<string, unknown>;

// TypeBox stops after 8 errors by default; a union alone yields one per branch. Report them all.
Settings.Set({ maxErrors: 200 });

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** A validation failure Fastify hands to the error handler; `fields` names every problem. */
export class RequestValidationError extends Error {
  readonly part: string;
  readonly fields: FieldError[];
  constructor(part: string, fields: FieldError[]) {
    super(`Invalid ${part}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}.`);
    this.name = 'RequestValidationError';
    this.part = part;
    this.fields = fields;
  }
}

export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema as never);
  const part = httpPart === 'querystring' ? 'query string' : httpPart === 'params' ? 'URL' : (httpPart ?? 'request');
  const coerce = httpPart !== 'body';
  return (data: unknown) => {
    const value = coerce ? coerceText(schema, data) : data;
    if (validator.Check(value)) return { value };
    const fields = withoutUnionBranches([...validator.Errors(value)] as SchemaError[]).flatMap((error) => toFieldErrors(error, schema));
    return { error: new RequestValidationError(part, dedupe(fields)) };
  };
};

/**
 * A value that matches no branch of an anyOf yields one error per branch plus the anyOf
 * error; keep only the anyOf one, which names every accepted form.
 */
function withoutUnionBranches(errors: SchemaError[]): SchemaError[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.schemaPath}/anyOf/`);
  return errors.filter((e) => !unions.some((prefix) => e.schemaPath.startsWith(prefix)));
}

function dedupe(fields: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return fields.filter((f) => {
    const key = `${f.field}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `/signers/0/email` → `signers[0].email`. */
export function pathToField(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  }
  return out;
}

function toFieldErrors(error: SchemaError, root: JsonSchema): FieldError[] {
  const base = pathToField(error.instancePath);
  const join = (name: string) => (base ? `${base}.${name}` : name);
  if (error.keyword === 'required') {
    const names = (error.params.requiredProperties as string[] | undefined) ?? [];
    if (names.length > 0) return names.map((name) => ({ field: join(name), message: 'is required' }));
  }
  if (error.keyword === 'additionalProperties') {
    const names = (error.params.additionalProperties as string[] | undefined) ?? [];
    if (names.length > 0) return names.map((name) => ({ field: join(name), message: 'is not a known field' }));
  }
  return [toFieldError(error, root)];
}

function toFieldError(error: SchemaError, root: JsonSchema): FieldError {
  const base = pathToField(error.instancePath);
  const join = (name: string) => (base ? `${base}.${name}` : name);
  switch (error.keyword) {
    case 'required': {
      const names = (error.params.requiredProperties as string[] | undefined) ?? [];
      return { field: names.map(join).join(', ') || base || '(body)', message: 'is required' };
    }
    case 'additionalProperties': {
      const names = (error.params.additionalProperties as string[] | undefined) ?? [];
      return { field: names.map(join).join(', '), message: 'is not a known field' };
    }
    case 'boolean':
      return { field: base, message: 'is not a known field' };
    case 'type': {
      const expected = String(error.params.type ?? 'of the documented type');
      return { field: base || '(body)', message: `must be ${article(expected)}` };
    }
    case 'anyOf':
      return { field: base || '(body)', message: `must be ${describeUnion(root, error.schemaPath)}` };
    case 'const':
      return { field: base || '(body)', message: `must be ${JSON.stringify(error.params.allowedValue)}` };
    default:
      return { field: base || '(body)', message: error.message };
  }
}

function article(type: string): string {
  if (type === 'object') return 'a JSON object';
  if (type === 'array') return 'a JSON array';
  if (type === 'integer') return 'an integer';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** For anyOf schemas, a human list of what is accepted (e.g. booleans taking true/'true'/1). */
function describeUnion(root: JsonSchema, schemaPath: string): string {
  let node: unknown = root;
  for (const part of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const options = (node as JsonSchema | undefined)?.anyOf as JsonSchema[] | undefined;
  if (!options) return 'a value of the documented type';
  const names = options.map((o) =>
    'const' in o ? JSON.stringify(o.const) : o.type === 'integer' ? 'an integer' : o.type === 'null' ? 'null' : article(String(o.type)),
  );
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]!;
}

/** Converts flat text values (query strings, params) to the types their schema asks for. */
function coerceText(schema: JsonSchema, data: unknown): unknown {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props || data === null || typeof data !== 'object') return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [name, prop] of Object.entries(props)) {
    if (out[name] === undefined) {
      if ('default' in prop) out[name] = prop.default;
      continue;
    }
    if (typeof out[name] === 'string') out[name] = coerceOne(prop, out[name] as string);
  }
  return out;
}

function coerceOne(prop: JsonSchema, text: string): unknown {
  const types = prop.anyOf ? (prop.anyOf as JsonSchema[]).map((o) => o.type) : [prop.type];
  if (types.includes('string')) return text;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (types.includes('boolean')) {
    const lower = text.trim().toLowerCase();
    if (lower === 'true' || lower === '1' || lower === '') return true;
    if (lower === 'false' || lower === '0') return false;
  }
  return text;
}
