/**
 * Keeps keyboard focus on a field across a re-render. Moving fields reorders the DOM (Tab order follows the
 * page), which can drop focus; a field that lost focus that way gets it back. Focus the sender moved
 * elsewhere stays where it went. The element calls `remember()` before an update and `restore()` after it.
 */
import type { EditorHost } from '../editor-host.ts';

export class FocusKeeper {
  private readonly host: Pick<EditorHost, 'root' | 'fieldElement'>;
  /** Whether the field is still in the document (a deleted one has nowhere to get focus back). */
  private readonly exists: (id: string) => boolean;
  /** The field that had focus before the update. */
  private focused: string | null = null;

  constructor(host: Pick<EditorHost, 'root' | 'fieldElement'>, exists: (id: string) => boolean) {
    this.host = host;
    this.exists = exists;
  }

  remember(): void {
    this.focused = (this.host.root?.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-id]')?.dataset.id ?? null;
  }

  restore(): void {
    const id = this.focused;
    if (id && !this.host.root?.activeElement && this.exists(id)) this.host.fieldElement(id)?.focus({ preventScroll: true });
  }
}
