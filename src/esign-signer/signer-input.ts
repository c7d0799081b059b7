/** Input helpers of the signer's field bar. */

/** Puts a transformed value (case codes) into the input without moving the caret. */
export function replaceInputValue(input: HTMLInputElement | null, value: string): void {
  if (!input || input.value === value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = value;
  input.setSelectionRange(selectionStart, selectionEnd);
}
