/**
 * How a recipient is named wherever a person reads it (email greetings, the final PDF's history
 * page). The document's `honorifics` flag decides whether a recipient's title (Mr, Dr, …, the
 * code-92 list of src/fields) is used: on, "Hello Dr Smith," and "Dr Ann Smith"; off, the title is
 * kept on the record but never shown ("Hello Ann,", "Ann Smith").
 */
import type { DocumentRecord, RecipientRecord } from '../store/documents.ts';
import { tr } from '../i18n/messages.ts';

type Named = Pick<RecipientRecord, 'honorific' | 'firstname' | 'lastname' | 'email'>;

/** The title to show for this recipient: '' unless the document enables honorifics. */
export function shownHonorific(doc: Pick<DocumentRecord, 'honorifics'>, r: Pick<RecipientRecord, 'honorific'>): string {
  return doc.honorifics ? r.honorific.trim() : '';
}

/** "Hello Dr Smith," (honorifics on and a title given: the formal address), else "Hello Ann,", in the document's language. */
export function greeting(doc: Pick<DocumentRecord, 'honorifics'> & Partial<Pick<DocumentRecord, 'language'>>, r: Named): string {
  const title = shownHonorific(doc, r);
  const lang = doc.language ?? 'en';
  if (title && r.lastname) return tr(lang, 'email.helloFormal', { title, lastname: r.lastname });
  return tr(lang, 'email.hello', { name: r.firstname || r.email });
}

/** The full name as shown in documents: "Dr Ann Smith" with honorifics on, else "Ann Smith" (or the email). */
export function displayName(doc: Pick<DocumentRecord, 'honorifics'>, r: Named): string {
  return [shownHonorific(doc, r), r.firstname, r.lastname].filter(Boolean).join(' ').trim() || r.email;
}
