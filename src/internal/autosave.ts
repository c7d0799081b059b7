/**
 * Debounced saving, shared by the editor (the template's fields) and the signer (the recipient's
 * progress): changes schedule a save after a quiet period; saves never overlap (a change made while a
 * save runs schedules one more afterwards); `flush()` saves now and resolves with the result. Given a
 * Lit host, a scheduled save is dropped when the element leaves the page.
 */
import type { ReactiveControllerHost } from 'lit';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface AutosaveOptions<R> {
  /** Quiet period in milliseconds. */
  delay: number;
  save: () => Promise<R>;
  onState?: (state: SaveState) => void;
  /** The element whose disconnection cancels a scheduled save. */
  host?: ReactiveControllerHost;
}

export class Autosave<R> {
  state: SaveState = 'idle';
  /** Quiet period in milliseconds (may change between saves). */
  delay: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<R> | null = null;
  private dirty = false;
  private readonly options: AutosaveOptions<R>;

  constructor(options: AutosaveOptions<R>) {
    this.options = options;
    this.delay = options.delay;
    options.host?.addController({ hostDisconnected: () => this.clearTimer() });
  }

  /** A change happened: save after the quiet period. */
  schedule(): void {
    this.dirty = true;
    this.setState(this.running ? 'saving' : 'pending');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => {});
    }, this.delay);
  }

  /** Saves now (after any save already running) and resolves with this save's result. */
  async flush(): Promise<R> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.running) {
      try {
        await this.running;
      } catch {
        // the earlier save's failure was reported to its own caller
      }
    }
    this.dirty = false;
    this.setState('saving');
    const run = this.options.save();
    this.running = run;
    try {
      const result = await run;
      this.setState(this.dirty ? 'pending' : 'saved');
      return result;
    } catch (error) {
      this.setState('error');
      throw error;
    } finally {
      this.running = null;
    }
  }

  /** True when a change has not reached the server yet. */
  get hasUnsaved(): boolean {
    return this.dirty || this.timer !== null || this.running !== null;
  }

  cancel(): void {
    this.clearTimer();
    this.dirty = false;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SaveState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}
