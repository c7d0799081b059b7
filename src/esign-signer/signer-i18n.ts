/**
 * The signer's strings, a table of the shared translation mechanism (src/internal/i18n.ts): English is the
 * fallback; add a language with `registerSignerTranslation`.
 */
import { createTranslations } from '../internal/i18n.ts';

export const SIGNER_EN = {
  'signer.label': 'Document to sign',
  'signer.loading': 'Loading the document…',
  'signer.fieldsBar': 'Your fields',
  'signer.progress': '{done} of {total} required fields done',
  'signer.progressNone': 'No required fields',
  'signer.fieldPosition': 'Field {index} of {count}',
  'signer.fieldBox': '{title}, your field {index}',
  'signer.previous': 'Previous field',
  'signer.next': 'Next field',
  'signer.start': 'Start',
  'signer.finish': 'Finish',
  'signer.approve': 'Approve',
  'signer.confirmApproveTitle': 'Approve this document?',
  'signer.confirmApprove': 'By approving, you confirm the document electronically. You cannot change this afterwards.',
  'signer.reject': 'Reject',
  'signer.optional': 'optional',
  'signer.required': 'required',
  'signer.automatic': 'Filled in with the date you sign: {value}',
  'signer.sign': 'Sign',
  'signer.addInitials': 'Add initials',
  'signer.draw': 'Draw',
  'signer.change': 'Change',
  'signer.useAdopted': 'Sign with your adopted signature',
  'signer.useAdoptedInitials': 'Use your adopted initials',
  'signer.clear': 'Clear',
  'signer.tick': 'Tick',
  'signer.cross': 'Cross',
  'signer.blank': 'Leave empty',
  'signer.choose': 'Choose…',
  'signer.attachmentChoose': 'Choose the file to attach (at most 10 MB).',
  'signer.attached': 'Attached: {name}',
  'signer.attachmentTooLarge': 'The file is too large: at most {max} MB.',
  'signer.attachmentFailed': 'The file could not be uploaded. Try again.',
  'signer.confirmSubmitTitle': 'Submit your signature?',
  'signer.confirmSubmit': 'By submitting, you sign this document electronically. You cannot change your fields afterwards.',
  'signer.submit': 'Submit',
  'signer.cancel': 'Cancel',
  'signer.confirmRejectTitle': 'Reject this document?',
  'signer.rejectReason': 'Reason for rejecting (the sender sees it)',
  'signer.rejectReasonRequired': 'Please give a reason.',
  'signer.confirmReject': 'Reject document',
  'signer.done': 'Thank you. Your signature has been recorded.',
  'signer.doneDocument': 'Everyone has signed: the document is complete.',
  'signer.doneNextComplete': 'The signed PDF is being prepared. You will also receive it by email, with a link to download it.',
  'signer.doneNextOthers': 'What happens next: the other recipients are asked to sign. When everyone has signed, you will receive an email with a link to the signed PDF.',
  'signer.zoomOut': 'Zoom out',
  'signer.zoomIn': 'Zoom in',
  'signer.fitWidth': 'Fit to width',
  'signer.previousPage': 'Previous page',
  'signer.nextPage': 'Next page',
  'signer.pageOf': 'Page {page} of {pages}',
  'signer.pageShort': '{page} / {pages}',
  'signer.pageControls': 'Page and zoom',
  'signer.rejected': 'You rejected this document.',
  'signer.waiting': 'It is not your turn yet: you will be invited when the recipients before you have finished.',
  'signer.finished': 'You have already completed this document.',
  'signer.withdrawn': 'This document no longer needs your attention.',
  'signer.removed': 'This document has been removed by its sender.',
  'signer.documentRejected': 'This document has been rejected.',
  'signer.redirecting': 'Taking you on…',
  'signer.notComplete': 'Some fields still need your attention.',
  'signer.submitFailed': 'The document could not be submitted: {message}',
  'signer.missingSource': 'Set `endpoint`, `token` and `signer` to sign a document.',
  'signer.loadFailed': 'The document could not be loaded: {message}',
  'capture.title': 'Your signature',
  'capture.titleInitials': 'Your initials',
  'capture.drawLabel': 'Draw your signature with a mouse, pen or finger',
  'capture.drawLabelInitials': 'Draw your initials with a mouse, pen or finger',
  'capture.typeLabel': 'Type your name',
  'capture.typeLabelInitials': 'Type your initials',
  'capture.font': 'Style',
  'capture.upload': 'Upload',
  'capture.type': 'Type',
  'capture.draw': 'Draw',
  'capture.uploadLabel': 'Choose a PNG or JPEG image',
  'capture.uploadBad': 'That file is not a PNG or JPEG image.',
  'capture.undo': 'Undo',
  'capture.clear': 'Clear',
  'capture.adopt': 'Adopt and sign',
  'capture.cancel': 'Cancel',
  'capture.empty': 'Draw, type or upload first.',
  'capture.modes': 'How to sign',
} as const;

export type SignerMessageKey = keyof typeof SIGNER_EN;
export type SignerTranslation = Partial<Record<SignerMessageKey, string>>;

const signerStrings = createTranslations<SignerMessageKey>(SIGNER_EN);

/** Adds (or extends) the strings of a language, e.g. `registerSignerTranslation('fr', { … })`. */
export const registerSignerTranslation = signerStrings.register;

/** The string for `key` in `lang` (then its base language, then English), with `{name}` placeholders filled. */
export const ts = signerStrings.lookup;

