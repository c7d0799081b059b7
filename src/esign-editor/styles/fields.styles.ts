import { css } from 'lit';

/** The editable fields over the pages (selection, problems, resize handles) and the feedback while placing them: snap guides, ghosts, marquee. */
export const fieldsStyles = css`
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
  /* Covering the page's text: a warning (amber, dashed), not an error; the text shows through. */
  .efield[data-covers-text]:not([data-problem]) {
    border-style: dashed;
    border-color: var(--esign-warning-color, #b45309);
    background: color-mix(in srgb, var(--esign-warning-color, #b45309) 10%, transparent);
  }
  .covers {
    position: absolute;
    inset-block-start: -0.65rem;
    inset-inline-end: -0.65rem;
    display: grid;
    place-items: center;
    width: 1.2rem;
    height: 1.2rem;
    border-radius: 50%;
    background: var(--esign-warning-color, #b45309);
    color: #fff;
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
    color: var(--esign-accent-text-color, #fff); /* light on the light theme's red, dark on the dark theme's pink */
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
`;
