/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) for set-ups where several machines
 * share one blob store. Keys use the same fan-out as the local backend (`<prefix>ab/cd/<sha256>`).
 * PutObject is atomic, so no temp objects are needed; a put of an existing hash is skipped.
 * Deletion is DeleteObject: an object store cannot be overwritten in place, so secure deletion is
 * the bucket's (server-side encryption, no versioning; see docs/deploy.md).
 */
import {
  S3Client,
  GetObjectCommand,
  HeadObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  DeleteObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BlobBackend } from './blob-backend.ts';
import { blobKey } from './blob-backend.ts';
import { blobStoreUnavailable } from './outages.ts';

/**
 * Anything but the bucket's 4xx answer (refused or reset connections, timeouts, 5xx, a throttling 503)
 * means the store is away for now: 503 with Retry-After. A 4xx (wrong bucket, credentials) stays an
 * error an operator must fix, logged as such.
 */
function s3Fault(error: unknown): unknown {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return blobStoreUnavailable(error);
}

export interface S3BlobSettings {
  bucket: string;
  /** For S3-compatible servers; absent means AWS. Path-style addressing is used when set. */
  endpoint?: string;
  region: string;
  /** Absent: the AWS SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket, e.g. `esign/`. */
  prefix: string;
}

/**
 * Reads the S3 settings from the environment: ESIGN_S3_BUCKET (required to use S3), ESIGN_S3_ENDPOINT,
 * ESIGN_S3_REGION (default us-east-1), ESIGN_S3_PREFIX, ESIGN_S3_ACCESS_KEY_ID and
 * ESIGN_S3_SECRET_ACCESS_KEY (both or neither). Undefined when ESIGN_S3_BUCKET is not set.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3BlobSettings | undefined {
  const bucket = env.ESIGN_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.ESIGN_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.ESIGN_S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('Set both ESIGN_S3_ACCESS_KEY_ID and ESIGN_S3_SECRET_ACCESS_KEY, or neither (to use the AWS default credential chain).');
  const endpoint = env.ESIGN_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`ESIGN_S3_ENDPOINT must be an http(s) URL (got '${endpoint}').`);
  return {
    bucket,
    endpoint,
    region: env.ESIGN_S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: env.ESIGN_S3_PREFIX?.trim() ?? '',
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

export class S3BlobBackend implements BlobBackend {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3BlobSettings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.endpoint !== undefined,
      credentials: settings.credentials,
      // Bounded, so a bucket that stopped answering gives a 503 well inside a request's bound (docs/operations.md:
      // 15 s) rather than a request held for ever: two attempts of at most 3 s to connect and 5 s of silence each.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 5_000 },
    });
  }

  private key(hash: string): string {
    return `${this.prefix}${blobKey(hash)}`;
  }

  async put(hash: string, bytes: Uint8Array): Promise<void> {
    if (await this.has(hash)) return;
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(hash),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
    } catch (error) {
      throw s3Fault(error);
    }
  }

  async probe(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw s3Fault(error);
    }
  }

  async *list(): AsyncIterable<{ hash: string; modifiedAt: number }> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }))
        .catch((error: unknown) => {
          throw s3Fault(error);
        });
      for (const object of page.Contents ?? []) {
        const hash = object.Key?.slice(this.prefix.length).split('/').pop() ?? '';
        if (/^[0-9a-f]{64}$/.test(hash)) yield { hash, modifiedAt: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async get(hash: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw s3Fault(error);
    }
  }

  async has(hash: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw s3Fault(error);
    }
  }

  async delete(hash: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
    } catch (error) {
      throw s3Fault(error);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
