import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { contentTypeOf, type Storage, safeKey } from './storage';

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Uploads in an S3-compatible bucket (AWS, MinIO, R2, …), so every server instance sees the same
 * files. Checksums are sent only where the API requires them: several S3-compatible stores
 * reject the SDK's newer default trailing checksums.
 */
export function s3Storage(config: S3Config): Storage & { destroy(): void } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  return {
    destroy: () => client.destroy(),
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: safeKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
        if (!res.Body) return null;
        return {
          body: Buffer.from(await res.Body.transformToByteArray()),
          contentType: res.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
    },
  };
}
