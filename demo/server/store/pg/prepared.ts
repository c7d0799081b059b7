/**
 * Named prepared statements for the SQL texts the store runs again and again. PostgreSQL parses and
 * analyses a named statement once per connection and then only binds and runs it (and after five runs
 * may keep a generic plan), where an unnamed one is parsed and planned at every call: on a send's
 * twenty-odd statements that is a good part of the server's work. A text is named at its second use,
 * so one-off texts (IN lists of a rare length) never take a name; at most `NAMED_LIMIT` texts do,
 * because each name is a statement kept in every pooled connection's memory.
 *
 * A prepared `SELECT *` whose table changes shape (another process ran a migration) fails with
 * "cached plan must not change result type"; the store then names every text afresh (`invalidate`)
 * and runs the statement again.
 */
const NAMED_LIMIT = 300;
const SEEN_LIMIT = 5000;

export class PreparedNames {
  /** Texts used once so far (cleared when full, as dynamic texts would grow it without end). */
  private readonly seen = new Set<string>();
  private readonly names = new Map<string, string>();
  private generation = 0;

  /** The name to prepare `text` under, or undefined to run it unnamed (first use, or the limit reached). */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= NAMED_LIMIT) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    // Unique per process and generation: the driver refuses one name for two texts on a connection.
    const named = `esign_${this.generation}_${this.names.size}`;
    this.names.set(text, named);
    return named;
  }

  /** Statements prepared so far may be stale: from now on every text gets a new name (parsed afresh). */
  invalidate(): void {
    this.generation++;
    this.names.clear();
    this.seen.clear();
  }
}

/** PostgreSQL refusing a prepared statement whose result columns changed since it was prepared. */
export function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && /cached plan must not change result type/.test(String(message));
}
