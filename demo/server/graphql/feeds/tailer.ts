/**
 * Reads new rows of the feed outbox (store/feed-events.ts) and hands them to this process's
 * subscribers. Every process tails the same table, so a subscriber on any process gets every
 * committed event once, whichever process committed it; seqs committed out of order (PostgreSQL)
 * are picked up late rather than lost (noteGap). Polls every `intervalMs` while anyone is
 * subscribed; prunes old rows now and then. (On PostgreSQL, LISTEN/NOTIFY could wake it sooner;
 * polling keeps one code path.)
 */
import type { Store } from '../../store/index.ts';
import type { FeedRow } from '../../store/feed-events.ts';
import { groupTopic, userTopic, type FeedHub } from './hub.ts';

const BATCH = 500;
const KEEP_MS = 3_600_000;
/** How long a missing seq is waited for: longer than any transaction that writes feed events runs. */
const GAP_WAIT_MS = 30_000;
const MAX_GAPS = 1000;

export class FeedTailer {
  private seq = 0;
  /** Seqs skipped over that a transaction still running may commit: seq → when to stop waiting. */
  private readonly gaps = new Map<number, number>();
  private readonly ready: Promise<void>;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private readonly store: Store;
  private readonly hub: FeedHub;
  private readonly intervalMs: number;

  constructor(store: Store, hub: FeedHub, intervalMs = 100) {
    this.store = store;
    this.hub = hub;
    this.intervalMs = intervalMs;
    // A feed is live: nothing from before this process started.
    this.ready = store.feedEvents.latestSeq().then((seq) => void (this.seq = seq));
    this.ready.catch(() => {}); // a store closed before this resolved: poll() reports it
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.poll().catch((error: unknown) => {
        if (this.timer) console.error('feed tailer:', (error as Error).message); // the store closing at shutdown is not worth a line
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Delivers whatever was committed since the last poll. */
  async poll(now = Date.now()): Promise<void> {
    await this.ready;
    if (this.hub.size === 0) {
      // Nobody listens: skip ahead instead of delivering a backlog to a later subscriber.
      this.seq = Math.max(this.seq, await this.store.feedEvents.latestSeq());
      this.gaps.clear();
    } else {
      for (const row of await this.store.feedEvents.bySeqs([...this.gaps.keys()])) {
        this.gaps.delete(row.seq);
        this.deliver(row);
      }
      for (const [seq, until] of this.gaps) if (until <= now) this.gaps.delete(seq); // rolled back: never comes
      for (;;) {
        const rows = await this.store.feedEvents.since(this.seq, BATCH);
        for (const row of rows) {
          this.noteGap(this.seq, row.seq, now);
          this.seq = row.seq;
          this.deliver(row);
        }
        if (rows.length < BATCH) break;
      }
    }
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      await this.store.feedEvents.prune(now - KEEP_MS);
    }
  }

  /**
   * Seqs between the last row read and `next` are rows not visible yet: on PostgreSQL a transaction takes
   * its seq when it inserts and may commit after one with a higher seq (another process's) was read.
   * They are looked for on each poll until GAP_WAIT_MS has passed (then they were rolled back).
   */
  private noteGap(last: number, next: number, now: number): void {
    for (let seq = Math.max(last + 1, next - MAX_GAPS); seq < next; seq++) this.gaps.set(seq, now + GAP_WAIT_MS);
    if (this.gaps.size > MAX_GAPS) for (const seq of [...this.gaps.keys()].slice(0, this.gaps.size - MAX_GAPS)) this.gaps.delete(seq);
  }

  private deliver(row: FeedRow): void {
    if (row.feed === 'user' && row.userId) this.hub.publish(userTopic(row.userId), row.body);
    if (row.feed === 'group' && row.groupId) this.hub.publish(groupTopic(row.groupId), row.body);
  }
}
