/**
 * The editor's strings, a table of the shared translation mechanism (src/internal/i18n.ts): English is the
 * fallback; add a language with `registerEditorTranslation`.
 */
import { createTranslations, langOf } from '../internal/i18n.ts';
import { EDITOR_LOCALES } from './locales/index.ts';

export const EDITOR_EN = {
  'editor.label': 'Template editor',
  'editor.pages': 'Template pages',
  'editor.toolbar': 'Editing tools',
  'editor.toolbox': 'Fields',
  'editor.toolboxHint': 'Drag a field onto a page, or pick one and draw it. Enter adds it to the current page.',
  'editor.tool.signature': 'Signature',
  'editor.tool.initials': 'Initials',
  'editor.tool.text': 'Text',
  'editor.tool.date': 'Date',
  'editor.tool.signing-date': 'Signing date',
  'editor.tool.checkbox': 'Checkbox',
  'editor.tool.dropdown': 'Dropdown',
  'editor.tool.number': 'Number',
  'editor.tool.email': 'Email',
  'editor.tool.regex': 'Pattern',
  'editor.tool.sender': 'Sender field',
  'editor.recipients': 'Recipients',
  'editor.recipientFor': 'New fields belong to',
  'editor.addSigner': 'Add signer',
  'editor.addWitness': 'Add witness',
  'editor.addApprover': 'Add approver',
  'editor.renameRecipient': 'Name of {who}',
  'editor.moveUp': 'Move {who} up',
  'editor.moveDown': 'Move {who} down',
  'editor.undo': 'Undo',
  'editor.redo': 'Redo',
  'editor.delete': 'Delete',
  'editor.duplicate': 'Duplicate',
  'editor.align.left': 'Align left',
  'editor.align.center': 'Align centres',
  'editor.align.right': 'Align right',
  'editor.align.top': 'Align top',
  'editor.align.middle': 'Align middles',
  'editor.align.bottom': 'Align bottom',
  'editor.distribute.horizontal': 'Distribute horizontally',
  'editor.distribute.vertical': 'Distribute vertically',
  'editor.save': 'Save',
  'editor.state.idle': '',
  'editor.state.pending': 'Unsaved changes',
  'editor.state.saving': 'Saving…',
  'editor.state.saved': 'Saved',
  'editor.state.error': 'Not saved',
  'editor.field': '{type} for {signer}, page {page}',
  'editor.fieldProblem': 'Problem: {message}',
  'editor.panel': 'Field properties',
  'editor.panel.selection': '{count} fields selected',
  'editor.panel.type': 'Type',
  'editor.panel.recipient': 'Recipient',
  'editor.panel.label': 'Label',
  'editor.panel.required': 'Required',
  'editor.panel.validation': 'Validation',
  'editor.panel.none': 'None',
  'editor.panel.items': 'Items (one per line)',
  'editor.panel.secret': 'Secret code',
  'editor.panel.regex': 'Regular expression',
  'editor.panel.regexTest': 'Try a value',
  'editor.panel.regexMatches': 'Matches',
  'editor.panel.regexNoMatch': 'Does not match',
  'editor.panel.value': 'Default value',
  'editor.panel.font': 'Font',
  'editor.panel.fontDefault': 'Default',
  'editor.panel.size': 'Font size',
  'editor.panel.align': 'Alignment',
  'editor.panel.alignLeft': 'Left',
  'editor.panel.alignCenter': 'Centre',
  'editor.panel.alignRight': 'Right',
  'editor.panel.hideBorder': 'Hide border',
  'editor.panel.noPdf': 'Not on the final PDF',
  'editor.panel.fieldOrder': 'Field order',
  'editor.panel.page': 'Page',
  'editor.panel.x': 'X (pt)',
  'editor.panel.y': 'Y (pt)',
  'editor.panel.width': 'Width (pt)',
  'editor.panel.height': 'Height (pt)',
  'editor.panel.duplicateTo': 'Copy to pages (e.g. all, 2-5)',
  'editor.panel.duplicateApply': 'Copy',
  'editor.panel.close': 'Close properties',
  'editor.say.added': '{type} added on page {page}',
  'editor.say.deleted': '{count} field(s) deleted',
  'editor.say.moved': '{count} field(s) moved',
  'editor.say.resized': '{count} field(s) resized',
  'editor.say.selected': '{count} field(s) selected',
  'editor.say.undone': 'Undone',
  'editor.say.redone': 'Redone',
  'editor.say.pasted': '{count} field(s) pasted on page {page}',
  'editor.say.copied': '{count} field(s) copied',
  'editor.say.duplicated': '{count} copies added',
  'editor.say.problems': '{count} problem(s) to fix before saving: {first}',
  'editor.say.saved': 'Saved',
} as const;

export type EditorMessageKey = keyof typeof EDITOR_EN;
export type EditorTranslation = Partial<Record<EditorMessageKey, string>>;

const editorStrings = createTranslations<EditorMessageKey>(EDITOR_EN, EDITOR_LOCALES);

/** Adds (or extends) the strings of a language, e.g. `registerEditorTranslation('fr', { … })`. */
export const registerEditorTranslation = editorStrings.register;

/** The string for `key` in `lang` (then its base language, then English), with `{name}` placeholders filled. */
export const te = editorStrings.lookup;

export { langOf };
