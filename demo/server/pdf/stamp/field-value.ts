/**
 * What a field shows on the final PDF, decided once per field by its kind module in src/fields/kinds
 * (text to write, a checkbox mark, an image, or nothing). This file only supplies the server's context:
 * when the signer signed and the image they adopted. Rules per validation code: docs/decisions/pdf.md.
 */
import type { FieldElement } from 'esign-elements/fields';
import { pdfContentOf, type FieldContent } from 'esign-elements/fields';

export type { FieldContent } from 'esign-elements/fields';

export type SignatureImages = Record<number, { signature?: string; initials?: string }>;

export interface StampOptions {
  /** When each signer signed (signer number → instant): fills empty signing-date fields (30–48). */
  signedAt?: Record<number, string | Date>;
  /** When the document completed: the signing date of fields whose signer has no entry above. */
  completedAt?: string | Date;
  /** IANA time zone that signing dates are written in (default UTC). */
  timeZone?: string;
}

function signingInstant(element: FieldElement, options: StampOptions): Date | null {
  const signer = element.signer ?? 0;
  const raw = options.signedAt?.[signer] ?? options.completedAt;
  if (raw === undefined) return null;
  const date = raw instanceof Date ? raw : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function fieldContent(element: FieldElement, images: SignatureImages | undefined, options: StampOptions): FieldContent {
  const adoptedImage =
    element.element_type === 'signature' || element.element_type === 'initials' ? images?.[element.signer ?? 0]?.[element.element_type] : undefined;
  return pdfContentOf(element, { signedAt: signingInstant(element, options), adoptedImage, timeZone: options.timeZone });
}
