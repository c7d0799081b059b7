/**
 * The editor's use of the shared field validator (src/fields): reading fields from the page or the
 * server without losing any, the pre-save check, and mapping problem paths (`[3].label`, `signer[2]`)
 * onto the fields to mark.
 */
import type { FieldElement, FieldProblem } from '../../fields/types.ts';
import { normalizeElement, validateElements } from '../../fields/validate.ts';
import { checkTemplateReady } from '../../fields/ready.ts';
import type { EditorModel } from '../editing/editor-model.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Element JSON from outside, normalised. Unlike a save, a field with a fixable problem (an empty regex, a
 * bad label) is kept so the sender can see and fix it; only entries without a usable box are dropped.
 */
export function normalizeIncoming(input: unknown, pageCount?: number): { elements: FieldElement[]; problems: FieldProblem[] } {
  if (!Array.isArray(input)) return { elements: [], problems: validateElements(input).problems };
  // With the page count known, a field on a page the PDF lacks is reported too (it is kept, hidden, until moved).
  const { problems } = validateElements(input, { pageCount: pageCount || undefined });
  const elements: FieldElement[] = [];
  for (const item of input) {
    if (!isPlainObject(item)) continue;
    const box = ['ax', 'ay', 'bx', 'by'].every((k) => typeof item[k] === 'number' && Number.isFinite(item[k]));
    if (!box) continue;
    elements.push(normalizeElement(item));
  }
  return { elements, problems };
}

/** The fields on pages the PDF does not have (`[i].page`), in the shared validator's words. */
export function missingPageProblems(elements: readonly FieldElement[], pageCount: number): FieldProblem[] {
  return validateElements(elements, { pageCount }).problems.filter((p) => {
    const index = /^\[(\d+)\]\.page$/.exec(p.field);
    return !!index && (elements[Number(index[1])]?.page ?? 1) > pageCount;
  });
}

/** Everything that stops a save: invalid fields and a template that cannot be sent. */
export function validateForSave(elements: readonly FieldElement[], opts: { pageCount?: number; signerCount?: number } = {}): { problems: FieldProblem[] } {
  if (elements.length === 0) return { problems: [] }; // an empty template is a valid state to save
  return { problems: checkTemplateReady(elements, { pageCount: opts.pageCount || undefined, signerCount: opts.signerCount }) };
}

/** Problems per field id: `[i]…` paths name field i, `signer[n]` every field of signer n. */
export function problemsByField(model: EditorModel, problems: readonly FieldProblem[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (id: string, message: string) => {
    const list = out.get(id) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(id, list);
  };
  const doc = model.doc;
  for (const p of problems) {
    const index = /^\[(\d+)\]/.exec(p.field);
    if (index) {
      const f = doc[Number(index[1])];
      if (f) add(f.id, p.message);
      continue;
    }
    const signer = /^signer\[(\d+)\]/.exec(p.field);
    if (signer) for (const f of doc) if ((f.el.signer ?? 0) === Number(signer[1])) add(f.id, p.message);
  }
  return out;
}
