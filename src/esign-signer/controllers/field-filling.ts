/**
 * Filling in the recipient's fields: the values (with the field logic of src/fields), the secret codes of
 * code-guarded signatures, the signature or initials adopted once and offered again, attachments, which
 * fields say their problem yet, and saving progress a few seconds after the last change.
 */
import type { ReactiveController } from 'lit';
import { Autosave } from '../../internal/autosave.ts';
import { isCodeGuardedSignature } from '../../fields/codes.ts';
import { kindOf } from '../../fields/kinds/index.ts';
import { signingApi } from '../signer-api.ts';
import { ts } from '../signer-i18n.ts';
import { replaceInputValue } from '../signer-input.ts';
import { uploadAttachment } from '../signer-attachments.ts';
import { openCapture, type EsignSignatureCapture } from '../signature-capture.ts';
import { allowedModes, fieldProblem, initialValues, isImageField, parseModes, submission, typedValue, withValue, type SignerField } from '../signer-model.ts';
import type { SignerHost } from '../signer-host.ts';

/** The quiet period before the recipient's progress is saved. */
const SAVE_DELAY_MS = 4000;

export class FieldFilling implements ReactiveController {
  values = new Map<string, string>();
  /** Secret codes typed for code-guarded signatures (validation 73 on a signature), by field uuid; never saved. */
  codes = new Map<string, string>();
  /** Fields the recipient has visited: their problems may be said. */
  touched = new Set<string>();
  /** What the server said about fields when it refused a submission, by field uuid, until they change. */
  serverProblems = new Map<string, string>();
  /** The signature and initials the recipient adopted, offered again on the next such field. */
  adopted = { signature: '', initials: '' };
  /** The recipient tried to finish: empty required fields now say so too. */
  attempted = false;

  private readonly host: SignerHost;

  /**
   * Saves the recipient's progress a few seconds after the last change (one request per pause, not per
   * keystroke: component tokens count against the sender's rate limit). A failed save is retried with the
   * next change; the final submission carries every value anyway.
   */
  private readonly autosave: Autosave<unknown>;

  constructor(host: SignerHost) {
    this.host = host;
    host.addController(this);
    this.autosave = new Autosave<unknown>({
      host,
      delay: SAVE_DELAY_MS,
      save: () => {
        const { phase, own } = host.session;
        return phase === 'signing' && own.length
          ? signingApi.save(host.endpoint, host.token, host.signer, submission(own, this.values))
          : Promise.resolve(null);
      },
    });
  }

  hostDisconnected(): void {
    this.autosave.cancel();
  }

  cancelSave(): void {
    this.autosave.cancel();
  }

  /** A new signing view: its fields' starting values, nothing visited, no codes, no server problems. */
  reset(own: readonly SignerField[]): void {
    this.values = initialValues(own);
    this.codes = new Map();
    this.touched = new Set();
    this.serverProblems = new Map();
    this.host.requestUpdate();
  }

  valueOf(f: SignerField): string {
    return this.values.get(f.uuid!) ?? '';
  }

  problemOf(f: SignerField): string {
    const own = this.host.session.own;
    const value = this.valueOf(f);
    const problem = this.serverProblems.get(f.uuid!) || fieldProblem(f, value, this.values, own, this.host.lang);
    if (problem || !isCodeGuardedSignature(f) || value === '' || (this.codes.get(f.uuid!) ?? '').trim() !== '') return problem;
    return ts(this.host.lang, 'signer.codeRequired');
  }

  /** A wrong value is said once the field was visited; an empty required one only after trying to finish. */
  shownProblem(f: SignerField): string {
    const value = this.valueOf(f);
    return this.touched.has(f.uuid!) && (this.attempted || value !== '' || this.serverProblems.has(f.uuid!)) ? this.problemOf(f) : '';
  }

  /** The codes of the code-guarded signatures, for the completion. */
  submittedCodes(): Record<string, string> {
    const guarded = this.host.session.own.filter((f) => isCodeGuardedSignature(f));
    return Object.fromEntries(guarded.map((f) => [f.uuid!, this.codes.get(f.uuid!) ?? '']));
  }

  touch(f: SignerField): void {
    this.touched = new Set(this.touched).add(f.uuid!);
    this.host.requestUpdate();
  }

  /** Every field may say its problem now (the recipient tried to finish, or the server refused). */
  touchAll(): void {
    this.touched = new Set(this.host.session.own.map((f) => f.uuid!));
    this.host.requestUpdate();
  }

  /** The recipient tried to finish: empty required fields say so too. */
  attemptFinish(): void {
    this.attempted = true;
    this.touchAll();
  }

  /** The server refused these fields (uuid → message). */
  refusedBy(problems: Map<string, string>): void {
    this.serverProblems = problems;
    this.touchAll();
  }

  setValue(f: SignerField, raw: string): void {
    const host = this.host;
    const own = host.session.own;
    const value = typedValue(f, raw);
    this.values = withValue(this.values, f, value, own);
    if (this.serverProblems.has(f.uuid!)) {
      const next = new Map(this.serverProblems);
      next.delete(f.uuid!);
      this.serverProblems = next;
    }
    if (value !== raw) replaceInputValue(host.root.querySelector<HTMLInputElement>('input#field-input'), value);
    const message = fieldProblem(f, value, this.values, own, host.lang);
    if (isImageField(f) || value === '' || kindOf(f).name === 'checkbox') this.touched = new Set(this.touched).add(f.uuid!);
    host.requestUpdate();
    host.emit('esign-field-change', { uuid: f.uuid!, value, valid: message === '', message });
    this.autosave.schedule();
  }

  /** The secret code typed for a code-guarded signature; the server's complaint about it is dropped. */
  setCode(f: SignerField, code: string): void {
    this.codes = new Map(this.codes).set(f.uuid!, code);
    if (this.serverProblems.delete(f.uuid!)) this.serverProblems = new Map(this.serverProblems);
    this.host.requestUpdate();
  }

  /** Opens the signature dialog for a signature, initials or drawn field. */
  capture(f: SignerField): void {
    const host = this.host;
    const view = host.session.view;
    const dialog = host.root.querySelector<EsignSignatureCapture>('esign-signature-capture');
    if (!dialog || !view) return;
    const kind = f.element_type === 'initials' ? 'initials' : 'signature';
    openCapture(dialog, {
      kind,
      lang: host.lang,
      modes: allowedModes(f, parseModes(host.modes)),
      fonts: host.signatureFonts,
      name: `${view.signer.firstname} ${view.signer.lastname}`.trim(),
      onAdopt: (image) => {
        if (kindOf(f).name !== 'drawn') this.adopted = { ...this.adopted, [kind]: image };
        this.setValue(f, image);
        void host.updateComplete.then(() => host.root.querySelector<HTMLElement>('.nav button.primary, #field-capture')?.focus());
      },
      onCancel: () => host.root.querySelector<HTMLElement>('#field-input')?.focus(),
    });
  }

  /** Uploads an attachment at once; its name becomes the value, or its problem shows beside the field. */
  async attach(f: SignerField, file: File): Promise<void> {
    const result = await uploadAttachment(this.host, f.uuid!, file, this.host.lang);
    if ('name' in result) return this.setValue(f, result.name);
    this.serverProblems = new Map(this.serverProblems).set(f.uuid!, result.problem);
    this.touch(f);
  }
}
