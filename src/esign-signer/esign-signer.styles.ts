import { css } from 'lit';

/** Shared look of buttons and dialogs (the signer and its capture dialog). */
const controls = css`
  button {
    font: inherit;
    min-height: 2.5rem;
    min-width: 2.5rem;
    padding: 0.35rem 0.9rem;
    border-radius: var(--esign-radius, 6px);
    border: 1px solid var(--esign-border-color, #9ca3af);
    background: var(--esign-button-background, #fff);
    color: inherit;
    cursor: pointer;
  }
  button.primary {
    background: var(--esign-accent-color, #1d4ed8);
    border-color: var(--esign-accent-color, #1d4ed8);
    color: var(--esign-accent-text-color, #fff);
  }
  button.danger {
    color: var(--esign-error-color, #b91c1c);
    border-color: currentColor;
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  :focus-visible {
    outline: 3px solid var(--esign-focus-color, #2563eb);
    outline-offset: 2px;
  }
  dialog {
    max-width: min(40rem, calc(100vw - 2rem));
    width: 100%;
    box-sizing: border-box;
    border: none;
    border-radius: var(--esign-radius, 8px);
    padding: 1rem 1.25rem;
    color: var(--esign-text-color, #111827);
    background: var(--esign-dialog-background, #fff);
    box-shadow: 0 10px 40px rgb(0 0 0 / 0.35);
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.45);
  }
  dialog h2 {
    margin: 0 0 0.75rem;
    font-size: 1.15rem;
  }
  input, select, textarea {
    font: inherit;
    font-size: max(1rem, 16px); /* 16px stops phones zooming in on focus */
    padding: 0.4rem 0.5rem;
    border-radius: 4px;
    border: 1px solid var(--esign-border-color, #6b7280);
    box-sizing: border-box;
    max-width: 100%;
    background: var(--esign-input-background, #fff);
    color: inherit;
  }
  [aria-invalid='true'] {
    border-color: var(--esign-error-color, #b91c1c);
  }
  /* On touch screens every control is at least 44 x 44 CSS px (WCAG 2.5.5), boxes and round buttons included. */
  @media (pointer: coarse) {
    button { min-height: 2.75rem; min-width: 2.75rem; }
    input:not([type='checkbox']):not([type='radio']), select { min-height: 2.75rem; }
    input[type='checkbox'], input[type='radio'] { inline-size: 2.75rem; block-size: 2.75rem; margin: 0; flex: none; }
  }
  /* Nothing moves for people who asked for less motion (the global rule of a page does not reach a shadow root). */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
  }
`;

export const captureStyles = [
  controls,
  css`
  :host { display: contents; font-family: var(--esign-font-family, system-ui, sans-serif); }
  [role='tablist'] { display: flex; gap: 0.25rem; margin-block-end: 0.75rem; }
  [role='tab'][aria-selected='true'] { background: var(--esign-accent-color, #1d4ed8); color: var(--esign-accent-text-color, #fff); }
  canvas.pad {
    display: block;
    width: 100%;
    aspect-ratio: 3 / 1;
    touch-action: none;
    background: var(--esign-pad-background, #f9fafb);
    border: 1px dashed var(--esign-border-color, #6b7280);
    border-radius: 4px;
  }
  canvas.pad[data-initials='true'] { aspect-ratio: 2 / 1; max-width: 24rem; }
  .pad-tools, .capture-actions { display: flex; gap: 0.5rem; margin-block-start: 0.5rem; flex-wrap: wrap; }
  .capture-actions { justify-content: flex-end; }
  label { display: block; margin-block-end: 0.3rem; }
  #typed { width: 100%; }
  .fonts { border: none; padding: 0; margin: 0.75rem 0 0; display: grid; gap: 0.25rem; }
  .font-choice { display: flex; align-items: center; gap: 0.5rem; margin: 0; }
  .font-sample { font-size: 1.9rem; color: #0b1f66; overflow: hidden; white-space: nowrap; }
  .upload-preview { display: block; max-width: 100%; max-height: 8rem; margin-block-start: 0.5rem; }
  .capture-message { color: var(--esign-error-color, #b91c1c); min-height: 1.2em; margin: 0.5rem 0 0; }
`,
];

export const signerStyles = [
  controls,
  css`
  :host {
    display: block;
    position: relative;
    height: var(--esign-signer-height, 80vh);
    min-height: 20rem;
    font-family: var(--esign-font-family, system-ui, sans-serif);
    color: var(--esign-text-color, #111827);
    border: var(--esign-signer-border, 1px solid #d1d5db);
    box-sizing: border-box;
  }
  .frame { display: flex; flex-direction: column; height: 100%; }
  .header {
    display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; flex-wrap: wrap;
    padding: 0.5rem 0.75rem; background: var(--esign-toolbar-background, #f3f4f6); border-block-end: 1px solid #e5e7eb;
  }
  .header h2 { font-size: 1rem; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 1 1 8rem; min-width: 0; }
  .progress-text { font-size: 0.9rem; }
  .scroller {
    position: relative; flex: 1; overflow: auto; min-height: 0;
    background: var(--esign-viewer-background, #e5e7eb);
  }
  .field.own {
    pointer-events: auto;
    cursor: pointer;
    font: inherit;
    font-size: var(--esign-field-font-size);
    min-height: 0; min-width: 0; padding: 0 0.2em;
    border-style: dashed;
    justify-content: flex-start;
    text-align: start;
  }
  .field.own[data-active] {
    outline: 3px solid var(--esign-focus-color, #2563eb);
    outline-offset: 1px;
    border-style: solid;
  }
  .field.own[data-invalid] { border-color: var(--esign-error-color, #b91c1c); }
  .field-error {
    position: absolute;
    z-index: 2;
    font-size: 0.75rem;
    line-height: 1.2;
    padding: 0.1rem 0.3rem;
    border-radius: 3px;
    background: var(--esign-error-color, #b91c1c);
    color: #fff;
    max-width: 16rem;
    pointer-events: none;
  }
  .bar {
    position: sticky; bottom: 0; z-index: 3;
    display: grid; gap: 0.3rem;
    padding: 0.45rem 0.75rem calc(0.45rem + env(safe-area-inset-bottom, 0px));
    background: var(--esign-bar-background, #fff);
    border-block-start: 1px solid #d1d5db;
    box-shadow: 0 -2px 8px rgb(0 0 0 / 0.08);
  }
  .bar-top { display: flex; align-items: baseline; gap: 0.5rem; font-size: 0.85rem; color: var(--esign-muted-color, #4b5563); min-width: 0; }
  .bar-top .field-name {
    font-weight: 600; font-size: 0.95rem; color: var(--esign-text-color, #111827);
    flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
  }
  .bar-top .field-position, .bar-top .progress-text { flex: none; white-space: nowrap; }
  .field-control { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; min-width: 0; }
  .field-control input[type='text'], .field-control input:not([type]), .field-control input[type='email'], .field-control select { flex: 1 1 14rem; min-width: 0; }
  .field-control .automatic { flex: 1 1 100%; min-width: 0; margin: 0; overflow-wrap: anywhere; white-space: normal; }
  .notes { display: grid; min-width: 0; }
  .hint { font-size: 0.85rem; color: var(--esign-muted-color, #4b5563); margin: 0; overflow-wrap: anywhere; }
  .hint[hidden] { display: none; }
  .error { font-size: 0.9rem; color: var(--esign-error-color, #b91c1c); margin: 0; overflow-wrap: anywhere; }
  .signature-preview { max-height: 3rem; max-width: 12rem; background: #fff; border: 1px solid #e5e7eb; }
  .nav { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  .page-controls { display: flex; align-items: center; gap: 0.25rem; flex: none; }
  .page-controls button { min-width: 2.25rem; min-height: 2.25rem; padding: 0 0.4rem; }
  .page-number { font-size: 0.85rem; min-width: 3.5em; text-align: center; white-space: nowrap; }
  .nav .spacer { flex: 1; }
  /* The one-time code step (verification-step.ts): the code reads left to right in every language. */
  .verification h3 { margin: 0; }
  .field-control.otp-form input { flex: 0 1 10rem; font-size: 1.25rem; letter-spacing: 0.25em; font-variant-numeric: tabular-nums; text-align: center; }
  .otp-countdown { font-variant-numeric: tabular-nums; }
  .final { padding: 1.5rem; text-align: center; font-size: 1.05rem; max-width: 36rem; margin-inline: auto; overflow-wrap: anywhere; }
  .final .final-title { font-size: 1.2rem; font-weight: 600; }
  .final[data-state='error'] { color: var(--esign-error-color, #b91c1c); }
  .message { padding: 1rem; }
  textarea { width: 100%; min-height: 5rem; }
  .dialog-actions { display: flex; justify-content: flex-end; gap: 0.5rem; margin-block-start: 0.75rem; flex-wrap: wrap; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (pointer: coarse) {
    .page-controls button { min-width: 2.75rem; min-height: 2.75rem; }
    /* A field box keeps the size it has on the PDF; a small one gets a 44 x 44 px hit area around it. */
    .field.own { overflow: visible; }
    .field.own::after {
      content: '';
      position: absolute;
      inset-block: min(0px, calc((100% - 2.75rem) / 2));
      inset-inline: min(0px, calc((100% - 2.75rem) / 2));
    }
  }
  @media (max-width: 30rem) {
    .header { flex-wrap: nowrap; padding: 0.3rem 0.5rem; gap: 0.4rem; }
    .bar { padding-inline: 0.5rem; gap: 0.25rem; }
    .bar-top .field-position { display: none; }
    .bar-top .progress-text { font-size: 0.8rem; }
    /* One row of buttons: previous/next shrink to arrows (their names stay for assistive technology). */
    .nav { flex-wrap: nowrap; gap: 0.35rem; }
    .nav .spacer { display: none; }
    .nav button:not(.step) { flex: 1 1 auto; }
    .nav .step { flex: none; padding-inline: 0.6rem; }
    .nav .step .step-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    /* (The arrows' alternative text is empty: the buttons keep their names, "Previous field" and "Next field".) */
    .nav .step.previous::before { content: '‹' / ''; font-size: 1.3rem; line-height: 1; }
    .nav .step.next::after { content: '›' / ''; font-size: 1.3rem; line-height: 1; }
    :host(:dir(rtl)) .nav .step.previous::before { content: '›' / ''; }
    :host(:dir(rtl)) .nav .step.next::after { content: '‹' / ''; }
  }
`,
];
