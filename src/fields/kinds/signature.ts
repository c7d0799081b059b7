/** Signature and initials fields (chosen by element_type, not by code): an image, or a typed name. */
import { SCREEN_IMAGE, problem, type FieldContent, type FieldKind } from './kind.ts';

const ANY_IMAGE = /^data:image\//;

export const signatureKind: FieldKind = {
  name: 'signature',
  codeKinds: [],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check: () => null,
  requiredProblem: (element) =>
    element.element_type === 'initials' ? problem('required', 'Please add your initials here.') : problem('required', 'Please sign here.'),
  display(_element, value): FieldContent {
    if (SCREEN_IMAGE.test(value)) return { kind: 'image', dataUrl: value };
    // A typed signature (the signer's name as text) is written in an oblique face on the PDF.
    return value.trim() ? { kind: 'text', text: value, oblique: true } : { kind: 'none' };
  },
  pdfContent(_element, value, context): FieldContent {
    if (ANY_IMAGE.test(value)) return { kind: 'image', dataUrl: value };
    if (context.adoptedImage) return { kind: 'image', dataUrl: context.adoptedImage };
    return value.trim() ? { kind: 'text', text: value, oblique: true } : { kind: 'none' };
  },
  input: (element) =>
    element.element_type === 'initials'
      ? {
          placeholder: '',
          description: 'Add your initials here.',
          inputMode: 'text',
          control: 'initials',
          hintKey: 'hint.initials',
          inputType: 'text',
          autocomplete: true,
        }
      : {
          placeholder: '',
          description: 'Sign here.',
          inputMode: 'text',
          control: 'signature',
          hintKey: 'hint.signature',
          inputType: 'text',
          autocomplete: true,
        },
};
