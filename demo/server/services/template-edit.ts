/**
 * Editing a template's properties (REST PATCH /api/v1/templatepdf/{id}/, GraphQL updateTemplate):
 * fields left undefined keep their value; a blank title is refused.
 */
import type { Store } from '../store/index.ts';
import type { Template } from '../store/templates.ts';
import { unprocessable } from '../domain/errors.ts';

export interface TemplateEdit {
  title?: string;
  hideSenderFields?: boolean;
  archiveUponSend?: boolean;
  archived?: boolean;
}

export async function editTemplate(store: Store, template: Template, edit: TemplateEdit): Promise<Template> {
  const title = edit.title?.trim();
  if (title === '') throw unprocessable('title must not be blank.', [{ field: 'title', message: 'must not be blank' }]);
  return (await store.templates.update(template.id, { ...edit, title }))!;
}
