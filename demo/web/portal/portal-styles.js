// The look every portal element shares: the pages' --esign-* tokens (demo/web/shell.css, light and dark), so a
// deployment that themes the elements themes the portal; the fallbacks are the light palette. Contrast checked by axe.
import { css } from 'lit';

export const portalStyles = css`
  :host { --accent: var(--esign-accent-color, #0b57d0); --line: color-mix(in srgb, var(--esign-border-color, #8a8a90) 45%, transparent); }
  :host { display: block; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--esign-text-color, #1d1d1f); }
  h2 { font-size: 1.1rem; margin: 0 0 0.6rem; }
  h3 { font-size: 1rem; margin: 0.8rem 0 0.4rem; }
  section { background: var(--esign-panel-background, #fff); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
  /* Forms: each label beside its control (the label's text and its control are the two columns of a subgrid row),
     checkboxes at the start of the control column, the buttons under the controls; stacked on a phone. */
  form { display: grid; grid-template-columns: minmax(9rem, max-content) minmax(0, 1fr); gap: 0.5rem 0.9rem; align-items: center; margin-bottom: 0.8rem; }
  form label { display: grid; grid-column: 1 / -1; grid-template-columns: subgrid; align-items: center; font-size: 0.9rem; }
  form > button, form > p { grid-column: 2; justify-self: start; }
  form input:not([type='checkbox']), form select { width: 100%; max-width: 26rem; box-sizing: border-box; }
  input[type='checkbox'] { justify-self: start; width: 1.15rem; height: 1.15rem; margin: 0; }
  @media (max-width: 40rem) {
    form { grid-template-columns: minmax(0, 1fr); }
    form > button, form > p { grid-column: 1; }
    form label { gap: 0.25rem; }
    /* A checkbox stays beside its words: a row of its own, the box first. */
    form label:has(> input[type='checkbox']) { grid-template-columns: auto minmax(0, 1fr); gap: 0.6rem; }
    form label > input[type='checkbox'] { order: -1; }
  }
  input, select, button { font: inherit; padding: 0.35rem 0.55rem; border: 1px solid var(--esign-border-color, #6e6e73); border-radius: 5px; }
  input, select { background: var(--esign-input-background, #fff); color: inherit; }
  input[type='checkbox'] { padding: 0; }
  button { background: var(--accent); color: var(--esign-accent-text-color, #fff); border-color: var(--accent); cursor: pointer; }
  button.secondary { background: var(--esign-button-background, #fff); color: var(--accent); }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #f2a900; outline-offset: 1px; }
  table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
  /* A wide table scrolls inside its own box (focusable, named: a group, not a second landmark) rather than widening the page on a phone. */
  .scroll { overflow-x: auto; max-width: 100%; }
  td code { white-space: nowrap; overflow-wrap: normal; } /* ids stay whole; the table's box scrolls instead */
  .scroll:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
  th, td { text-align: start; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  code, pre, output.secret { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85rem; overflow-wrap: anywhere; }
  pre { background: var(--esign-editor-background, #f5f5f7); padding: 0.5rem; border-radius: 6px; white-space: pre-wrap; word-break: break-all; max-height: 16rem; overflow: auto; }
  .note { color: var(--esign-muted-color, #515154); font-size: 0.85rem; margin: 0.3rem 0; }
  .error { color: var(--esign-error-color, #b3261e); }
  /* A heading that takes focus when a step or section changes (tabindex=-1) shows no box: it only tells screen
     readers and the next Tab where the page changed. */
  [tabindex='-1']:focus,
  [tabindex='-1']:focus-visible { outline: none; }
  .secret-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; }
  code.secret { font-size: 1.05rem; letter-spacing: 0.06em; word-spacing: 0.3em; background: var(--esign-editor-background, #f5f5f7); padding: 0.3rem 0.5rem; border-radius: 6px; }
  nav.sections { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0 0 1rem; border-bottom: 1px solid var(--line); }
  nav.sections a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 0.9rem; color: var(--esign-text-color, #1d1d1f); text-decoration: none; }
  nav.sections a[aria-current='page'] { color: var(--accent); box-shadow: inset 0 -3px 0 var(--accent); font-weight: 600; }
  nav.sections a:focus-visible { outline: 3px solid #f2a900; outline-offset: -3px; }
  .once { border: 2px solid #1e8e3e; background: color-mix(in srgb, #1e8e3e 12%, var(--esign-panel-background, #fff)); border-radius: 6px; padding: 0.6rem 0.8rem; margin: 0.5rem 0; }
`;
