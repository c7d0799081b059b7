/**
 * Loading and error states every element shows the same way: a progress bar
 * (percentage when the size is known) and an alert that says what to do.
 */
import { css, html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { PdfLoadError } from './pdf-source.ts';
import { t } from './i18n.ts';

/** Part `progress`, a `role=progressbar`; `progress` is 0..1, or null while the size is unknown. */
export function renderProgress(progress: number | null, lang: string): TemplateResult {
  const percent = progress === null ? null : Math.round(progress * 100);
  return html`<div
    class="progress"
    part="progress"
    role="progressbar"
    aria-label=${percent === null ? t(lang, 'viewer.loading') : t(lang, 'viewer.loadingProgress', { percent })}
    aria-valuemin="0"
    aria-valuemax="100"
    aria-valuenow=${percent ?? nothing}
    ?data-indeterminate=${percent === null}
  ><div class="progress-bar" style="width:${percent ?? 30}%"></div></div>`;
}

/** Part `error`, a `role=alert` with `data-code`. */
export function renderLoadError(error: PdfLoadError, lang: string): TemplateResult {
  return html`<div class="message error" part="error" role="alert" data-code=${error.code}>
    <h2>${t(lang, 'error.title')}</h2>
    <p>${error.message}</p>
  </div>`;
}

/** Styles for both; the host positions `.progress` (it is absolute, at the top of its containing block). */
export const statusStyles = css`
  .progress {
    position: absolute;
    left: 0;
    right: 0;
    top: 0;
    height: 3px;
    z-index: 2;
    background: color-mix(in srgb, var(--esign-accent-color, #2563eb) 20%, transparent);
    overflow: hidden;
  }
  .progress-bar {
    height: 100%;
    background: var(--esign-accent-color, #2563eb);
    transition: width 0.2s;
  }
  .progress[data-indeterminate] .progress-bar {
    width: 30%;
    animation: esign-slide 1.2s ease-in-out infinite;
  }
  @keyframes esign-slide {
    from { transform: translateX(-100%); }
    to { transform: translateX(340%); }
  }
  /* Less motion: a still bar across the whole width, lighter, says "loading" without sliding. */
  @media (prefers-reduced-motion: reduce) {
    .progress-bar { transition: none; }
    .progress[data-indeterminate] .progress-bar { animation: none; width: 100% !important; opacity: 0.45; } /* over the inline 30 % */
  }
  .message {
    margin: 2rem auto;
    max-width: 32rem;
    padding: 1rem 1.25rem;
    border-radius: 6px;
    background: var(--esign-message-background, #fff);
    color: var(--esign-text-color, #1f2937);
    line-height: 1.45;
  }
  .error {
    border-left: 4px solid var(--esign-error-color, #b91c1c);
  }
  .error h2 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
    color: var(--esign-error-color, #b91c1c);
  }
  .error p {
    margin: 0;
  }
`;
