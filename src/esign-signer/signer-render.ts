/**
 * The whole of <esign-signer>'s shadow DOM, from the element's controllers: the header with the page
 * controls, the pages with the recipient's own fields over them (or the final state), the field bar, the
 * confirm dialogs and the signature dialog. The pieces themselves are in signer-views.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { renderFieldOverlay, type FieldEntry } from '../internal/field-overlay.ts';
import { stepZoom } from '../internal/zoom.ts';
import { kindOf } from '../fields/kinds/index.ts';
import { isCodeGuardedSignature } from '../fields/codes.ts';
import { ts } from './signer-i18n.ts';
import { requiredProgress, type SignerField } from './signer-model.ts';
import { dialogs, emptyBar, fieldBar, mainArea, ownFieldBox, pageControls } from './signer-views.ts';
import type { SignerHost } from './signer-host.ts';
import { verificationStep } from './verification-step.ts';
import './signature-capture.ts';

export function renderSigner(host: SignerHost): TemplateResult {
  const { lang, session, submission, pages } = host;
  const { phase, view } = session;
  const approver = view?.signer.role === 'approver';
  return html`<div class="frame">
      <div class="header" part="header">
        <h2>${view?.document.name ?? ts(lang, 'signer.label')}</h2>
        ${
          phase === 'signing' || phase === 'blocked' || phase === 'verifying'
            ? pageControls({
                lang,
                page: pages.currentPage,
                pages: pages.pageCount,
                scale: pages.scale,
                onZoom: (d) => host.zoomTo(stepZoom(pages.scale, d)),
                onFitWidth: () => host.fitWidth(true),
                onPage: (i) => pages.scrollToPage(Math.max(0, Math.min(pages.pageCount - 1, i))),
              })
            : nothing
        }
      </div>
      ${mainArea({
        lang,
        phase,
        message: session.message,
        documentStatus: session.documentStatus,
        blockedReason: view?.blocked_reason ?? '',
        canDownload: session.finalPdfReady(),
        downloadNote: session.downloadNote,
        onDownload: () => void session.downloadFinal(),
        pages,
        onScroll: () => pages.onScroll(),
        overlay: (i) => renderFieldOverlay(session.byPage.get(i + 1), { lang, renderField: (entry) => renderOwnField(host, entry) }),
      })}
      ${phase === 'signing' ? renderBar(host) : phase === 'verifying' ? verificationStep(lang, host.code) : nothing}
      ${dialogs({
        lang,
        approver,
        reason: submission.reason,
        reasonProblem: submission.reasonProblem,
        busy: submission.busy,
        onReason: (r) => submission.setReason(r),
        onSubmit: () => void submission.act('complete'),
        onReject: () => void submission.act('reject'),
        onClose: () => submission.closeDialogs(),
      })}
      <esign-signature-capture></esign-signature-capture>
      <div class="visually-hidden" role="status" aria-live="polite">${phase === 'signing' ? session.message : ''}</div>
    </div>`;
}

/** The recipient's own editable fields while signing; everyone else's keep the overlay's read-only box. */
function renderOwnField(host: SignerHost, entry: FieldEntry): unknown {
  const { session, filling, navigation } = host;
  const f = entry.field as SignerField;
  if (!f.editable || session.phase !== 'signing') return undefined;
  const position = session.own.findIndex((o) => o.uuid === f.uuid);
  return ownFieldBox(host.lang, f, filling.valueOf(f), {
    active: position === navigation.active,
    problem: filling.shownProblem(session.own[position]),
    position,
    onActivate: () => navigation.activate(position),
  });
}

function renderBar(host: SignerHost): TemplateResult {
  const { lang, session, filling, navigation, submission } = host;
  const progress = requiredProgress(session.own, filling.values);
  const openReject = () => submission.openReject();
  const f = navigation.current;
  if (!f) return emptyBar(lang, submission.busy, session.view?.signer.role === 'approver', () => submission.finish(), openReject);
  const kind = f.element_type === 'initials' ? 'initials' : 'signature';
  return fieldBar({
    lang,
    field: f,
    index: navigation.active,
    count: session.own.length,
    value: filling.valueOf(f),
    problem: filling.problemOf(f),
    showProblem: filling.shownProblem(f) !== '',
    progress,
    adopted: kindOf(f).name === 'drawn' ? '' : filling.adopted[kind],
    busy: submission.busy,
    onValue: (v) => filling.setValue(f, v),
    code: isCodeGuardedSignature(f) ? { value: filling.codes.get(f.uuid!) ?? '', onInput: (code) => filling.setCode(f, code) } : undefined,
    onBlur: () => filling.touch(f),
    onCapture: () => filling.capture(f),
    onAttach: (file) => void filling.attach(f, file),
    onUseAdopted: () => filling.setValue(f, filling.adopted[kind]),
    onPrevious: () => navigation.previous(),
    onNext: () => navigation.next(),
    onFinish: () => submission.finish(),
    onReject: openReject,
  });
}
