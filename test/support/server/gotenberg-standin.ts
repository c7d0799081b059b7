/**
 * A stand-in for Gotenberg's LibreOffice route, for tests: no real Gotenberg can run on the test
 * machines (it ships as a container image; no Docker, no Go toolchain). It follows Gotenberg's
 * contract (pkg/modules/libreoffice/routes.go): `POST /forms/libreoffice/convert`, multipart with the
 * files, only LibreOffice's extensions accepted, optional Basic auth, one PDF back as
 * `application/pdf`, 400 with a plain-text reason when LibreOffice cannot read or convert the file.
 * The conversion is real: `soffice --headless --convert-to pdf` with its own profile.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

const EXTENSIONS = new Set(['doc', 'docx', 'odt', 'rtf', 'txt', 'html', 'htm', 'csv', 'xls', 'xlsx', 'ods']);

export interface StandinRequest {
  fileName: string;
  content: Buffer;
  authorization: string | undefined;
}

export interface GotenbergStandin {
  url: string;
  requests: StandinRequest[];
  /** 'hang' holds every request without answering (Gotenberg busy past our timeout). */
  mode: 'convert' | 'hang';
  close(): Promise<void>;
}

export async function startGotenbergStandin(options: { username?: string; password?: string } = {}): Promise<GotenbergStandin> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gotenberg-standin-'));
  const profile = `file://${path.join(work, 'profile')}`;
  const expectedAuth = options.username ? `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}` : undefined;
  let counter = 0;
  const standin: GotenbergStandin = { url: '', requests: [], mode: 'convert', close: async () => {} };
  const held: http.ServerResponse[] = [];

  const answer = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown> => {
    const text = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=UTF-8' }).end(body);
    if (req.method !== 'POST' || req.url !== '/forms/libreoffice/convert') return text(404, 'Not Found');
    if (expectedAuth && req.headers.authorization !== expectedAuth) return text(401, 'Unauthorized');
    const form = await new Request('http://standin', {
      method: 'POST',
      headers: req.headers as Record<string, string>,
      body: Readable.toWeb(req) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
    const files = [...form.values()].filter((v): v is File => typeof v !== 'string');
    for (const file of files)
      standin.requests.push({ fileName: file.name, content: Buffer.from(await file.arrayBuffer()), authorization: req.headers.authorization });
    const file = files.find((f) => EXTENSIONS.has(path.extname(f.name).slice(1).toLowerCase()));
    if (!file) return text(400, `Invalid form data: no form file found for extensions: ${[...EXTENSIONS].join(', ')}`);
    if (standin.mode === 'hang') return void held.push(res);
    const dir = path.join(work, String(++counter));
    fs.mkdirSync(dir);
    const input = path.join(dir, path.basename(file.name));
    fs.writeFileSync(input, Buffer.from(await file.arrayBuffer()));
    execFile('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input], { timeout: 60_000 }, () => {
      const output = input.replace(/\.[^.]+$/, '.pdf');
      if (!fs.existsSync(output))
        return text(
          400,
          `LibreOffice could not read the document '${file.name}'. Ensure the file is not corrupted and that its extension matches its actual format.`,
        );
      res
        .writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${path.basename(output)}"` })
        .end(fs.readFileSync(output));
      fs.rmSync(dir, { recursive: true, force: true });
    });
  };
  // Every path of answer() ends or fails the response itself.
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(work, { recursive: true, force: true });
  };
  return standin;
}
