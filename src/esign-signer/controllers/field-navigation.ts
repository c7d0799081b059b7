/**
 * Leading the recipient from field to field in signing order: the active field, scrolling it into view
 * (its page first, then the box) and focusing its control in the field bar.
 */
import { isImageField, type SignerField } from '../signer-model.ts';
import type { SignerHost } from '../signer-host.ts';

/** Not a ReactiveController: it has nothing to do on the host's lifecycle, only on the recipient's actions. */
export class FieldNavigation {
  /** The active field's position in the recipient's fields. */
  active = 0;

  private readonly host: SignerHost;

  constructor(host: SignerHost) {
    this.host = host;
  }

  /** The active field, if the recipient has any. */
  get current(): SignerField | undefined {
    return this.host.session.own[this.active];
  }

  reset(): void {
    this.active = 0;
    this.host.requestUpdate();
  }

  /** Scrolls a field into view (its page first, then the box). */
  reveal(f: SignerField | undefined): void {
    if (!f) return;
    const host = this.host;
    host.pages.scrollToPage(f.page - 1);
    void host.updateComplete.then(() => {
      host.root.querySelector<HTMLElement>(`.field.own[data-uuid="${f.uuid}"]`)?.scrollIntoView({ block: 'center', inline: 'nearest' });
    });
  }

  /** Makes the field at `index` active (the one left counts as visited), shows it, and focuses its control. */
  go(index: number, focus = true): void {
    const host = this.host;
    const own = host.session.own;
    if (!own.length) return;
    const current = own[this.active];
    if (current) host.filling.touch(current);
    this.active = Math.max(0, Math.min(own.length - 1, index));
    host.requestUpdate();
    this.reveal(own[this.active]);
    if (focus) void host.updateComplete.then(() => host.root.querySelector<HTMLElement>('#field-input')?.focus());
  }

  previous(): void {
    this.go(this.active - 1);
  }

  next(): void {
    this.go(this.active + 1);
  }

  /** The recipient tapped its own field on the page. Tapping a signature or initials box is the natural way to sign it: open the capture at once. */
  activate(position: number): void {
    const own = this.host.session.own[position];
    const capture = isImageField(own) && !this.host.submission.busy;
    this.go(position, !capture);
    if (capture) this.host.filling.capture(own);
  }
}
