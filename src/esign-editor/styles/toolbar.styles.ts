import { css } from 'lit';

/** The editing toolbar and the document upload strip under it, with the drop outline. */
export const toolbarStyles = css`
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
    color: var(--esign-accent-text-color, #fff); /* dark themes lighten the accent: the text darkens with it */
  }
  .toolbar button svg {
    vertical-align: middle;
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
`;
