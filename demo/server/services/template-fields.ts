/** Field bookkeeping for templates: the server assigns a uuid to every field that lacks one. */
import crypto from 'node:crypto';
import type { FieldElement } from 'esign-elements/fields';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps well-formed unique uuids, gives every other field a new one. */
export function withUuids(elements: FieldElement[]): FieldElement[] {
  const seen = new Set<string>();
  return elements.map((element) => {
    const keep = typeof element.uuid === 'string' && UUID.test(element.uuid) && !seen.has(element.uuid.toLowerCase());
    const uuid = keep ? element.uuid!.toLowerCase() : crypto.randomUUID();
    seen.add(uuid);
    return { ...element, uuid };
  });
}
