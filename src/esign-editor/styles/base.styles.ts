import { css } from 'lit';

/** The host, its theme variables, the frame, and the form controls every part uses. */
export const baseStyles = css`
  :host {
    display: block;
    position: relative;
    height: 640px;
    box-sizing: border-box;
    overflow: hidden;
    font-family: var(--esign-font-family, system-ui, sans-serif);
    font-size: 0.875rem;
    color: var(--esign-text-color, #1f2937);
    background: var(--esign-editor-background, #f9fafb);
    border: 1px solid var(--esign-border-color, #d1d5db);
    border-radius: 4px;
    --_accent: var(--esign-accent-color, #2563eb);
    --_focus: var(--esign-focus-color, #2563eb);
    --_error: var(--esign-error-color, #dc2626);
    --_border: var(--esign-border-color, #d1d5db);
  }
  :host([hidden]) {
    display: none;
  }
  .editor {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }
  button {
    min-height: 2rem;
    padding: 0 0.5rem;
    border: 1px solid var(--_border);
    border-radius: 4px;
    background: var(--esign-button-background, #fff);
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  input,
  select,
  textarea {
    box-sizing: border-box;
    width: 100%;
    min-height: 1.9rem;
    padding: 0.15rem 0.35rem;
    border: 1px solid var(--_border);
    border-radius: 4px;
    background: var(--esign-input-background, #fff);
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: auto;
    min-height: 0;
  }
  :is(button, input, select, textarea, .scroller, .efield):focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .main {
    display: flex;
    flex: 1;
    min-height: 0;
    position: relative;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
