import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helper';

/** Test images: a PNG encoded here, and a JPEG and a WebP that Chromium's canvas encoded (8×6). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A real RGB PNG of one colour; `extra` chunks go between IHDR and IDAT. */
export function makePng(
  width = 16,
  height = 12,
  rgb: [number, number, number] = [40, 160, 120],
  extra: Buffer[] = [],
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...extra,
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const jpegFixture = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAA' +
    'BhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dH' +
    'B0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAM' +
    'ZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAA' +
    'APhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAA' +
    'AAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYICh' +
    'AKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgo' +
    'KCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAA' +
    'AAAAAAAAAAAAAAAAT/xAAgEAABAgYDAQAAAAAAAAAAAAACAAQBAwUTIjESIWFi/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgf/xAAX' +
    'EQADAQAAAAAAAAAAAAAAAAAAAQIx/9oADAMBAAIRAxEAPwCuc6YHRW7aVTbdQA4lMeXyjcHLHhqGx7+fURECcVTrT//Z',
  'base64',
);

export const webpFixture = Buffer.from(
  'UklGRjgCAABXRUJQVlA4WAoAAAAgAAAABwAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAA' +
    'BhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dH' +
    'B0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAM' +
    'ZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAA' +
    'APhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAA' +
    'AAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggSgAAANABAJ0BKggABgABQC' +
    'YlsAJ0ARYt/s5gAP7YfULXf/Wv/ne4MZjatY752/GVqu9ugm98RiGf+p4KoX8ObQUNAX/+jN//0Zv6DAAA',
  'base64',
);

/** An EXIF APP1 segment as a phone writes one: orientation, a camera make and a GPS pointer. */
export function phoneExifSegment(orientation: number): Buffer {
  const entries: Array<[number, number, number, number]> = [
    [0x010f, 2, 4, 0x534f4e59], // Make "SONY" inline, type ASCII
    [0x0112, 3, 1, orientation << 16], // Orientation, SHORT left-justified (big endian)
    [0x8825, 4, 1, 0x1a], // GPS IFD pointer
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16BE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    ifd.writeUInt16BE(tag, 2 + i * 12);
    ifd.writeUInt16BE(type, 4 + i * 12);
    ifd.writeUInt32BE(count, 6 + i * 12);
    ifd.writeUInt32BE(value >>> 0, 10 + i * 12);
  });
  const tiff = Buffer.concat([
    Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'),
    ifd,
    Buffer.from('GPS 33.5138N 36.2765E', 'latin1'),
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** The JPEG fixture with a phone's EXIF after its JFIF block, a comment and bytes appended after the end. */
export function phoneJpeg(orientation = 6): Buffer {
  const jfifEnd = 2 + 2 + jpegFixture.readUInt16BE(4);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 14]), Buffer.from('Edited by X\0', 'latin1')]);
  return Buffer.concat([
    jpegFixture.subarray(0, jfifEnd),
    phoneExifSegment(orientation),
    comment,
    jpegFixture.subarray(jfifEnd),
    Buffer.from('PK\x03\x04 hidden zip', 'latin1'),
  ]);
}

/** The WebP fixture with an EXIF chunk added and its VP8X flag set, as cameras write it. */
export function webpWithExif(): Buffer {
  const body = Buffer.from(webpFixture.subarray(12));
  body[8] = body[8]! | 0x08;
  const exif = Buffer.concat([
    Buffer.from('EXIF', 'latin1'),
    Buffer.from([10, 0, 0, 0]),
    Buffer.from('GPS-SECRET', 'latin1'),
  ]);
  const all = Buffer.concat([body, exif]);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(all.length + 4, 4);
  return Buffer.concat([head, all]);
}

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; body: Buffer };

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----raseed${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      'filename' in p
        ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}`
        : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in p ? p.body : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type Receipt = { filename: string; type: string; body: Buffer };

/** POST /banks as the payments screen sends it; fields left undefined are not sent. */
export function uploadCharge(
  t: TestApp,
  token: string,
  opts: { amount?: string; bank_id?: string | number; file?: Receipt; transfer_ref?: string },
): Promise<LightMyRequestResponse> {
  const parts: Part[] = [];
  if (opts.amount !== undefined) parts.push({ name: 'amount', value: opts.amount });
  if (opts.bank_id !== undefined) parts.push({ name: 'bank_id', value: String(opts.bank_id) });
  if (opts.transfer_ref !== undefined) parts.push({ name: 'transfer_ref', value: opts.transfer_ref });
  if (opts.file) parts.push({ name: 'img', ...opts.file });
  const { payload, headers } = multipart(parts);
  return t.request({ method: 'POST', url: '/public/api/v1/banks', token, payload, headers });
}

export const pngReceipt = (body = makePng()): Receipt => ({ filename: 'receipt.png', type: 'image/png', body });

/** Receipt files in local storage; a refused upload must leave this unchanged. */
export function storedReceipts(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'uploads', 'receipts');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

export async function chargeCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('charges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function firstBankId(t: TestApp): Promise<number> {
  const row = await t.db.selectFrom('banks').select('id').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}
