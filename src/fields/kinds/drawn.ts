/** Drawn field (90): an image the signer draws, shown and stamped like a signature image. */
import { isDrawnImage } from '../value-kinds.ts';
import { SCREEN_IMAGE, problem, type FieldContent, type FieldKind } from './kind.ts';

export const drawnKind: FieldKind = {
  name: 'drawn',
  codeKinds: ['drawn'],
  editorOptions: () => null,
  presettable: true,
  normalize: (_element, trimmed) => trimmed,
  check: ({ value, what }) => (isDrawnImage(value) ? null : problem('invalid_drawing', `${what} must be drawn.`)),
  display: (_element, value): FieldContent =>
    SCREEN_IMAGE.test(value) ? { kind: 'image', dataUrl: value } : value ? { kind: 'text', text: value } : { kind: 'none' },
  pdfContent: (_element, value): FieldContent => (/^data:image\//.test(value) ? { kind: 'image', dataUrl: value } : { kind: 'none' }),
  input: () => ({
    placeholder: '',
    description: 'Draw here.',
    inputMode: 'text',
    control: 'draw',
    hintKey: 'hint.drawn',
    inputType: 'text',
    autocomplete: true,
  }),
};
