/**
 * One AcroForm field → the elements for its widgets (one element per widget: a field shown twice
 * becomes two elements with the same name in `map_to`). The per-kind rules are in DESIGN and
 * docs/decisions/pdf.md.
 */
import {
  PDFButton,
  PDFCheckBox,
  PDFDropdown,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFString,
  PDFHexString,
  PDFTextField,
  TextAlignment,
  type PDFField,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import type { Align, FieldElement } from 'esign-elements/fields';
import { FONT_SIZE_MAX, FONT_SIZE_MIN, LABEL_MAX_LENGTH } from 'esign-elements/fields';
import { COMB_MAX_CELLS, combLabel } from './comb.ts';

/** The value a ticked checkbox element holds (src/fields/value-kinds.ts: '' blank, 'tick', 'cross'). */
export const CHECKED_VALUE = 'tick';

/** What a widget contributes before geometry is added. */
export interface WidgetProps {
  widget: PDFWidgetAnnotation;
  props: Partial<FieldElement>;
}

export interface FieldNote {
  code: string;
  message: string;
  severity: 'warning' | 'info';
}

export interface FieldMapping {
  widgets: WidgetProps[];
  notes: FieldNote[];
}

/** A label the element JSON accepts (≤ 60 of `[-\w ]`): array indices dropped, other characters spaced out. */
export function labelFrom(name: string, fallback: string): string {
  const cleaned = name
    .replace(/\[\d+\]/g, '')
    .replace(/[^-\w ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || fallback).slice(0, LABEL_MAX_LENGTH).trim();
}

function textOf(obj: unknown): string | undefined {
  return obj instanceof PDFString || obj instanceof PDFHexString ? obj.decodeText() : undefined;
}

/** The field's tooltip (/TU) if it has a usable one, else its own (partial) name. */
function displayName(field: PDFField): string {
  const tooltip = textOf(field.acroField.dict.lookup(PDFName.of('TU')))?.trim();
  if (tooltip && tooltip.length <= 80) return tooltip;
  return field.acroField.getPartialName() ?? field.getName();
}

/** Font size from a /DA string ("/Helv 9 Tf 0 g"); 0 (auto) or none → sized to the box. */
function fontSizeOf(da: string | undefined, boxHeight: number): number {
  const m = da ? da.match(/(\d+(?:\.\d+)?)\s+Tf/) : null;
  const size = m ? Number(m[1]) : 0;
  const chosen = size > 0 ? size : boxHeight * 0.65;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(chosen)));
}

const ALIGN: Record<number, Align> = { [TextAlignment.Left]: 1, [TextAlignment.Center]: 2, [TextAlignment.Right]: 3 };

function common(field: PDFField, kind: string): Partial<FieldElement> {
  const readOnly = field.isReadOnly();
  return {
    // A read-only field is the sender's: it becomes a sender (admin) field keeping its value.
    element_type: readOnly ? 'admin' : 'text',
    signer: readOnly ? 0 : 1,
    label: labelFrom(displayName(field), kind),
    optional: !field.isRequired(),
    map_to: field.getName(),
  };
}

export function mapField(field: PDFField): FieldMapping {
  const widgets = field.acroField.getWidgets();
  const notes: FieldNote[] = [];
  const each = (props: (w: PDFWidgetAnnotation) => Partial<FieldElement>): FieldMapping => ({
    widgets: widgets.map((widget) => ({ widget, props: props(widget) })),
    notes,
  });

  if (field instanceof PDFTextField) {
    const base = common(field, 'Text');
    const maxLength = field.getMaxLength();
    let validation: number | null = null;
    let labelExtra = '';
    if (maxLength !== undefined && field.isCombed() && maxLength >= 1 && maxLength <= COMB_MAX_CELLS) {
      // The cell count travels in label_extra (comb.ts) so the final PDF puts one character per cell.
      labelExtra = combLabel(maxLength);
      // "Exactly N characters" (65–72) exists for 1..8; a longer comb has no "at most N" code.
      if (maxLength <= 8) validation = 64 + maxLength;
    } else if (maxLength !== undefined && maxLength > 0) {
      labelExtra = `At most ${maxLength} characters`;
      notes.push({
        code: 'max_length_kept_as_text',
        severity: 'info',
        message: `The field allows at most ${maxLength} characters; no validation code says "at most", so it is noted in label_extra.`,
      });
    }
    const value = field.getText() ?? '';
    const da = field.acroField.getDefaultAppearance();
    return each((w) => ({
      ...base,
      validation,
      label_extra: labelExtra,
      value,
      align: ALIGN[field.getAlignment()] ?? 1,
      font_size: fontSizeOf(w.getDefaultAppearance() ?? da, w.getRectangle().height),
    }));
  }

  if (field instanceof PDFCheckBox || field instanceof PDFRadioGroup) {
    const base = common(field, field instanceof PDFCheckBox ? 'Checkbox' : 'Option');
    const current = field.acroField.dict.lookup(PDFName.of('V'));
    const isOn = (w: PDFWidgetAnnotation) => {
      const on = w.getOnValue();
      return current instanceof PDFName && on !== undefined && current === on && current !== PDFName.of('Off');
    };
    if (field instanceof PDFCheckBox) {
      return each((w) => ({ ...base, validation: 25, value: isOn(w) ? CHECKED_VALUE : '' }));
    }
    // Radio: one tick box per option, grouped so that choosing one clears the others.
    const options = safe(() => field.getOptions(), [] as string[]);
    return {
      widgets: widgets.map((widget, i) => ({
        widget,
        props: {
          ...base,
          validation: 25,
          logic_action: 1,
          logic_group: field.getName(),
          label_extra: options[i] ?? widget.getOnValue()?.decodeText() ?? '',
          value: isOn(widget) ? CHECKED_VALUE : '',
        },
      })),
      notes,
    };
  }

  if (field instanceof PDFDropdown || field instanceof PDFOptionList) {
    const base = common(field, 'Choice');
    const options = safe(() => field.getOptions(), [] as string[])
      .map((o) => o.trim())
      .filter((o) => o !== '');
    const selected = safe(() => field.getSelected(), [] as string[]);
    if (field instanceof PDFOptionList && field.isMultiselect()) {
      notes.push({ code: 'single_choice_only', severity: 'warning', message: 'The list allowed several choices; the imported dropdown takes one.' });
    }
    if (options.length === 0) {
      notes.push({ code: 'no_options', severity: 'warning', message: 'The choice field has no items, so it was imported as a plain text field.' });
      return each(() => ({ ...base, value: selected[0] ?? '' }));
    }
    return each(() => ({ ...base, validation: 20, options: options.join('\n'), value: selected[0] ?? '' }));
  }

  if (field instanceof PDFSignature) {
    if (field.acroField.dict.has(PDFName.of('V'))) {
      notes.push({
        code: 'existing_signature_removed',
        severity: 'warning',
        message: 'The field already held a digital signature; importing the form removes the field, which invalidates that signature.',
      });
    }
    return each(() => ({
      element_type: 'signature',
      signer: 1,
      label: labelFrom(displayName(field), 'Signature'),
      optional: !field.isRequired(),
      map_to: field.getName(),
    }));
  }

  if (field instanceof PDFButton) {
    notes.push({
      code: 'button_skipped',
      severity: 'info',
      message: 'Push buttons (print, reset, submit) have no signing field counterpart and were removed.',
    });
    return { widgets: [], notes };
  }
  notes.push({ code: 'unsupported_field', severity: 'warning', message: `A field of an unsupported kind (${field.constructor.name}) was removed.` });
  return { widgets: [], notes };
}

function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}
