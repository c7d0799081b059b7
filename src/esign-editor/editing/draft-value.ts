/**
 * `draftValue(v)`: like Lit's `live()`, the input shows the model's value even when the DOM has drifted
 * (after a drag, an undo), but not while the person is typing into it: an input that has had an `input`
 * event and no `change` or blur since keeps its draft. Without this, any re-render during typing (a page
 * finishing its render, a text-content scan) put the old number back and the typed one was lost.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type PartInfo, type PropertyPart } from 'lit/directive.js';
import { setCommittedValue } from 'lit/directive-helpers.js';

const drafting = new WeakSet<HTMLInputElement>();
const watched = new WeakSet<HTMLInputElement>();

function watch(input: HTMLInputElement): void {
  if (watched.has(input)) return;
  watched.add(input);
  input.addEventListener('input', () => drafting.add(input));
  // Capture: the draft ends before the element's own change handler patches the model and re-renders.
  input.addEventListener('change', () => drafting.delete(input), { capture: true });
  input.addEventListener('blur', () => drafting.delete(input));
}

class DraftValueDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.PROPERTY || (part as PropertyPart).name !== 'value') throw new Error('draftValue() belongs on .value');
  }

  render(value: string): string {
    return value;
  }

  override update(part: PropertyPart, [value]: [string]): string | typeof noChange {
    const input = part.element as HTMLInputElement;
    watch(input);
    if (drafting.has(input) || input.value === value) return noChange;
    // As live() does: forget the last committed value so Lit's own dirty check cannot skip the write.
    setCommittedValue(part);
    return value;
  }
}

export const draftValue = directive(DraftValueDirective);
