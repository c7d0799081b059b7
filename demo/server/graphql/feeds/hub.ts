/**
 * This process's subscribers, by feed (`user:<id>`, `group:<id>`): each subscription is an async
 * iterator that receives what the tailer publishes. A slow subscriber's backlog is capped: past
 * MAX_BACKLOG it loses the oldest events rather than let one socket hold the server's memory.
 */
const MAX_BACKLOG = 1000;

type Listener = (body: string) => void;

export class FeedHub {
  private readonly listeners = new Map<string, Set<Listener>>();

  /** How many subscriptions are open (the tailer idles when none are). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  publish(topic: string, body: string): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(body);
  }

  /** Events of `topic` from now on, until the iterator is returned (the client completes or goes away). */
  subscribe(topic: string): AsyncIterableIterator<string> {
    const queue: string[] = [];
    let wake: ((result: IteratorResult<string>) => void) | null = null;
    let done = false;
    const listener: Listener = (body) => {
      if (wake) {
        const resolve = wake;
        wake = null;
        resolve({ value: body, done: false });
        return;
      }
      queue.push(body);
      if (queue.length > MAX_BACKLOG) queue.shift();
    };
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    const stop = (): Promise<IteratorResult<string>> => {
      done = true;
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
      queue.length = 0;
      if (wake) wake({ value: undefined, done: true });
      wake = null;
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (wake = resolve));
      },
      return: stop,
      throw: (error) => stop().then(() => Promise.reject(error)),
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

export const userTopic = (userId: string) => `user:${userId}`;
export const groupTopic = (groupId: string) => `group:${groupId}`;
