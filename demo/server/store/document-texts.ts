/** What a text document was sent from (`text`/`template`, `header`, `footer`): the description's document properties. */
import type { SqlDb } from './sql.ts';

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

export class SqlDocumentTextRepository {
  private readonly db: SqlDb;
  constructor(db: SqlDb) {
    this.db = db;
  }

  async insert(t: DocumentText): Promise<void> {
    await this.db.run('INSERT INTO document_texts (document_id, text_template_id, html, header, footer) VALUES (?, ?, ?, ?, ?)', [
      t.documentId,
      t.textTemplateId,
      t.html,
      t.header,
      t.footer,
    ]);
  }

  async get(documentId: string): Promise<DocumentText | null> {
    const row = (await this.db.get('SELECT * FROM document_texts WHERE document_id = ?', [documentId])) as Row | undefined;
    return row ? toText(row) : null;
  }

  /** The texts of a page of documents (PDF sends have none), by document id. */
  async ofDocuments(documentIds: readonly string[]): Promise<Map<string, DocumentText>> {
    if (documentIds.length === 0) return new Map();
    const marks = documentIds.map(() => '?').join(', ');
    const rows = (await this.db.all(`SELECT * FROM document_texts WHERE document_id IN (${marks})`, documentIds)) as Row[];
    return new Map(rows.map((r) => [String(r.document_id), toText(r)]));
  }
}
