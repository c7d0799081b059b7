/** Removing a template for good: database rows in one transaction, then the file shredded. */
import type { Store } from '../store/index.ts';
import type { Template } from '../store/templates.ts';

export async function deleteTemplateNow(store: Store, template: Template): Promise<void> {
  await store.transaction(() => store.templates.remove(template.id));
  // After the commit: if the process dies here, an orphan file remains, never a row without its file.
  await store.files.shred(templateFileName(template.id));
}

export function templateFileName(templateId: string): string {
  return `template-${templateId}`;
}
