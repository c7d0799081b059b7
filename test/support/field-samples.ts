/**
 * One representative filled field per validation code (and signature, initials, plain text), for the
 * tests that check the viewer, the signer and the stamped PDF show the same thing. Built from the code
 * list in src/fields, so a new code is covered (or fails `sampleValue`) without editing this file.
 */
import type { ElementType } from '../../src/fields/types.ts';
import { VALIDATION_CODES, type ValidationCode } from '../../src/fields/codes.ts';
import { formatDate } from '../../src/fields/dates.ts';
import { COUNTRIES } from '../../src/fields/lists.ts';

export interface FieldSample {
  /** e.g. `24 Checkbox tick/cross = tick`, for test names. */
  name: string;
  element_type: ElementType;
  validation: number | null;
  options: string;
  value: string;
}

/** An 8×4 opaque PNG, as a drawn field or signature value. */
export const SAMPLE_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEUlEQVR4nGMQUGjAihioJwEAPqAWAaGmSwEAAAAASUVORK5CYII=';

const DAY = { year: 2026, month: 3, day: 14 };

/** The value and options that a filled field of this code holds. */
function sampleValues(info: ValidationCode): { value: string; options?: string }[] {
  switch (info.kind) {
    case 'email':
      return [{ value: 'ada@example.com' }];
    case 'date':
    case 'signing_date':
    case 'month_year':
      return [{ value: formatDate(DAY, info.format!) }];
    case 'dropdown':
      return [{ value: 'Beta', options: 'Alpha\nBeta' }];
    case 'checkbox':
      return info.code === 24 ? [{ value: 'tick' }, { value: 'cross' }] : [{ value: info.code === 25 ? 'tick' : 'cross' }];
    case 'whole_number':
      return [{ value: '42' }];
    case 'number':
      return [{ value: '3.5' }];
    case 'currency':
      return [{ value: '1,234.50' }];
    case 'digits':
      return [{ value: '123456789012'.slice(0, info.length) }];
    case 'characters':
      return [{ value: 'ABCDEFGH'.slice(0, info.length) }];
    case 'secret':
      return [{ value: 'S3CRET', options: 'S3CRET' }];
    case 'attachment':
      return [{ value: 'contract.pdf' }];
    case 'case':
      return [{ value: info.code === 77 ? 'Anne-Marie Smith' : info.code === 78 ? 'ANNE SMITH' : 'anne smith' }];
    case 'drawn':
      return [{ value: SAMPLE_PNG }];
    case 'country':
      return [{ value: COUNTRIES[0] }];
    case 'honorific':
      return [{ value: 'Dr' }];
    case 'regex':
      return [{ value: 'ABC-123', options: '[A-Z]{3}-\\d{3}' }];
  }
}

/** Every validation code's samples, then signature, initials (images), a typed signature and plain text. */
export function fieldSamples(): FieldSample[] {
  const out: FieldSample[] = [];
  for (const info of VALIDATION_CODES) {
    for (const s of sampleValues(info)) {
      out.push({
        name: `${info.code} ${info.name} = ${s.value.slice(0, 24)}`,
        element_type: 'text',
        validation: info.code,
        options: s.options ?? '',
        value: s.value,
      });
    }
  }
  out.push(
    { name: 'signature image', element_type: 'signature', validation: null, options: '', value: SAMPLE_PNG },
    { name: 'initials image', element_type: 'initials', validation: null, options: '', value: SAMPLE_PNG },
    { name: 'typed signature', element_type: 'signature', validation: null, options: '', value: 'Ada Lovelace' },
    { name: 'plain text', element_type: 'text', validation: null, options: '', value: 'Hello there' },
  );
  return out;
}
