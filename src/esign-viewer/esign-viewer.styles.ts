import { css } from 'lit';

export const viewerStyles = css`
  :host {
    display: block;
    position: relative;
    height: 600px;
    box-sizing: border-box;
    overflow: hidden;
    font-family: var(--esign-font-family, system-ui, sans-serif);
    color: var(--esign-text-color, #1f2937);
    background: var(--esign-viewer-background, #e5e7eb);
    border: var(--esign-viewer-border, 1px solid #d1d5db);
    border-radius: var(--esign-viewer-radius, 4px);
  }
  :host([hidden]) {
    display: none;
  }
  .frame {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  .toolbar {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 0.25rem;
    padding: 0.25rem 0.5rem;
    background: var(--esign-toolbar-background, #f9fafb);
    color: var(--esign-toolbar-text-color, var(--esign-text-color, #1f2937));
    border-bottom: var(--esign-toolbar-border, 1px solid #d1d5db);
    font-size: 0.875rem;
    flex: none;
  }
  :host([hide-toolbar]) .toolbar {
    display: none;
  }
  .toolbar button {
    font: inherit;
    min-width: 2rem;
    height: 2rem;
    padding: 0 0.5rem;
    border: 1px solid var(--esign-button-border-color, #9ca3af);
    border-radius: 4px;
    background: var(--esign-button-background, #fff);
    color: inherit;
    cursor: pointer;
  }
  /* With a finger (coarse pointer) every toolbar button is at least 44 x 44 CSS px (WCAG 2.5.5). */
  @media (pointer: coarse) {
    .toolbar button {
      min-width: 2.75rem;
      height: 2.75rem;
    }
  }
  /* Nothing moves for people who asked for less motion (a page's global rule does not reach a shadow root). */
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
  .toolbar button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar button:focus-visible,
  .scroller:focus-visible {
    outline: 2px solid var(--esign-focus-color, #2563eb);
    outline-offset: -2px;
  }
  .page-indicator,
  .zoom-level {
    min-width: 5.5rem;
    text-align: center;
    font-variant-numeric: tabular-nums;
  }
  .zoom-level {
    min-width: 3.5rem;
  }
  .scroller {
    position: relative;
    flex: 1;
    min-height: 0;
    overflow: auto;
    scrollbar-gutter: stable;
    touch-action: pan-x pan-y;
    outline: none;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
