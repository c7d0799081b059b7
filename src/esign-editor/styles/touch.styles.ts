import { css } from 'lit';

/**
 * Touch and motion: last in the cascade. With a coarse pointer (a finger) every control of the toolbar, the side
 * column and the property panel is at least 44 x 44 CSS px (WCAG 2.5.5): `!important` because each part sizes its
 * own buttons more compactly for a mouse. A resize handle keeps its drawn size and gets a 44 x 44 hit area. Under
 * reduced motion nothing animates (a page's global rule does not reach a shadow root).
 */
export const touchStyles = css`
  @media (pointer: coarse) {
    button,
    select,
    input:not([type='checkbox']):not([type='radio']) {
      min-height: 2.75rem !important;
      min-width: 2.75rem !important;
    }
    input[type='checkbox'],
    input[type='radio'] {
      inline-size: 2.75rem !important;
      block-size: 2.75rem !important;
      margin: 0;
      flex: none;
    }
    .handle::after {
      content: '';
      position: absolute;
      inset: -13px; /* from the padding box, inside the 2 px border: 18 + 2 x 13 = 44 */
    }
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;
