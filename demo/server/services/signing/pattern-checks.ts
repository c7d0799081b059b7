/**
 * Sender patterns (validation 93) over a signer's values run in the work pool, never on the main
 * thread: before a save or a completion, the recipient's pattern fields with the values this request
 * would leave in them are checked there, and the ceremony reads the verdicts (submission.ts).
 */
import type { Store } from '../../store/index.ts';
import type { WorkPool } from '../../work/pool.ts';
import { answering } from '../../work/failures.ts';
import { normalizeFieldValue } from 'esign-elements/fields';
import { patternKey, type PatternVerdicts } from './submission.ts';

/** Verdicts for the recipient's pattern fields, or undefined when it has none (nothing to evaluate). */
export async function checkPatternsAhead(store: Store, work: WorkPool, recipientId: string, body: unknown): Promise<PatternVerdicts | undefined> {
  const { documents } = store;
  const me = await documents.recipient(recipientId);
  const doc = me ? await documents.get(me.documentId) : undefined;
  if (!me || !doc) return undefined;
  const patterned = (await documents.fields(doc.id)).filter((f) => f.signer === me.signerNumber && f.validation === 93);
  if (patterned.length === 0) return undefined;
  const sent = (body as { values?: unknown } | undefined)?.values;
  const values = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as Record<string, unknown>) : {};
  const checks = patterned
    .map((field) => {
      const raw = values[field.uuid!];
      return { uuid: field.uuid!, field, value: typeof raw === 'string' ? normalizeFieldValue(field, raw) : (field.value ?? '') };
    })
    .filter((c) => c.value.trim() !== '');
  if (checks.length === 0) return new Map();
  const verdicts = await answering(() => work.run(doc.groupId, 'checkPatterns', { checks }));
  return new Map(verdicts.map((v) => [patternKey(v.uuid, v.value), v.message]));
}
