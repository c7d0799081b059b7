/**
 * A real S3-compatible server for tests: s3rver (npm, pure JavaScript) on 127.0.0.1 and a free
 * port, storing in a temp folder, with one bucket made at start. A test that needs it and cannot
 * start it fails with the reason (it does not skip).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: { closeAllConnections(): void };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops answering (connections refused) but keeps the objects; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Every wait on s3rver ends: a stop or start that does not finish in 10 s fails the test saying which. */
async function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over 10 s`)), 10_000);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startS3Server(bucket = 'esign-test'): Promise<RunningS3> {
  let S3rver: S3rverClass;
  try {
    S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  } catch (error) {
    throw new Error(`The S3 tests need s3rver (a devDependency; run npm ci): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'esign-s3rver-'));
  const create = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let server = create(0);
  let running = true;
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw new Error(`s3rver could not start on 127.0.0.1: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const stop = async () => {
    if (!running) return;
    running = false;
    // close() alone waits for the SDK's keep-alive sockets (and any request in flight) to end: drop them, as a dead server would.
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await bounded(closed, 'stopping s3rver');
  };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver checks signatures against these fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop,
    async start() {
      server = create(address.port);
      await bounded(server.run(), 'restarting s3rver');
      running = true;
    },
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
