import { css } from 'lit';

/** The property panel of the selected fields. */
export const panelStyles = css`
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
`;
