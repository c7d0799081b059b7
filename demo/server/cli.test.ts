import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import http from 'node:http';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { postgresForTests } from '../../test/support/postgres.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CLI = path.join(import.meta.dirname, 'cli.ts');
const postgres = postgresForTests();

const execFileAsync = promisify(execFile);

/**
 * Runs the CLI without blocking this process: a blocked event loop cannot see the server close an idle
 * keep-alive socket, and the next fetch on it fails with "other side closed".
 */
async function runCli(args: string[]): Promise<string> {
  return (await execFileAsync(process.execPath, [CLI, ...args], { encoding: 'utf8' })).stdout;
}

test('esign-server: first start, api-key create, user/group create, SIGTERM', { timeout: 180_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-'));
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ESIGN_SANDBOX_RATE_LIMIT: '1234', ESIGN_DELETED_TEMPLATE_HOURS: '0.0005' },
  });
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    // The banner's last line: stdout can arrive in several chunks, and the lines after "listening on" are checked too.
    while (!/listening on (http:\/\/\S+)\/[\s\S]*\n {2}verify: .*\n/.test(output)) {
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const base = /listening on (http:\/\/\S+)\//.exec(output)![1]!;
    const key = /sandbox API key: (\S+)/.exec(output)?.[1];
    assert.match(key ?? '', /^ak_sandbox_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}$/, output);
    assert.match(output, /admin user: +admin@localhost/);
    // The sealing certificate generated on first start, with the fingerprint openssl prints for it.
    const fingerprint = /seal certificate: .*\n\s+SHA-256 fingerprint: ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})/.exec(output)?.[1];
    assert.ok(fingerprint, output);
    assert.ok(
      execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256', '-in', path.join(dataDir, 'seal-key.pem')], { encoding: 'utf8' }).includes(
        fingerprint,
      ),
    );
    assert.equal(fs.statSync(path.join(dataDir, 'seal-key.pem')).mode & 0o777, 0o600);
    assert.match(output, /\/docs\//);
    assert.ok(output.includes(`demo page: ${base}/`) && output.includes(`API:       ${base}/api/v1/`), output);

    assert.deepEqual(await (await fetch(`${base}/healthz`)).json(), { ok: true });
    const groups = await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(groups.status, 200);
    assert.equal(groups.headers.get('ratelimit-limit'), '1234');

    // ESIGN_DELETED_TEMPLATE_HOURS (here 1.8 s): a template titled [deleted] is swept by the running server.
    const tiny = await PDFDocument.create();
    tiny.addPage();
    const doomed = await fetch(`${base}/api/v1/templatepdf/?returnAsJson=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ group: '/api/v1/group/default/', title: '[deleted]', pdf_file: Buffer.from(await tiny.save()).toString('base64') }),
    });
    assert.equal(doomed.status, 201);
    const doomedUri = ((await doomed.json()) as { resource: { document_uri: string } }).resource.document_uri;
    const sweptBy = Date.now() + 15_000;
    while ((await fetch(`${base}${doomedUri}`, { headers: { authorization: `Bearer ${key}` } })).status !== 404) {
      if (Date.now() > sweptBy) throw new Error('the [deleted] template was not swept');
      await new Promise((r) => setTimeout(r, 250));
    }

    // Keys created by the CLI while the server runs work at once.
    const production = await runCli(['api-key', 'create', '--data', dataDir, '--env', 'production', '--name', ' CI deploys ']);
    assert.match(production, /^ak_production_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}\n$/);
    const legacy = await runCli(['api-key', 'create', '--data', dataDir, '--legacy']);
    assert.match(legacy, /^[0-9a-f]{40}\n$/);
    for (const k of [production.trim(), legacy.trim()]) {
      assert.equal((await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${k}` } })).status, 200);
    }
    // Revoking a key (by the key itself or its id) shuts it out at once.
    assert.match(await runCli(['api-key', 'revoke', legacy.trim(), '--data', dataDir]), /^Revoked legacy-/);
    assert.equal((await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${legacy.trim()}` } })).status, 401);
    const productionId = /^ak_production_([0-9a-f]{16})\./.exec(production)![1]!;
    const listed = await runCli(['api-key', 'list', '--data', dataDir]);
    assert.match(listed, new RegExp(`${productionId}  production  "CI deploys"  created \\S+  last used 20`));
    assert.match(listed, /\(legacy\).*revoked/);
    assert.ok(!listed.includes(production.trim().split('.')[1]!));
    assert.match(await runCli(['api-key', 'revoke', productionId, '--data', dataDir]), /Revoked/);
    assert.equal((await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${production.trim()}` } })).status, 401);
    await assert.rejects(() => runCli(['api-key', 'revoke', productionId, '--data', dataDir]), /No live API key/);

    const userOut = await runCli(['user', 'create', '--data', dataDir, '--email', 'clerk@example.com', '--group', 'default']);
    assert.match(userOut, /Created user clerk@example.com/);
    const clerkKey = (await runCli(['api-key', 'create', '--data', dataDir, '--email', 'clerk@example.com'])).trim();
    const clerkGroups = (await (await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${clerkKey}` } })).json()) as {
      objects: { slug: string }[];
    };
    assert.deepEqual(
      clerkGroups.objects.map((g) => g.slug),
      ['default'],
    );
    assert.match(await runCli(['group', 'create', '--data', dataDir, '--name', 'Board', '--email', 'clerk@example.com']), /Created group Board/);
    await assert.rejects(() => runCli(['api-key', 'create', '--data', dataDir, '--env', 'staging']), /sandbox or production/);
    await assert.rejects(() => runCli(['api-key', 'create', '--data', dataDir, '--name', 'x'.repeat(81)]), /--name: name is at most 80 characters/);

    // An upload in flight when SIGTERM arrives still completes; then the process exits 0.
    const doc = await PDFDocument.create();
    doc.addPage();
    const body = JSON.stringify({ group: '/api/v1/group/default/', title: 'In flight', pdf_file: Buffer.from(await doc.save()).toString('base64') });
    const url = new URL(`${base}/api/v1/templatepdf/`);
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    assert.equal(await inFlight, 201);
    assert.equal(await exited, 0);
    assert.match(output, /stopped/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('api-key create on an empty data directory sets it up and prints only the key', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-'));
  try {
    const out = await runCli(['api-key', 'create', '--data', dataDir]);
    assert.match(out, /^ak_sandbox_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}\n$/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('user create and user password store an SRP verifier (never the password); a short or unknown one is a usage error', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-'));
  try {
    await runCli(['user', 'create', '--email', 'pat@example.com', '--password', 'first passphrase', '--data', dataDir]);
    const { openStore } = await import('./store/index.ts');
    const verifierOf = async () => {
      const store = await openStore(dataDir);
      try {
        const user = (await store.users.findByEmail('pat@example.com'))!;
        return { credentials: (await store.credentials.get(user.id))!, events: (await store.credentials.events(user.id)).map((e) => e.event) };
      } finally {
        await store.close();
      }
    };
    const before = (await verifierOf()).credentials;
    assert.match(before.srpVerifier, /^[0-9a-f]+$/);
    assert.ok(!JSON.stringify(before).includes('passphrase'));
    assert.match(
      await runCli(['user', 'password', '--email', 'pat@example.com', '--data', dataDir]),
      /^Set the sign-in password of pat@example\.com: \S{12,}\n$/,
    );
    const after = await verifierOf();
    assert.notEqual(after.credentials.srpVerifier, before.srpVerifier);
    assert.deepEqual(after.events, ['password_set']);
    await assert.rejects(() => runCli(['user', 'password', '--email', 'pat@example.com', '--password', 'short', '--data', dataDir]), /at least 8 characters/);
    await assert.rejects(() => runCli(['user', 'password', '--email', 'nobody@example.com', '--data', dataDir]), /No user with the email/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('serve refuses a half-configured S3 bucket (a key id without its secret), naming the variables', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-s3-'));
  try {
    const failed = await execFileAsync(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataDir], {
      encoding: 'utf8',
      env: { ...process.env, ESIGN_S3_BUCKET: 'esign-blobs', ESIGN_S3_ACCESS_KEY_ID: 'key-without-secret' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.ok(failed, 'serve did not start');
    assert.match(failed.stderr, /ESIGN_S3_ACCESS_KEY_ID and ESIGN_S3_SECRET_ACCESS_KEY/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('serve refuses a lease that is not a positive number of milliseconds, naming the variable', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-lease-'));
  try {
    for (const name of ['ESIGN_EMAIL_LEASE_MS', 'ESIGN_BATCH_LEASE_MS']) {
      const failed = await execFileAsync(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataDir], {
        encoding: 'utf8',
        env: { ...process.env, [name]: 'soon' },
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      assert.ok(failed, `serve started with ${name}=soon`);
      assert.match(failed.stderr, new RegExp(`${name} must be a positive number`));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('serve refuses a malformed ESIGN_DATABASE_URL without repeating it, and runs on a real PostgreSQL given a good one', { timeout: 120_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-cli-pg-'));
  try {
    const malformed = await execFileAsync(process.execPath, [CLI, 'serve', '--port', '0', '--data', dataDir], {
      encoding: 'utf8',
      env: { ...process.env, ESIGN_DATABASE_URL: 'mysql://root:hunter2@db/esign' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(malformed?.code, 2);
    assert.match(malformed.stderr, /ESIGN_DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    assert.doesNotMatch(malformed.stderr, /hunter2/);

    const url = await postgres.database('cli_serve');
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ESIGN_DATABASE_URL: url },
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!/listening on (http:\/\/\S+)\//.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = /listening on (http:\/\/\S+)\//.exec(output)![1]!;
      const key = /sandbox API key: (\S+)/.exec(output)![1]!;
      const groups = await fetch(`${base}/api/v1/group/`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(groups.status, 200, await groups.clone().text());
      assert.equal(((await groups.json()) as { objects: unknown[] }).objects.length, 1);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    // The data is in PostgreSQL, not in a SQLite file beside the blobs.
    assert.equal(fs.existsSync(path.join(dataDir, 'esign.db')), false, 'no SQLite file was made');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM api_keys WHERE env = 'sandbox'");
      assert.equal(Number(rows[0].n), 1, 'the first start made its key in PostgreSQL');
    } finally {
      await client.end();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
