/**
 * Any accepted upload to a PDF: size cap, format detection from the bytes, zip-bomb check, then
 * PDFs pass through, images go through sharp + pdf-lib, and documents, spreadsheets, HTML (after
 * sanitising), text and CSV go through the warm LibreOffice pool. Every temp file lives in one
 * directory per conversion, removed whatever happens. Nothing here blocks the main thread:
 * LibreOffice is out of process and sharp is asynchronous.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tooLarge, unprocessable } from '../domain/errors.ts';
import type { Detected, Format } from './detect.ts';
import { GotenbergClient } from './gotenberg.ts';
import { SofficePool, type SofficeSettings } from './soffice-pool.ts';
import type { BridgeRequest } from './soffice-worker.ts';
import { checkZip } from './zip-guard.ts';

export interface ConvertSettings extends SofficeSettings {
  maxBytes: number;
  maxInflatedBytes: number;
  maxZipEntries: number;
  maxPages: number;
  maxImagePixels: number;
  /** ESIGN_GOTENBERG_URL: office files go to this Gotenberg service instead of the local LibreOffice. */
  gotenbergUrl?: string;
}

function envNumber(name: string, fallback: number, min = 1): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= min ? value : fallback;
}

/** The environment's settings: ESIGN_SOFFICE, ESIGN_UNO_PYTHON, ESIGN_CONVERT_* (README "Converting documents"). */
export function convertSettingsFromEnv(maxPages: number): ConvertSettings {
  return {
    soffice: process.env.ESIGN_SOFFICE || 'soffice',
    python: process.env.ESIGN_UNO_PYTHON || '/usr/bin/python3',
    workers: Math.floor(envNumber('ESIGN_CONVERT_WORKERS', 1)),
    timeoutMs: envNumber('ESIGN_CONVERT_TIMEOUT_MS', 60_000),
    maxQueuedPerGroup: Math.floor(envNumber('ESIGN_CONVERT_MAX_QUEUED', 50)),
    memoryMb: Math.floor(envNumber('ESIGN_CONVERT_MEMORY_MB', 2048, 0)),
    maxBytes: Math.floor(envNumber('ESIGN_CONVERT_MAX_MB', 50, 0.001) * 1048576),
    maxInflatedBytes: Math.floor(envNumber('ESIGN_CONVERT_MAX_INFLATED_MB', 300, 0.001) * 1048576),
    maxZipEntries: 10_000,
    maxPages,
    maxImagePixels: envNumber('ESIGN_CONVERT_MAX_PIXELS', 100_000_000),
    gotenbergUrl: process.env.ESIGN_GOTENBERG_URL || undefined,
  };
}

export interface Converted {
  pdf: Uint8Array;
  format: Format;
  /** The source's text encoding, for text formats. */
  pages?: number;
}

const IMPORT: Partial<Record<Format, { filter: string; options?: (d: Detected) => string; ext: string }>> = {
  // Text is decoded here (any encoding) and handed over as UTF-8 (LibreOffice's charset 76 / "UTF8").
  text: { filter: 'Text (encoded)', options: () => 'UTF8,LF,Liberation Mono,en-US,,false', ext: 'txt' },
  csv: { filter: 'Text - txt - csv (StarCalc)', options: (d) => `${(d.csvSeparator ?? ',').charCodeAt(0)},34,76,1`, ext: 'csv' },
  html: { filter: 'HTML (StarWriter)', ext: 'html' },
  wordml: { filter: 'MS Word 2003 XML', ext: 'xml' },
};

export class Converter {
  readonly settings: ConvertSettings;
  readonly soffice: SofficePool;
  readonly gotenberg: GotenbergClient | undefined;

  constructor(settings: ConvertSettings) {
    this.settings = settings;
    this.soffice = new SofficePool(settings);
    this.gotenberg = settings.gotenbergUrl
      ? new GotenbergClient({ url: settings.gotenbergUrl, timeoutMs: settings.timeoutMs, maxQueuedPerGroup: settings.maxQueuedPerGroup })
      : undefined;
  }

  /** The 413 for a body over the cap (the route also caps the body while it streams in). */
  tooLarge(bytes: number): Error {
    return tooLarge(`The file is ${(bytes / 1048576).toFixed(1)} MB; this server converts files of up to ${(this.settings.maxBytes / 1048576).toFixed(0)} MB.`);
  }

  async toPdf(groupId: string, bytes: Uint8Array): Promise<Converted> {
    if (bytes.byteLength > this.settings.maxBytes) throw this.tooLarge(bytes.byteLength);
    // Loaded on first use: sharp, file-type, parse5 and the charset tables cost every server start seconds otherwise.
    const { detectFormat, IMAGE_FORMATS, ZIP_FORMATS } = await import('./detect.ts');
    const detected = await detectFormat(bytes);
    const { format } = detected;
    if (format === 'pdf') return { pdf: bytes, format };
    if (IMAGE_FORMATS.has(format)) {
      const { imageToPdf } = await import('./image.ts');
      return { pdf: await imageToPdf(bytes, format, { maxPixels: this.settings.maxImagePixels, maxPages: this.settings.maxPages }), format };
    }
    if (ZIP_FORMATS.has(format)) {
      const verdict = checkZip(bytes, { maxInflatedBytes: this.settings.maxInflatedBytes, maxEntries: this.settings.maxZipEntries });
      if (!verdict.ok) throw unprocessable(`The ${format.toUpperCase()} file is refused: ${verdict.reason}.`, undefined, 'convert_zip_refused');
    }
    if (this.gotenberg) return this.withGotenberg(this.gotenberg, groupId, detected, bytes);
    return this.withOffice(groupId, detected, bytes);
  }

  /** The same prepared input as withOffice, sent to Gotenberg; a UTF-8 BOM tells its LibreOffice the text's encoding. */
  private async withGotenberg(gotenberg: GotenbergClient, groupId: string, detected: Detected, bytes: Uint8Array): Promise<Converted> {
    const { format } = detected;
    const ext = IMPORT[format]?.ext ?? format;
    const { sanitiseHtml } = await import('./html-sanitise.ts');
    const content = format === 'html' ? sanitiseHtml(detected.text ?? '') : detected.text !== undefined ? `\uFEFF${detected.text}` : bytes;
    const pdf = await gotenberg.convert(groupId, format === 'csv' ? 'Sheet1.csv' : `document.${ext}`, content);
    return { pdf, format };
  }

  private async withOffice(groupId: string, detected: Detected, bytes: Uint8Array): Promise<Converted> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-convert-'));
    try {
      const spec = IMPORT[detected.format];
      // Calc prints the sheet name (= the file name for CSV) in the page header: call it what a new sheet is called.
      const input = path.join(dir, detected.format === 'csv' ? 'Sheet1.csv' : `document.${spec?.ext ?? detected.format}`);
      const { sanitiseHtml } = await import('./html-sanitise.ts');
      const content = detected.format === 'html' ? sanitiseHtml(detected.text ?? '') : detected.text;
      await fs.promises.writeFile(input, content ?? bytes);
      const output = path.join(dir, 'out.pdf');
      const request: BridgeRequest = { in: input, out: output, max_pages: this.settings.maxPages };
      if (spec) {
        request.import_filter = spec.filter;
        if (spec.options) request.filter_options = spec.options(detected);
      }
      const answer = await this.soffice.convert(groupId, request);
      const pdf = new Uint8Array(await fs.promises.readFile(output));
      return { pdf, format: detected.format, pages: answer.pages };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  close(): Promise<void> {
    return this.soffice.close();
  }
}
