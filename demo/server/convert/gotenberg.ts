/**
 * Conversion by a Gotenberg service (ESIGN_GOTENBERG_URL) instead of the local LibreOffice pool:
 * the prepared file (sanitised HTML, text decoded to UTF-8) goes to Gotenberg's LibreOffice route,
 * `POST /forms/libreoffice/convert` (multipart, field `files`), which answers one PDF. Credentials in
 * the URL (`https://user:password@host`) become Basic auth, as Gotenberg's `--api-enable-basic-auth`
 * expects. Each group has at most `maxQueuedPerGroup` files with Gotenberg at once (then 429), so one
 * group cannot fill its queue; Gotenberg's own queue and timeouts bound the rest.
 */
import { RateLimitedError, UnavailableError, unprocessable } from '../domain/errors.ts';

export interface GotenbergSettings {
  url: string;
  timeoutMs: number;
  maxQueuedPerGroup: number;
}

export class GotenbergClient {
  private readonly endpoint: URL;
  private readonly authorization: string | undefined;
  private readonly inFlight = new Map<string, number>();
  private readonly settings: GotenbergSettings;

  constructor(settings: GotenbergSettings) {
    this.settings = settings;
    const url = new URL(settings.url);
    if (url.username || url.password) {
      this.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    this.endpoint = new URL('forms/libreoffice/convert', url.href.endsWith('/') ? url : `${url.href}/`);
  }

  /** The PDF Gotenberg makes of `bytes`, named `fileName` (its extension picks LibreOffice's import filter). */
  async convert(groupId: string, fileName: string, bytes: Uint8Array | string): Promise<Uint8Array> {
    const running = this.inFlight.get(groupId) ?? 0;
    if (running >= this.settings.maxQueuedPerGroup)
      throw new RateLimitedError('convert_queue_full', `This group already has ${running} files being converted; try again in a minute.`);
    this.inFlight.set(groupId, running + 1);
    try {
      return await this.post(fileName, bytes);
    } finally {
      const left = (this.inFlight.get(groupId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(groupId, left);
      else this.inFlight.delete(groupId);
    }
  }

  private async post(fileName: string, bytes: Uint8Array | string): Promise<Uint8Array> {
    const form = new FormData();
    form.append('files', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), fileName);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers: this.authorization ? { authorization: this.authorization } : {},
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw timedOut(this.settings.timeoutMs);
      throw unavailable(`${this.endpoint.origin} did not answer: ${(error as Error).cause ?? (error as Error).message}`);
    }
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.ok) {
      if (!isPdf(body)) throw unavailable(`${this.endpoint.origin} answered ${response.status} without a PDF`);
      return body;
    }
    const reason = new TextDecoder().decode(body.subarray(0, 500)).trim();
    // Gotenberg: 400 for a file it cannot read or convert, 429 when its queue is full, 503 on its own timeout.
    if (response.status === 400)
      throw unprocessable(
        `The file cannot be opened: it is damaged, password-protected, or not really the kind of file it looks like. (${reason})`,
        undefined,
        'convert_failed',
      );
    if (response.status === 429) throw new RateLimitedError('convert_queue_full', 'The document converter is busy; try again in a minute.', 60);
    if (response.status === 503 || response.status === 504) throw timedOut(this.settings.timeoutMs);
    if (response.status === 401 || response.status === 403) throw unavailable(`${this.endpoint.origin} refused our credentials (${response.status})`);
    throw unavailable(`${this.endpoint.origin} answered ${response.status}: ${reason}`);
  }
}

function isPdf(bytes: Uint8Array): boolean {
  return new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-');
}

function timedOut(timeoutMs: number): Error {
  return unprocessable(
    `Converting the file took longer than ${Math.round(timeoutMs / 1000)} s, the most this server spends on one file. Save it as a simpler file (or a PDF) and upload that.`,
    undefined,
    'convert_timeout',
  );
}

function unavailable(detail: string): UnavailableError {
  return new UnavailableError(
    'converter_unavailable',
    `Office documents cannot be converted right now: the Gotenberg service (ESIGN_GOTENBERG_URL) failed (${detail}). PDFs and images still work.`,
  );
}
