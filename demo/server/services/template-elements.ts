/**
 * One-element edits of a template's fields (GraphQL createTemplateElement / updateTemplateElement /
 * deleteTemplateElement). The whole resulting list is validated by src/fields exactly as a REST fields
 * replace is (POST /api/v1/templatepdf/{id}/fields/), so cross-field rules (radio groups, sums) still hold.
 */
import crypto from 'node:crypto';
import { validateElements } from 'esign-elements/fields';
import type { ValidationResult } from 'esign-elements/fields';
import type { FieldElement } from 'esign-elements/fields';
import type { Store } from '../store/index.ts';
import type { Template } from '../store/templates.ts';
import type { WorkPool } from '../work/pool.ts';
import { answering } from '../work/failures.ts';
import { conflict, notFound, unprocessable } from '../domain/errors.ts';
import { withUuids } from './template-fields.ts';

/** Validates a template's element JSON; code-93 patterns are compiled in the work pool, never on the main thread. */
export async function validateTemplateElements(work: WorkPool, template: Template, elements: unknown): Promise<ValidationResult> {
  const hasPatterns = Array.isArray(elements) && elements.some((e) => (e as { validation?: unknown } | null)?.validation === 93);
  return hasPatterns
    ? await answering(() => work.run(template.groupId, 'validateFields', { elements, pageCount: template.pageCount }))
    : validateElements(elements, { pageCount: template.pageCount });
}

/** What one edit does to the current list: the new list and the uuid of the element it concerns. */
type Edit = (fields: FieldElement[]) => { elements: object[]; uuid: string; index: number };

const MAX_ATTEMPTS = 3;

/**
 * Applies `edit` to the template's fields, validates, saves. Validation may wait on the pool, so the list is
 * re-read before saving: a concurrent edit in between makes it start again (at most 3 times, then Conflict).
 */
async function applyEdit(store: Store, work: WorkPool, templateId: string, edit: Edit): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const template = await store.templates.get(templateId);
    if (!template) throw notFound('template', templateId);
    const before = JSON.stringify(template.fields);
    const { elements, uuid, index } = edit(template.fields);
    const result = await validateTemplateElements(work, template, elements);
    if (result.problems.length > 0) throw invalidElements(result, index);
    if (JSON.stringify((await store.templates.get(templateId))?.fields) !== before) continue;
    await store.templates.update(templateId, { fields: withUuids(result.elements) });
    return uuid;
  }
  throw conflict('The template fields changed while this edit was checked; try again.', 'concurrent_edit');
}

/** Problems on the edited element are named by its input property (`input.ax`); others keep their list path. */
function invalidElements(result: ValidationResult, index: number) {
  const own = `[${index}]`;
  const problems = result.problems.map((p) => ({
    field: p.field === own ? 'input' : p.field.startsWith(`${own}.`) ? `input.${p.field.slice(own.length + 1)}` : p.field,
    message: p.message,
  }));
  const shown = problems
    .slice(0, 5)
    .map((p) => `${p.field}: ${p.message}`)
    .join(' ');
  return unprocessable(`The element was not saved. ${shown}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`, problems, 'invalid_fields');
}

function indexOf(fields: FieldElement[], templateId: string, uuid: string): number {
  const index = fields.findIndex((f) => f.uuid === uuid);
  if (index < 0) throw notFound('template element', uuid);
  return index;
}

/** Adds one element (element JSON as src/fields reads it); answers its new uuid. */
export function addTemplateElement(store: Store, work: WorkPool, templateId: string, element: Record<string, unknown>): Promise<string> {
  return applyEdit(store, work, templateId, (fields) => {
    const uuid = crypto.randomUUID();
    return { elements: [...fields, { ...element, uuid }], uuid, index: fields.length };
  });
}

/** Changes the given properties of one element; the others keep their value. */
export function changeTemplateElement(store: Store, work: WorkPool, templateId: string, uuid: string, changes: Record<string, unknown>): Promise<string> {
  return applyEdit(store, work, templateId, (fields) => {
    const index = indexOf(fields, templateId, uuid);
    const elements = fields.map((f, i) => (i === index ? { ...f, ...changes, uuid } : { ...f }));
    return { elements, uuid, index };
  });
}

/** Removes one element. */
export function removeTemplateElement(store: Store, work: WorkPool, templateId: string, uuid: string): Promise<string> {
  return applyEdit(store, work, templateId, (fields) => {
    const index = indexOf(fields, templateId, uuid);
    return { elements: fields.filter((_, i) => i !== index).map((f) => ({ ...f })), uuid, index: -1 };
  });
}
