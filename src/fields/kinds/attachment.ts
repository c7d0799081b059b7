/** File attachments (74 emailed, 75 appended, 76 zipped): the value names the file; the file travels beside the PDF. */
import { textContent, type FieldContent, type FieldKind } from './kind.ts';

export const attachmentKind: FieldKind = {
  name: 'attachment',
  codeKinds: ['attachment'],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check: () => null,
  display: (_element, value) => textContent(value),
  // The field shows the file's name, never inline data.
  pdfContent: (_element, value): FieldContent => (value.trim() && !value.startsWith('data:') ? { kind: 'text', text: value } : { kind: 'none' }),
  input: () => ({
    placeholder: '',
    description: 'Attach a file.',
    inputMode: 'text',
    control: 'file',
    hintKey: 'signer.attachmentChoose',
    inputType: 'text',
    autocomplete: true,
  }),
};
