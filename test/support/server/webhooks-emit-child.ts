/**
 * Test helper run as a separate process: opens the database in argv[2] and emits the "once"
 * events described by the JSON in argv[3], as fast as it can, to race other processes.
 */
import { openStore } from '../../../demo/server/store/index.ts';
import { enqueueEvent } from '../../../demo/server/webhooks/outbox.ts';
import type { DocumentSnapshot } from '../../../demo/server/webhooks/payload.ts';

const [dir, json] = process.argv.slice(2);
const { snapshot, rounds } = JSON.parse(json) as { snapshot: DocumentSnapshot; rounds: number };
const store = await openStore(dir);
let written = 0;
for (let i = 0; i < rounds; i++) {
  if (await enqueueEvent(store, { object: 'document', event: 'created', snapshot })) written++;
  for (const r of snapshot.recipients) {
    if (await enqueueEvent(store, { object: 'recipient', event: 'completed', snapshot, recipientId: r.uuid })) written++;
  }
}
await store.close();
process.stdout.write(String(written));
