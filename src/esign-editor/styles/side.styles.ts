import { css } from 'lit';

/** The side column: the toolbox of field types and the recipients. */
export const sideStyles = css`
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
`;
