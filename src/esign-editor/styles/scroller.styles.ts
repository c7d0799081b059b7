import { css } from 'lit';

/** The scrolling pages area (the pages themselves are src/internal/pages-template.ts's), and its messages. */
export const scrollerStyles = css`
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
`;
