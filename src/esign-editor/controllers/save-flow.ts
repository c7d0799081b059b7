/**
 * Loading fields from the server, validating, and saving: `save()` and the debounced autosave both go
 * through here. A save validates first (src/fields), marks the fields with problems and posts nothing
 * until they are fixed; the server's own 400 answer is mapped onto the fields the same way. Fields that cover
 * the page's text do not stop a save: the result carries them as `warnings` and the announcement says so.
 */
import type { FieldElement, FieldProblem } from '../../fields/types.ts';
import type { EditorHost } from '../editor-host.ts';
import type { EditorActions } from '../editor-actions.ts';
import { Autosave, type SaveState } from '../../internal/autosave.ts';
import { fetchFields, RestError, saveTemplateFields, type RestErrorCode } from '../../internal/rest-client.ts';
import { normalizeIncoming, problemsByField, validateForSave } from './validation.ts';

export interface SaveResult {
  ok: boolean;
  fields: FieldElement[];
  problems: FieldProblem[];
  /** What does not stop a save but should be looked at: fields that cover the page's text (`covers_text`). */
  warnings?: FieldProblem[];
  error?: string;
}

export class SaveFlow {
  private readonly actions: EditorActions;
  private readonly host: EditorHost;
  private readonly autosave: Autosave<SaveResult>;
  private loadAbort: AbortController | null = null;
  /** Why the last save failed, shown beside "Not saved" ('' after a save that worked). */
  lastError = '';

  constructor(actions: EditorActions, host: EditorHost) {
    this.actions = actions;
    this.host = host;
    this.autosave = new Autosave({ delay: 1500, save: () => this.saveNow(true), onState: () => host.requestUpdate() });
  }

  get state(): SaveState {
    return this.autosave.state;
  }

  load(): void {
    this.loadAbort?.abort();
    const abort = new AbortController();
    this.loadAbort = abort;
    const { endpoint, token, template } = this.host.server ?? { endpoint: '', token: '', template: '' };
    fetchFields(endpoint, token, 'template', template, abort.signal, this.host.lang).then(
      (raw) => {
        if (abort.signal.aborted) return;
        const { elements, problems } = normalizeIncoming(raw, this.host.pageCount);
        this.actions.model.setElements(elements);
        // The page learns the template's fields the same way it learns every later change.
        this.host.emit('esign-change', { fields: this.actions.model.elements(), cause: 'set' });
        if (problems.length) this.host.emit('esign-validate', { ok: false, problems });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const { message, code } = failureOf(error);
        this.host.reportLoadFailure(message, code);
      },
    );
  }

  disconnect(): void {
    this.loadAbort?.abort();
    if (this.autosave.hasUnsaved && this.host.server !== null && !this.host.readOnly) void this.autosave.flush().catch(() => {});
  }

  /** The document changed: schedule an autosave (server mode, not read-only, delay > 0). */
  changed(): void {
    const delay = this.host.autosaveDelay;
    if (this.host.server !== null && !this.host.readOnly && delay > 0) {
      this.autosave.delay = delay;
      this.autosave.schedule();
    }
  }

  private readyOptions(): { pageCount?: number; signerCount?: number } {
    const signers = this.actions.givenRecipients.filter((r) => r.signer >= 1 && r.signer <= 99).length;
    return { pageCount: this.host.pageCount || undefined, signerCount: signers || undefined };
  }

  /** Re-checks the marked problems after an edit, so fixed fields lose their marker at once. */
  refreshProblems(): void {
    this.actions.problems = problemsByField(this.actions.model, validateForSave(this.actions.model.elements(), this.readyOptions()).problems);
  }

  /** Validates; marks fields with problems; emits `esign-validate`. */
  validate(): FieldProblem[] {
    const { problems } = validateForSave(this.actions.model.elements(), this.readyOptions());
    this.actions.problems = problemsByField(this.actions.model, problems);
    this.host.emit('esign-validate', { ok: problems.length === 0, problems });
    if (problems.length) this.actions.announce('editor.say.problems', { count: problems.length, first: problems[0].message });
    this.host.requestUpdate();
    return problems;
  }

  async save(): Promise<SaveResult> {
    if (this.host.server !== null && !this.host.readOnly) return this.autosave.flush();
    return this.saveNow(false);
  }

  private async saveNow(toServer: boolean): Promise<SaveResult> {
    const model = this.actions.model;
    const problems = this.validate();
    const fields = model.elements();
    if (problems.length) {
      const result = { ok: false, fields, problems };
      this.host.emit('esign-save', result);
      if (toServer) {
        this.lastError = problems[0].message;
        throw Object.assign(new Error(problems[0].message), { result });
      }
      return result;
    }
    const docAtStart = model.doc;
    const warnings = await this.actions.textGuard.warnings(docAtStart);
    if (!toServer) {
      const result = { ok: true, fields, problems, warnings };
      if (warnings.length) this.announceSaved(warnings);
      this.host.emit('esign-save', result);
      return result;
    }
    try {
      const { endpoint, token, template } = this.host.server ?? { endpoint: '', token: '', template: '' };
      const answer = await saveTemplateFields(endpoint, token, template, fields, undefined, this.host.lang);
      const saved = answer ? normalizeIncoming(answer).elements : fields;
      if (model.doc === docAtStart && saved.length === fields.length) this.adoptUuids(saved);
      const result = { ok: true, fields: saved, problems: [], warnings };
      this.lastError = '';
      this.announceSaved(warnings);
      this.host.emit('esign-save', result);
      return result;
    } catch (error) {
      const message = this.reportError(error);
      this.lastError = message;
      let serverProblems: FieldProblem[] = [];
      if (error instanceof RestError && error.problems.length) {
        serverProblems = error.problems.map((p) => ({ field: p.field, code: 'server', message: p.message || message }));
        this.actions.problems = problemsByField(model, serverProblems);
        this.host.requestUpdate();
      }
      const result = { ok: false, fields, problems: serverProblems, error: message };
      this.host.emit('esign-save', result);
      throw Object.assign(new Error(message), { result });
    }
  }

  private announceSaved(warnings: readonly FieldProblem[]): void {
    if (warnings.length) this.actions.announce('editor.say.savedWithWarnings', { count: warnings.length });
    else this.actions.announce('editor.say.saved');
  }

  /** Takes the uuids the server assigned, without an undo step (nothing the sender did changed). */
  private adoptUuids(saved: readonly FieldElement[]): void {
    const model = this.actions.model;
    const doc = model.doc;
    if (saved.every((s, i) => s.uuid === doc[i].el.uuid)) return;
    model.amend(doc.map((f, i) => (saved[i].uuid && saved[i].uuid !== f.el.uuid ? { id: f.id, el: { ...f.el, uuid: saved[i].uuid } } : f)));
  }

  reportError(error: unknown): string {
    const failure = failureOf(error);
    this.host.emit('esign-error', failure);
    return failure.message;
  }
}

/** What `esign-error` says about a failed REST call. */
function failureOf(error: unknown): { message: string; code: RestErrorCode | 'unknown' } {
  return { message: String((error as Error)?.message ?? error), code: error instanceof RestError ? error.kind : 'unknown' };
}
