/**
 * The GraphQL feeds' outbox: every feed event (document and recipient events for a group's feed,
 * upload progress for a user's) is a row here, written in the same transaction as the change it
 * reports. Each server process tails the table by `seq` and hands new rows to its own subscribers,
 * so an event reaches subscribers on every process of a deployment, and only once it is committed.
 * Rows are kept for an hour: a feed is live, not a history.
 */
import type { SqlDb } from './sql.ts';

export interface FeedRow {
  seq: number;
  feed: 'user' | 'group';
  groupId: string | null;
  userId: string | null;
  /** The event envelope as a JSON string (GraphQL's AWSJSON `data`). */
  body: string;
}

/** The columns a new row names, and its values in that order (webhooks.ts writes rows with its events). */
export const FEED_COLUMNS = 'feed, group_id, user_id, body, created_ms';
export const feedValues = (row: Omit<FeedRow, 'seq'>, now: number) => [row.feed, row.groupId, row.userId, row.body, now];

function feedRowOf(r: Record<string, string | number | null>): FeedRow {
  return {
    seq: Number(r.seq),
    feed: r.feed as FeedRow['feed'],
    groupId: r.group_id as string | null,
    userId: r.user_id as string | null,
    body: String(r.body),
  };
}

export class SqlFeedEventRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async append(row: Omit<FeedRow, 'seq'>, now = Date.now()): Promise<void> {
    await this.db.run(`INSERT INTO feed_events (${FEED_COLUMNS}) VALUES (?, ?, ?, ?, ?)`, feedValues(row, now));
  }

  /** Rows after `seq`, oldest first, at most `limit`. */
  async since(seq: number, limit: number): Promise<FeedRow[]> {
    const rows = (await this.db.all('SELECT seq, feed, group_id, user_id, body FROM feed_events WHERE seq > ? ORDER BY seq LIMIT ?', [seq, limit])) as Array<
      Record<string, string | number | null>
    >;
    return rows.map(feedRowOf);
  }

  /** The rows of these seqs that exist now, oldest first (late commits the tailer waited for). */
  async bySeqs(seqs: readonly number[]): Promise<FeedRow[]> {
    if (seqs.length === 0) return [];
    const rows = (await this.db.all(
      `SELECT seq, feed, group_id, user_id, body FROM feed_events WHERE seq IN (${seqs.map(() => '?').join(', ')}) ORDER BY seq`,
      seqs,
    )) as Array<Record<string, string | number | null>>;
    return rows.map(feedRowOf);
  }

  /** The newest row's seq (0 when empty): where a process starting now begins to tail. */
  async latestSeq(): Promise<number> {
    const row = (await this.db.get('SELECT MAX(seq) AS seq FROM feed_events')) as { seq: number | null };
    return Number(row.seq ?? 0);
  }

  /** Drops rows written before `beforeMs`. */
  async prune(beforeMs: number): Promise<number> {
    return Number((await this.db.run('DELETE FROM feed_events WHERE created_ms < ?', [beforeMs])).changes);
  }
}
