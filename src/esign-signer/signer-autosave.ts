/**
 * Saves the recipient's progress a few seconds after the last change (one request per pause,
 * not per keystroke: component tokens count against the sender's rate limit). A failed save is
 * retried with the next change; the final submission carries every value anyway.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export const SAVE_DELAY_MS = 4000;

export class AutosaveController implements ReactiveController {
  private timer = 0;
  private dirty = false;
  private readonly save: () => Promise<unknown> | null;

  /** `save` returns null when there is nothing to save now (e.g. the recipient is no longer signing). */
  constructor(host: ReactiveControllerHost, save: () => Promise<unknown> | null) {
    this.save = save;
    host.addController(this);
  }

  changed(): void {
    this.dirty = true;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.dirty = false;
  }

  private flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.save()?.catch(() => {
      this.dirty = true;
    });
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}

/** Puts a transformed value (case codes) into the input without moving the caret. */
export function replaceInputValue(input: HTMLInputElement | null, value: string): void {
  if (!input || input.value === value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(selectionStart, selectionEnd);
}
