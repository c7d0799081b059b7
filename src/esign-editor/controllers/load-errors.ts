/**
 * One `esign-error` per failure cause for one load. The editor reads the PDF and the fields side by side
 * with the same token from the same server, so a stale token fails both; a person needs to hear it once.
 * The first error of each code wins; later ones of the same code are dropped until the next load.
 */
export class LoadErrorGate {
  private readonly seen = new Set<string>();

  /** A new load starts: every cause may be reported again. */
  reset(): void {
    this.seen.clear();
  }

  /** True the first time `code` is offered since the last reset. */
  first(code: string): boolean {
    if (this.seen.has(code)) return false;
    this.seen.add(code);
    return true;
  }
}
