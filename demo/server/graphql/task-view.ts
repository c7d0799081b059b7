/**
 * `task(id)` in both published shapes (GRAPHQL.md §4): `data` (the task record as a JSON string) +
 * `report`, and the older `id` + `status` (COMPLETE when done). A batch task's documents and errors
 * are its batch rows', in sendOrder.
 */
import type { Store } from '../store/index.ts';
import type { TaskRecord } from '../store/tasks.ts';
import { encodeId } from './ids.ts';

const REPORT_STATUS: Record<TaskRecord['status'], string> = { TODO: 'PENDING', INPROGRESS: 'INPROGRESS', COMPLETED: 'COMPLETED', FAILED: 'FAILED' };

export async function taskView(store: Store, task: TaskRecord) {
  const id = encodeId('tsk', task.id);
  const rows = task.batchId ? await store.batches.outcomes(task.batchId) : [];
  const documents = task.batchId ? rows.flatMap((r) => (r.documentId ? [r.documentId] : [])) : task.documents;
  // Each error names the queued document (its sendOrder and queue entry) and says what the send said.
  const errors = rows.flatMap((r) =>
    r.error ? [JSON.stringify({ sendOrder: r.sendOrder, batchDocumentId: r.id, ...(JSON.parse(r.error) as Record<string, unknown>) })] : [],
  );
  const data = {
    id,
    title: task.title,
    status: task.status,
    created: new Date(task.createdMs).toISOString(),
    expires: new Date(task.expiresMs).toISOString(),
    total: task.total,
    done: task.done,
    failed: task.failed,
  };
  return {
    data: JSON.stringify(data),
    report: {
      status: REPORT_STATUS[task.status],
      batchId: task.batchId && encodeId('bat', task.batchId),
      documents: documents.map((d) => encodeId('doc', d)),
      errors,
    },
    id,
    status: task.status === 'COMPLETED' ? 'COMPLETE' : task.status,
  };
}
