import { css } from 'lit';

export const editorStyles = css`
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
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem;
    padding: 0.3rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    background: var(--esign-toolbar-background, inherit);
    flex: none;
  }
  .toolbar .sep {
    width: 1px;
    align-self: stretch;
    background: var(--_border);
    margin: 0 0.2rem;
  }
  .toolbar .grow {
    flex: 1;
  }
  .page-indicator {
    margin-inline-start: 0.3rem;
    white-space: nowrap;
  }
  .save-state[data-state='error'] {
    color: var(--_error);
    max-width: 28rem;
    overflow-wrap: anywhere;
  }
  .toolbar .save {
    background: var(--_accent);
    border-color: var(--_accent);
    color: #fff;
  }
  .main {
    display: flex;
    flex: 1;
    min-height: 0;
    position: relative;
  }
  .upload {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    padding: 0.3rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    flex: none;
  }
  .upload-choose {
    border: 1px solid var(--_border);
    border-radius: 4px;
    padding: 0.2rem 0.6rem;
    cursor: pointer;
  }
  .upload-choose:focus-within {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  .upload-hint {
    opacity: 0.75;
  }
  .upload-state {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    overflow-wrap: anywhere;
  }
  .upload-problem {
    color: var(--_error);
  }
  .drop-hint {
    position: absolute;
    inset: 0.5rem;
    z-index: 6;
    display: grid;
    place-items: center;
    border: 3px dashed var(--_accent);
    border-radius: 8px;
    background: color-mix(in srgb, var(--esign-editor-background, #fff) 85%, transparent);
    font-size: 1.1rem;
    pointer-events: none;
  }
  .side {
    flex: none;
    width: 15.5rem;
    overflow: auto;
    padding: 0.5rem;
    border-inline-end: 1px solid var(--_border);
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .toolbox {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0.3rem;
  }
  .toolbox .hint {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 0.75rem;
    opacity: 0.8;
  }
  .tool {
    display: flex;
    align-items: center;
    gap: 0.3rem;
    text-align: start;
    touch-action: none;
    user-select: none;
  }
  .tool[aria-pressed='true'] {
    border-color: var(--_accent);
    box-shadow: inset 0 0 0 1px var(--_accent);
  }
  .tool-icon {
    display: inline-flex;
    flex: none;
  }
  .tool {
    padding: 0 0.35rem;
    font-size: 0.8rem;
  }
  .toolbar button svg {
    vertical-align: middle;
  }
  .section-title {
    font-size: 0.8rem;
    font-weight: 600;
    margin: 0 0 0.3rem;
  }
  .recipient {
    display: flex;
    align-items: center;
    gap: 0.2rem;
    margin-bottom: 0.2rem;
  }
  .recipient-pick {
    display: flex;
    align-items: center;
    gap: 0.3rem;
    flex: 1;
    min-width: 0;
  }
  .swatch {
    flex: none;
    width: 0.8rem;
    height: 0.8rem;
    border-radius: 2px;
    background: var(--esign-field-color);
    box-sizing: border-box;
  }
  /* A witness or approver shares its signer's hue: the swatch's shape tells them apart (in any theme). */
  .swatch[data-role='witness'] {
    background: repeating-linear-gradient(135deg, var(--esign-field-color) 0 2px, transparent 2px 4px);
    border: 1.5px solid var(--esign-field-color);
  }
  .swatch[data-role='approver'] {
    background: transparent;
    border: 2.5px solid var(--esign-field-color);
    border-radius: 50%;
  }
  .recipient .role {
    opacity: 0.75;
    white-space: nowrap;
  }
  .mini {
    min-height: 1.6rem;
    min-width: 1.6rem;
    padding: 0 0.2rem;
  }
  .recipient-hint {
    font-size: 0.8rem;
    opacity: 0.8;
    margin: 0.2rem 0 0.4rem;
  }
  .assign {
    width: 100%;
    margin: 0.2rem 0 0.4rem;
    text-align: start;
  }
  .recipient-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
  }
  .scroller {
    flex: 1;
    min-width: 0;
    overflow: auto;
    position: relative;
    background: var(--esign-viewer-background, #e5e7eb);
    overscroll-behavior: contain;
  }
  .scroller[data-armed] .page {
    cursor: crosshair;
    touch-action: none;
  }
  .pages {
    direction: ltr; /* pages are PDF pages: never mirrored */
  }
  .message {
    padding: 1rem;
  }
  .message.error {
    color: var(--_error);
  }
  .edit-overlay {
    pointer-events: none;
  }
  .efield {
    pointer-events: auto;
    cursor: move;
    touch-action: none;
    user-select: none;
    overflow: visible;
  }
  .efield.dragging {
    will-change: transform;
    z-index: 4;
  }
  :host([readonly]) .efield {
    cursor: default;
  }
  .efield[data-selected] {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
    z-index: 2;
  }
  .efield:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
    z-index: 3;
  }
  .efield[data-problem] {
    border-style: dashed;
    border-color: var(--_error);
  }
  .efield > .field-label,
  .efield > .field-value {
    overflow: hidden;
  }
  .problem {
    position: absolute;
    inset-block-start: -0.6rem;
    inset-inline-end: -0.6rem;
    width: 1.1rem;
    height: 1.1rem;
    border-radius: 50%;
    background: var(--_error);
    color: #fff;
    font: bold 0.75rem/1.1rem system-ui, sans-serif;
    text-align: center;
  }
  .handle {
    position: absolute;
    width: 10px;
    height: 10px;
    box-sizing: border-box;
    background: #fff;
    border: 2px solid var(--_accent);
    border-radius: 2px;
    transform: translate(-50%, -50%);
    touch-action: none;
  }
  /* Bigger targets for fingers and pens. */
  @media (pointer: coarse) {
    .handle {
      width: 22px;
      height: 22px;
    }
  }
  .handle[data-handle='nw'] { left: 0; top: 0; cursor: nwse-resize; }
  .handle[data-handle='n'] { left: 50%; top: 0; cursor: ns-resize; }
  .handle[data-handle='ne'] { left: 100%; top: 0; cursor: nesw-resize; }
  .handle[data-handle='e'] { left: 100%; top: 50%; cursor: ew-resize; }
  .handle[data-handle='se'] { left: 100%; top: 100%; cursor: nwse-resize; }
  .handle[data-handle='s'] { left: 50%; top: 100%; cursor: ns-resize; }
  .handle[data-handle='sw'] { left: 0; top: 100%; cursor: nesw-resize; }
  .handle[data-handle='w'] { left: 0; top: 50%; cursor: ew-resize; }
  .drag-layer {
    position: absolute;
    inset: 0;
    pointer-events: none;
    z-index: 5;
  }
  .guide {
    position: absolute;
    background: var(--esign-guide-color, #f43f5e);
  }
  .guide-x {
    width: 1px;
  }
  .guide-y {
    height: 1px;
  }
  .ghost-field {
    position: absolute;
    box-sizing: border-box;
    border: 2px dashed var(--_accent);
    background: color-mix(in srgb, var(--_accent) 15%, transparent);
    border-radius: 2px;
  }
  .marquee,
  .draw {
    position: absolute;
    box-sizing: border-box;
    border: 1px dashed var(--_accent);
    background: color-mix(in srgb, var(--_accent) 10%, transparent);
  }
  .drag-ghost {
    position: fixed;
    left: 0;
    top: 0;
    z-index: 20;
    pointer-events: none;
    padding: 0.2rem 0.5rem;
    border: 1px dashed var(--_accent);
    border-radius: 4px;
    background: var(--esign-panel-background, #fff);
    opacity: 0.9;
    margin: -0.8rem 0 0 -2rem;
  }
  .panel {
    position: fixed;
    z-index: 10;
    width: 17rem;
    overflow: auto;
    padding: 0.6rem;
    background: var(--esign-panel-background, #fff);
    border: 1px solid var(--_border);
    border-radius: 6px;
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
  }
  .panel-body {
    display: flex;
    flex-direction: column;
    gap: 0.45rem;
  }
  .panel-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
  }
  .panel label {
    display: flex;
    flex-direction: column;
    gap: 0.15rem;
  }
  .panel label.check {
    flex-direction: row;
    align-items: center;
    gap: 0.4rem;
  }
  .panel fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0.35rem;
  }
  .panel .row {
    display: flex;
    gap: 0.3rem;
  }
  .panel .error,
  .panel-problems {
    color: var(--_error);
  }
  .panel .ok {
    color: #15803d;
  }
  .panel-problems {
    margin: 0;
    padding-inline-start: 1rem;
  }
  .mono {
    font-family: ui-monospace, monospace;
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
