/** What a text document was sent from (`text`/`template`, `header`, `footer`): the description's document properties. */
import type { Db } from './db.ts';

export interface DocumentText {
  documentId: string;
  /** The text template it was sent from, if any. */
  textTemplateId: string | null;
  /** The HTML that became the document's PDF (the text template's, when `text` was not given). */
  html: string;
  header: string;
  footer: string;
}

type Row = Record<string, string | null>;

const toText = (r: Row): DocumentText => ({
  documentId: String(r.document_id),
  textTemplateId: r.text_template_id,
  html: String(r.html),
  header: String(r.header),
  footer: String(r.footer),
});

export class SqliteDocumentTextRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  insert(t: DocumentText): void {
    this.db
      .prepare('INSERT INTO document_texts (document_id, text_template_id, html, header, footer) VALUES (?, ?, ?, ?, ?)')
      .run(t.documentId, t.textTemplateId, t.html, t.header, t.footer);
  }

  get(documentId: string): DocumentText | null {
    const row = this.db.prepare('SELECT * FROM document_texts WHERE document_id = ?').get(documentId) as Row | undefined;
    return row ? toText(row) : null;
  }

  /** The texts of a page of documents (PDF sends have none), by document id. */
  ofDocuments(documentIds: readonly string[]): Map<string, DocumentText> {
    if (documentIds.length === 0) return new Map();
    const marks = documentIds.map(() => '?').join(', ');
    const rows = this.db.prepare(`SELECT * FROM document_texts WHERE document_id IN (${marks})`).all(...documentIds) as Row[];
    return new Map(rows.map((r) => [String(r.document_id), toText(r)]));
  }
}
