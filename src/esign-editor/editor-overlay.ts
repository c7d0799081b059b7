/**
 * The fields layer of each page, editable: the shared overlay's layout and field content (src/internal),
 * with keyed, guarded field templates so an edit among thousands of fields re-renders only those it touched.
 */
import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import type { EditorModel } from './editing/editor-model.ts';
import type { EditorField, FieldDoc } from './editing/field-doc.ts';
import { readingOrder } from './editing/reading-order.ts';
import { renderEditableField } from './editor-views.ts';

export interface OverlayState {
  lang: string;
  model: EditorModel;
  problems: ReadonlyMap<string, string[]>;
  /** Fields that cover the page's text (marked, a warning). */
  covering: ReadonlySet<string>;
  readOnly: boolean;
}

export class EditableOverlay {
  private cache: { doc: FieldDoc | null; byPage: Map<number, EditorField[]> } = { doc: null, byPage: new Map() };

  private fieldsOn(doc: FieldDoc, page: number): EditorField[] {
    if (this.cache.doc !== doc) {
      const byPage = new Map<number, EditorField[]>();
      for (const f of doc) {
        const list = byPage.get(f.el.page);
        if (list) list.push(f);
        else byPage.set(f.el.page, [f]);
      }
      // DOM order is the Tab order: each page's fields in reading order (fieldorder, then top-down, left-right).
      for (const [page, list] of byPage) byPage.set(page, readingOrder(list));
      this.cache = { doc, byPage };
    }
    return this.cache.byPage.get(page) ?? [];
  }

  /** The overlay of page `page` (1-based). */
  render(page: number, s: OverlayState): TemplateResult {
    const selection = s.model.selection;
    return html`<div class="field-overlay edit-overlay" part="field-overlay">${repeat(
      this.fieldsOn(s.model.doc, page),
      (f) => f.id,
      (f) => {
        const selected = selection.includes(f.id);
        const primary = selection[0] === f.id;
        // The primary field carries the handles; with several selected they resize all of them together.
        const handles = primary;
        const problems = s.problems.get(f.id);
        const coversText = s.covering.has(f.id);
        // Unchanged fields keep their object (the document is immutable), so the guard skips them.
        return guard([f, selected, primary, handles, problems, coversText, s.lang, s.readOnly], () =>
          renderEditableField(f, { lang: s.lang, selected, primary, handles, problems, coversText, readOnly: s.readOnly }),
        );
      },
    )}</div>`;
  }
}
