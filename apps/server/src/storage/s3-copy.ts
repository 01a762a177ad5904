import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';

/** S3 copies at most 5 GiB in one CopyObject; larger objects are copied in parts. */
const MAX_SINGLE_COPY_BYTES = 5 * 1024 ** 3;
const COPY_PART_BYTES = 1024 ** 3;

export interface CopyRequest {
  bucket: string;
  from: string;
  to: string;
  size: number;
  contentType: string;
}

/** Server-side copy of `from` to `to`, setting its Content-Type. */
export async function copyObject(client: S3Client, request: CopyRequest): Promise<void> {
  const { bucket, from, to, size, contentType } = request;
  const CopySource = `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
  if (size <= MAX_SINGLE_COPY_BYTES) {
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource,
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
      }),
    );
    return;
  }
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: to, ContentType: contentType }),
  );
  try {
    const Parts = [];
    for (const [index, range] of copyPartRanges(size, COPY_PART_BYTES).entries()) {
      const { CopyPartResult } = await client.send(
        new UploadPartCopyCommand({
          Bucket: bucket,
          Key: to,
          UploadId,
          PartNumber: index + 1,
          CopySource,
          CopySourceRange: `bytes=${range.start}-${range.end}`,
        }),
      );
      Parts.push({ PartNumber: index + 1, ETag: CopyPartResult?.ETag });
    }
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId, MultipartUpload: { Parts } }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId }))
      .catch(() => undefined);
    throw error;
  }
}

/** Inclusive byte ranges of `partSize` covering `size` bytes. */
export function copyPartRanges(size: number, partSize: number): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let start = 0; start < size; start += partSize) {
    ranges.push({ start, end: Math.min(start + partSize, size) - 1 });
  }
  return ranges;
}
