/**
 * Batches (GraphQL sendBatch / sendBatchDocument / startBatch): a batch, its queued send inputs in
 * `sendOrder`, and for each queued input the document it became or the error that stopped it. A row
 * gets its document in the same transaction as the document itself (services/batches/processor.ts),
 * so a batch resumed after a crash never sends a row twice.
 */
import type { SqlDb } from './sql.ts';
import type { AuditActor } from './documents-history.ts';

export type BatchStatus = 'CREATING' | 'EMAILING' | 'COMPLETE';

export interface BatchRecord {
  id: string;
  groupId: string;
  userId: string;
  name: string;
  actor: AuditActor;
  status: BatchStatus;
  taskId: string | null;
  createdMs: number;
  updatedMs: number;
}

export interface BatchDocumentRecord {
  id: string;
  batchId: string;
  sendOrder: number;
  /** The REST send body the GraphQL input became, validated when it was added. */
  body: Record<string, unknown>;
  documentId: string | null;
  error: string | null;
}

/** A row's outcome: the document it became, or the error of its send (neither while it waits). */
export type BatchRowOutcome = Pick<BatchDocumentRecord, 'id' | 'sendOrder' | 'documentId' | 'error'>;

/** Counts over a batch's rows and the documents they became. */
export interface BatchCounts {
  documentCount: number;
  submittedCount: number;
  failedCount: number;
  inProgressCount: number;
  completedCount: number;
  rejectedCount: number;
  /** Sent documents still waiting for a recipient to act (status 10: fields complete is 20). */
  awaitingActionCount: number;
  /** Recipients of the batch's documents whose email bounced (a `recipient.bounced` event, any kind), each once. */
  bouncedCount: number;
}

/** How a document was sent, when a batch row or a GraphQL `send` task sent it (Document.batchId … taskId). */
export interface DocumentSending {
  batchId: string | null;
  batchName: string | null;
  batchOrder: number | null;
  taskId: string | null;
}

type Row = Record<string, string | number | null>;

const batchOf = (r: Row): BatchRecord => ({
  id: String(r.id),
  groupId: String(r.group_id),
  userId: String(r.user_id),
  name: String(r.name),
  actor: JSON.parse(String(r.actor)) as AuditActor,
  status: String(r.status) as BatchStatus,
  taskId: r.task_id === null ? null : String(r.task_id),
  createdMs: Number(r.created_ms),
  updatedMs: Number(r.updated_ms),
});

const rowOf = (r: Row): BatchDocumentRecord => ({
  id: String(r.id),
  batchId: String(r.batch_id),
  sendOrder: Number(r.send_order),
  body: JSON.parse(String(r.body)) as Record<string, unknown>,
  documentId: r.document_id === null ? null : String(r.document_id),
  error: r.error === null ? null : String(r.error),
});

const outcomeOf = (r: Row): BatchRowOutcome => ({
  id: String(r.id),
  sendOrder: Number(r.send_order),
  documentId: r.document_id === null ? null : String(r.document_id),
  error: r.error === null ? null : String(r.error),
});

export class SqlBatchRepository {
  private readonly db: SqlDb;

  constructor(db: SqlDb) {
    this.db = db;
  }

  async create(batch: { id: string; groupId: string; userId: string; name: string; actor: AuditActor }, now = Date.now()): Promise<BatchRecord> {
    return batchOf(
      (await this.db.get(
        "INSERT INTO batches (id, group_id, user_id, name, actor, status, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, 'CREATING', ?, ?) RETURNING *",
        [batch.id, batch.groupId, batch.userId, batch.name, JSON.stringify(batch.actor), now, now],
      )) as Row,
    );
  }

  async get(id: string): Promise<BatchRecord | undefined> {
    const row = (await this.db.get('SELECT * FROM batches WHERE id = ?', [id])) as Row | undefined;
    return row ? batchOf(row) : undefined;
  }

  /** Queues one send input; false when the sendOrder is taken. */
  async addDocument(row: { id: string; batchId: string; sendOrder: number; body: Record<string, unknown> }, now = Date.now()): Promise<boolean> {
    const result = await this.db.run(
      'INSERT INTO batch_documents (id, batch_id, send_order, body, created_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT (batch_id, send_order) DO NOTHING',
      [row.id, row.batchId, row.sendOrder, JSON.stringify(row.body), now],
    );
    return Number(result.changes) === 1;
  }

  /** CREATING → EMAILING with its task; false when the batch was already started. */
  async start(id: string, taskId: string, now = Date.now()): Promise<boolean> {
    const result = await this.db.run("UPDATE batches SET status = 'EMAILING', task_id = ?, updated_ms = ? WHERE id = ? AND status = 'CREATING'", [
      taskId,
      now,
      id,
    ]);
    return Number(result.changes) === 1;
  }

  async complete(id: string, now = Date.now()): Promise<void> {
    await this.db.run("UPDATE batches SET status = 'COMPLETE', updated_ms = ? WHERE id = ?", [now, id]);
  }

  /** The next rows still to send (neither a document nor an error yet), in sendOrder. */
  async pending(batchId: string, limit: number): Promise<BatchDocumentRecord[]> {
    return (
      (await this.db.all('SELECT * FROM batch_documents WHERE batch_id = ? AND document_id IS NULL AND error IS NULL ORDER BY send_order LIMIT ?', [
        batchId,
        limit,
      ])) as Row[]
    ).map(rowOf);
  }

  /** Records the document a row became; false when another run recorded one first (the caller rolls back its send). */
  async markSent(rowId: string, documentId: string): Promise<boolean> {
    const result = await this.db.run('UPDATE batch_documents SET document_id = ? WHERE id = ? AND document_id IS NULL AND error IS NULL', [documentId, rowId]);
    return Number(result.changes) === 1;
  }

  async markFailed(rowId: string, error: string): Promise<void> {
    await this.db.run('UPDATE batch_documents SET error = ? WHERE id = ? AND document_id IS NULL', [error.slice(0, 2000), rowId]);
  }

  /**
   * What became of each row, in sendOrder (a task's report): without the queued body, which task(id) does not
   * answer and which was parsed for every row of the batch on every poll of a running batch.
   */
  async outcomes(batchId: string): Promise<BatchRowOutcome[]> {
    const rows = (await this.db.all('SELECT id, send_order, document_id, error FROM batch_documents WHERE batch_id = ? ORDER BY send_order', [
      batchId,
    ])) as Row[];
    return rows.map(outcomeOf);
  }

  /** Rows that became documents, in sendOrder after `afterOrder` (documentConnection's pages). */
  async sent(batchId: string, limit: number, afterOrder = -1): Promise<BatchRowOutcome[]> {
    const rows = (await this.db.all(
      'SELECT id, send_order, document_id, error FROM batch_documents WHERE batch_id = ? AND document_id IS NOT NULL AND send_order > ? ORDER BY send_order LIMIT ?',
      [batchId, afterOrder, limit],
    )) as Row[];
    return rows.map(outcomeOf);
  }

  /**
   * How far a batch's rows are (all rows, with a document, failed) from its own rows alone: what the processor
   * reports after every chunk and the queueing checks, without counts()' join over the documents and their
   * events, which grew with the batch on every chunk.
   */
  async rowCounts(batchId: string): Promise<{ total: number; submitted: number; failed: number }> {
    // Each count from an index (batches-003); a row is pending, sent or failed, never two of them (markSent, markFailed).
    const row = (await this.db.get(
      `SELECT (SELECT COUNT(*) FROM batch_documents WHERE batch_id = ?) AS total,
         (SELECT COUNT(*) FROM batch_documents WHERE batch_id = ? AND document_id IS NULL AND error IS NULL) AS pending,
         (SELECT COUNT(*) FROM batch_documents WHERE batch_id = ? AND error IS NOT NULL) AS failed`,
      [batchId, batchId, batchId],
    )) as Record<string, number>;
    const [total, pending, failed] = [Number(row.total), Number(row.pending), Number(row.failed)];
    return { total, submitted: total - pending - failed, failed };
  }

  /** Document statuses: 10/20 in progress (10 awaiting a recipient), 30 completed, 50 rejected (domain/statuses.ts). */
  async counts(batchId: string): Promise<BatchCounts> {
    const row = (await this.db.get(
      `SELECT COUNT(*) AS total, COUNT(b.document_id) AS submitted, COUNT(b.error) AS failed,
           COUNT(CASE WHEN d.status IN (10, 20) THEN 1 END) AS in_progress, COUNT(CASE WHEN d.status = 30 THEN 1 END) AS completed,
           COUNT(CASE WHEN d.status = 50 THEN 1 END) AS rejected, COUNT(CASE WHEN d.status = 10 THEN 1 END) AS awaiting,
           (SELECT COUNT(DISTINCT e.recipient_id) FROM batch_documents s JOIN document_events e ON e.document_id = s.document_id
             WHERE s.batch_id = ? AND e.event = 'recipient_email_bounced') AS bounced
         FROM batch_documents b LEFT JOIN documents d ON d.id = b.document_id WHERE b.batch_id = ?`,
      [batchId, batchId],
    )) as Record<string, number>;
    return {
      documentCount: Number(row.total),
      submittedCount: Number(row.submitted),
      failedCount: Number(row.failed),
      inProgressCount: Number(row.in_progress),
      completedCount: Number(row.completed),
      rejectedCount: Number(row.rejected),
      awaitingActionCount: Number(row.awaiting),
      bouncedCount: Number(row.bounced),
    };
  }

  /**
   * For each of these documents sent by a batch row or a GraphQL `send` (whose task has the document's
   * key), its batch, place and task; documents sent otherwise (REST) are absent. One statement for the list.
   */
  async sendingsOf(documentIds: readonly string[]): Promise<Map<string, DocumentSending>> {
    const found = new Map<string, DocumentSending>();
    if (documentIds.length === 0) return found;
    const list = documentIds.map(() => '?').join(',');
    const rows = (await this.db.all(
      `SELECT b.document_id AS document_id, b.batch_id AS batch_id, t.name AS batch_name, b.send_order AS batch_order, t.task_id AS task_id
         FROM batch_documents b JOIN batches t ON t.id = b.batch_id WHERE b.document_id IN (${list})
       UNION ALL
       SELECT id, NULL, NULL, NULL, id FROM tasks WHERE kind = 'send' AND id IN (${list})`,
      [...documentIds, ...documentIds],
    )) as Row[];
    for (const r of rows) {
      found.set(String(r.document_id), {
        batchId: r.batch_id === null ? null : String(r.batch_id),
        batchName: r.batch_name === null ? null : String(r.batch_name),
        batchOrder: r.batch_order === null ? null : Number(r.batch_order),
        taskId: r.task_id === null ? null : String(r.task_id),
      });
    }
    return found;
  }
}
