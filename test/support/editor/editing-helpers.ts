/** Test helpers for the editing modules: a field at a given rect, deep-frozen so mutation throws. */
import type { FieldElement } from '../../../src/fields/types.ts';
import type { EditorField } from '../../../src/esign-editor/editing/field-doc.ts';
import { blankElement } from '../../../src/esign-editor/editing/toolbox.ts';

export function field(id: string, ax: number, ay: number, bx: number, by: number, page = 1, extra: Partial<FieldElement> = {}): EditorField {
  return Object.freeze({ id, el: Object.freeze({ ...blankElement(), ax, ay, bx, by, page, ...extra }) });
}

export function frozen<T>(list: T[]): readonly T[] {
  return Object.freeze(list);
}

/** Rounds a number for comparisons of fraction arithmetic. */
export function r6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
