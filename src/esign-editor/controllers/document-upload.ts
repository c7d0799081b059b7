/**
 * A document dropped on the editor (or chosen with its file button) goes to the server as a new template:
 * the host's `requestUpload` gives a fresh signed upload URL (its backend mints it with an API key, which
 * never reaches the page), the file is PUT there with upload progress, and the server detects the format
 * from the bytes and converts Word, spreadsheet, HTML, text and image files to PDF before answering.
 * XMLHttpRequest, because fetch cannot report how much of a request body has been sent.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** What the editor shows while a document goes up: the fraction sent (null when unknown), then converting. */
export type UploadState = { phase: 'idle' } | { phase: 'uploading'; fraction: number | null } | { phase: 'converting' } | { phase: 'failed'; message: string };

/** Returns a fresh single-use upload URL (`upload_url` of `POST /api/v1/uploads/`, or the GraphQL upload query). */
export type RequestUpload = (file: File) => Promise<string> | string;

export interface DocumentUploadOptions {
  requestUpload: () => RequestUpload | null;
  /** The template the server made of the file, and its report (text tags found, pages). */
  onUploaded: (detail: { templateId: string; report: unknown; file: File }) => void;
  onFailed: (message: string) => void;
  /** The messages in the page's language: the HTTP status when the server gave no reason. */
  httpError: (status: number) => string;
}

interface UploadAnswer {
  resource?: { uid?: string };
  report?: unknown;
  error?: { message?: string };
}

export class DocumentUploadController implements ReactiveController {
  state: UploadState = { phase: 'idle' };
  /** A file is being dragged over the editor (the drop outline shows). */
  dragging = false;
  private readonly host: ReactiveControllerHost;
  private readonly options: DocumentUploadOptions;
  private request: XMLHttpRequest | null = null;

  constructor(host: ReactiveControllerHost, options: DocumentUploadOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  get enabled(): boolean {
    return !!this.options.requestUpload();
  }

  get busy(): boolean {
    return this.state.phase === 'uploading' || this.state.phase === 'converting';
  }

  hostDisconnected(): void {
    this.request?.abort();
    this.request = null;
  }

  onDragOver = (event: DragEvent): void => {
    if (!this.enabled || this.busy || !event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    this.setDragging(true);
  };

  onDragLeave = (event: DragEvent): void => {
    // Leaving for a child of the editor is not leaving the editor.
    if (event.relatedTarget instanceof Node && (event.currentTarget as Node).contains(event.relatedTarget)) return;
    this.setDragging(false);
  };

  onDrop = (event: DragEvent): void => {
    const file = event.dataTransfer?.files[0];
    if (!this.enabled || !file) return;
    event.preventDefault();
    this.setDragging(false);
    void this.upload(file);
  };

  /** The file button's input. */
  onFileChosen = (event: Event): void => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void this.upload(file);
  };

  /** Uploads `file` as a new template; resolves when it is ready or has failed (the state says which). */
  async upload(file: File): Promise<void> {
    const requestUpload = this.options.requestUpload();
    if (!requestUpload || this.busy) return;
    this.set({ phase: 'uploading', fraction: 0 });
    try {
      const url = await requestUpload(file);
      const answer = await this.put(url, file);
      const templateId = answer.resource?.uid;
      if (!templateId) throw new Error(this.options.httpError(0));
      this.set({ phase: 'idle' });
      this.options.onUploaded({ templateId, report: answer.report, file });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.set({ phase: 'failed', message });
      this.options.onFailed(message);
    }
  }

  private put(url: string, file: File): Promise<UploadAnswer> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      this.request = request;
      request.open('PUT', url);
      request.upload.addEventListener('progress', (event) => {
        this.set({ phase: 'uploading', fraction: event.lengthComputable ? event.loaded / event.total : null });
      });
      // Every byte sent: the server is converting until it answers.
      request.upload.addEventListener('load', () => this.set({ phase: 'converting' }));
      request.addEventListener('load', () => {
        this.request = null;
        let answer: UploadAnswer = {};
        try {
          answer = JSON.parse(request.responseText) as UploadAnswer;
        } catch {
          // not JSON: the status says enough
        }
        if (request.status >= 200 && request.status < 300) resolve(answer);
        else reject(new Error(answer.error?.message ?? this.options.httpError(request.status)));
      });
      request.addEventListener('error', () => {
        this.request = null;
        reject(new Error(this.options.httpError(0)));
      });
      request.send(file);
    });
  }

  private setDragging(dragging: boolean): void {
    if (this.dragging === dragging) return;
    this.dragging = dragging;
    this.host.requestUpdate();
  }

  private set(state: UploadState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
