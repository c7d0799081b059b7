/**
 * What a field shows on the final PDF, decided once per field from its element JSON: text to write,
 * a checkbox mark, an image, or nothing. Rules per validation code are in docs/decisions/pdf.md.
 */
import type { FieldElement } from '../../../../src/fields/types.ts';
import { validationCode } from '../../../../src/fields/codes.ts';
import { applyCaseTransform, formatSigningDate } from '../../../../src/fields/values.ts';

export type SignatureImages = Record<number, { signature?: string; initials?: string }>;

export interface StampOptions {
  /** When each signer signed (signer number → instant): fills empty signing-date fields (30–48). */
  signedAt?: Record<number, string | Date>;
  /** When the document completed: the signing date of fields whose signer has no entry above. */
  completedAt?: string | Date;
  /** IANA time zone that signing dates are written in (default UTC). */
  timeZone?: string;
}

export type FieldContent =
  | { kind: 'none' }
  | { kind: 'text'; text: string; oblique?: boolean }
  | { kind: 'mark'; mark: 'tick' | 'cross' }
  | { kind: 'image'; dataUrl: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const IMAGE_DATA_URL = /^data:image\//;

function signingInstant(element: FieldElement, options: StampOptions): Date | null {
  const signer = element.signer ?? 0;
  const raw = options.signedAt?.[signer] ?? options.completedAt;
  if (raw === undefined) return null;
  const date = raw instanceof Date ? raw : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function fieldContent(element: FieldElement, images: SignatureImages | undefined, options: StampOptions): FieldContent {
  const value = String(element.value ?? '');
  if (element.element_type === 'signature' || element.element_type === 'initials') {
    if (IMAGE_DATA_URL.test(value)) return { kind: 'image', dataUrl: value };
    const fromSigner = images?.[element.signer ?? 0]?.[element.element_type];
    if (fromSigner) return { kind: 'image', dataUrl: fromSigner };
    // A typed signature (the signer's name as text) is written in an oblique face.
    return value.trim() ? { kind: 'text', text: value, oblique: true } : { kind: 'none' };
  }

  const code = element.validation;
  const kind = validationCode(code)?.kind;
  switch (kind) {
    case 'checkbox':
      return value === 'tick' || value === 'cross' ? { kind: 'mark', mark: value } : { kind: 'none' };
    case 'signing_date': {
      if (ISO_INSTANT.test(value)) return { kind: 'text', text: formatSigningDate(code!, new Date(value), options.timeZone) || value };
      if (value.trim()) return { kind: 'text', text: value };
      const when = signingInstant(element, options);
      return when ? { kind: 'text', text: formatSigningDate(code!, when, options.timeZone) } : { kind: 'none' };
    }
    case 'secret':
      return { kind: 'none' }; // the code proves who signed; printing it would publish it
    case 'drawn':
      return IMAGE_DATA_URL.test(value) ? { kind: 'image', dataUrl: value } : { kind: 'none' };
    case 'attachment':
      // The file itself travels beside the PDF; the field shows its name, never inline data.
      return value.trim() && !value.startsWith('data:') ? { kind: 'text', text: value } : { kind: 'none' };
    case 'case':
      return value ? { kind: 'text', text: applyCaseTransform(code!, value) } : { kind: 'none' };
    default:
      return value ? { kind: 'text', text: value } : { kind: 'none' };
  }
}
