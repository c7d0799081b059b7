/** Removing a template for good: database rows in one transaction, then the file shredded. */
import type { Store } from '../store/index.ts';
import type { Template } from '../store/templates.ts';

/**
 * `claim`, when given, runs first in the transaction and may decline (another process is removing the
 * same template: the sweep's lock); then nothing happens and the result is false.
 */
export async function deleteTemplateNow(store: Store, template: Template, claim?: () => Promise<boolean>): Promise<boolean> {
  const removed = await store.transaction(async () => {
    if (claim && !(await claim())) return false;
    await store.templates.remove(template.id);
    return true;
  });
  // After the commit: if the process dies here, an orphan file remains, never a row without its file.
  if (removed) await store.files.shred(templateFileName(template.id));
  return removed;
}

export function templateFileName(templateId: string): string {
  return `template-${templateId}`;
}
