/**
 * What the signer's controllers and templates need from <esign-signer>, and nothing more: the one way in
 * from SigningSession, FieldFilling, FieldNavigation and SigningSubmission to the element. The element
 * builds it from private members, so none of them has to be public.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PdfPagesController } from '../internal/pdf-pages.ts';
import type { PdfSourceController } from '../internal/pdf-source.ts';
import type { FieldFilling } from './controllers/field-filling.ts';
import type { FieldNavigation } from './controllers/field-navigation.ts';
import type { SigningSession } from './controllers/signing-session.ts';
import type { SigningSubmission } from './controllers/signing-submission.ts';
import type { OneTimeCode } from './controllers/one-time-code.ts';

export interface SignerHost extends ReactiveControllerHost {
  readonly signer: string;
  readonly token: string;
  readonly endpoint: string;
  /** The capture modes allowed for every signature (`modes` attribute). */
  readonly modes: string;
  readonly noRedirect: boolean;
  readonly signatureFonts: readonly string[] | null;
  readonly lang: string;
  /** The element's shadow root: controllers find the inputs and dialogs they focus, fill or open there. */
  readonly root: ParentNode;
  readonly source: PdfSourceController;
  readonly pages: PdfPagesController;
  emit<K extends keyof EsignEventMap>(name: K, detail: EsignEventMap[K]['detail'], cancelable?: boolean): boolean;
  /** Zooms to `scale` (buttons, ctrl+wheel, pinch): the page no longer follows the element's width. */
  zoomTo(scale: number, anchor?: { clientX: number; clientY: number }): void;
  /** Back to fitting the page width; `now` also applies it (a new document is fitted when it opens). */
  fitWidth(now: boolean): void;
  readonly session: SigningSession;
  readonly filling: FieldFilling;
  readonly navigation: FieldNavigation;
  readonly submission: SigningSubmission;
  /** The one-time code step before the fields open. */
  readonly code: OneTimeCode;
}
