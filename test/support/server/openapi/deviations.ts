/**
 * Where we answer differently from the hosted service's description, by name. Each entry is explained in
 * docs/decisions/rest-conformance.md; the conformance tests exclude exactly these and nothing else.
 */

export interface PropertyDeviation {
  operationId: string;
  status: string;
  /** Property path in the documented response schema (`objects[].signers`, `pdftext`). */
  property: string;
  reason: string;
}

export interface StatusDeviation {
  operationId: string;
  /** The documented status we do not answer with. */
  documented: string;
  /** What we answer instead; null: a condition we never have, so the code is never answered. */
  ours: string | null;
  reason: string;
}

/** Documented response properties we leave out (checked neither for presence nor in the diff). */
export const PROPERTY_DEVIATIONS: PropertyDeviation[] = [];

/** Documented codes we answer differently (SERVICE-SPEC wins, or the seed decided otherwise). */
export const STATUS_DEVIATIONS: StatusDeviation[] = [
  { operationId: 'getDocumentPdf', documented: '201', ours: null, reason: 'Nothing is archived to cold storage, so nothing is ever being de-archived.' },
  { operationId: 'getDocumentPdf', documented: '302', ours: null, reason: 'The PDF is served directly, never through a redirect to a storage URL.' },
  { operationId: 'postAttachment', documented: '500', ours: null, reason: "Unparseable JSON is the caller's error: 400, never 500." },
  {
    operationId: 'postDocument',
    documented: '500',
    ours: null,
    reason: "Unparseable JSON and mis-referenced objects are the caller's errors: 400, never 500.",
  },
  { operationId: 'deletePdf', documented: '200', ours: null, reason: 'A failed deletion is an error: it answers 4xx with the error body, never 200.' },
  { operationId: 'deleteDocument', documented: '200', ours: null, reason: 'A failed deletion is an error: it answers 4xx with the error body, never 200.' },
];

/**
 * Where the description's examples contradict its schemas we follow the examples (issue 13): the schema
 * the answer is checked against instead, by operation and status.
 */
/** The example's signer row: [URI, first name, last name, email, sms, has_fields, status, order]. */
const SIGNER_ROW = {
  type: 'array',
  minItems: 8,
  maxItems: 8,
  additionalItems: false,
  items: [
    { type: 'string' },
    { type: 'string' },
    { type: 'string' },
    { type: 'string' },
    { type: 'string' },
    { type: 'boolean' },
    { type: 'integer' },
    { type: 'integer' },
  ],
};

export const EXAMPLE_SCHEMAS: { operationId: string; status: string; schema?: unknown; patches?: Record<string, Record<string, unknown>>; reason: string }[] = [
  {
    operationId: 'getWebhooks',
    status: '200',
    patches: { '[].group_id': { type: undefined, anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] } },
    reason:
      "group_id: the registration's group, or null for every group where you are admin (the description has no null, and its property list no unscoped registration). Group ids are UUIDs here, not integers.",
  },
  {
    operationId: 'getUser',
    status: '200',
    patches: { last_login: { nullable: true } },
    reason: 'last_login is null while the user has never signed in (the description types it as a non-null date-time).',
  },
  {
    operationId: 'getPdfTemplateFields',
    status: '200',
    schema: { type: 'array', items: { $ref: '#/components/schemas/TemplatePdfFieldDetail' } },
    patches: { '[].fieldorder': { nullable: true }, '[].logic_action': { nullable: true } },
    reason:
      'The schema says a {meta, objects} list; its example (and SERVICE-SPEC: "the same schema as the fields-create operation accepts") is a plain array of fields, with `fieldorder: null` and `logic_action: null`.',
  },
  {
    operationId: 'getDocuments',
    status: '200',
    patches: {
      'objects[].signers[]': SIGNER_ROW,
      'objects[].signers_in_order': { type: 'boolean', enum: undefined, format: undefined },
      'objects[].pdftext': { nullable: true },
      'objects[].template': { nullable: true },
    },
    reason:
      'Signer rows: the schema says eight strings, the example `[uri, first, last, email, sms, true, 20, 0]` (has_fields a boolean, status and order integers). signers_in_order: the list schema says 0/1, the detail schema and example a boolean. pdftext and template are None in the example.',
  },
  {
    operationId: 'getDocument',
    status: '200',
    patches: {
      'signers[]': SIGNER_ROW,
      hash_value: { nullable: true },
      pdf_password: { nullable: true },
      pdftext: { nullable: true },
      sign_time: { nullable: true },
      template: { nullable: true },
      header_height: { nullable: true },
      footer_height: { nullable: true },
      pdf_password_type: { type: undefined, anyOf: [{ type: 'string' }, { type: 'integer', enum: [1, 2] }, { type: 'null' }] },
    },
    reason:
      'Signer rows as in the list. The example has None for hash_value, pdf_password, pdf_password_type, pdftext, sign_time, template, header_height (and footer_height empty). pdf_password_type: the detail schema says string, the send schema integer 1|2; we answer the integer as sent.',
  },
];

/**
 * Operations that do not conform yet (work in progress of issue 13). The conformance test fails when one
 * of these starts to conform, so the list only ever shrinks.
 */
export const PENDING: Record<string, string> = {};

/**
 * The schema an answer is checked against where the examples differ from the documented one: the
 * replacement schema, or the documented one with its properties patched (`a[].b` = property b of a's items).
 */
export function exampleSchema(operationId: string, status: string, documented: unknown, resolve: (schema: unknown) => unknown): unknown {
  const override = EXAMPLE_SCHEMAS.find((e) => e.operationId === operationId && e.status === status);
  if (!override) return undefined;
  const schema = structuredClone(resolve(override.schema ?? documented)) as Record<string, unknown>;
  for (const [path, patch] of Object.entries(override.patches ?? {})) {
    let at = schema;
    for (const step of path.match(/[^.[\]]+|\[\]/g)!) {
      at = (step === '[]' ? at.items : (at.properties as Record<string, unknown>)[step]) as Record<string, unknown>;
      if (!at) throw new Error(`example patch ${operationId} ${path}: no such property`);
    }
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete at[k];
      else at[k] = v;
    }
  }
  return schema;
}

export function optionalProperties(operationId: string, status: string): string[] {
  return PROPERTY_DEVIATIONS.filter((d) => d.operationId === operationId && d.status === status).map((d) => d.property);
}
