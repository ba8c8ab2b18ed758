/**
 * Metadata removal for PNG and WebP: text chunks, EXIF and XMP go (they carry camera, place and
 * editing history), along with anything appended after the image. Returns null when the chunk
 * structure is broken.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// What a decoder needs to draw the picture as intended (colour, transparency, animation).
// Everything else (tEXt, zTXt, iTXt, eXIf, tIME and private chunks) is dropped.
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
  'bKGD',
  'cICP',
  'acTL',
  'fcTL',
  'fdAT',
]);

export function stripPng(input: Buffer): Buffer | null {
  if (input.length < 8 || !input.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  let first = true;
  while (pos + 12 <= input.length) {
    const length = input.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (end > input.length) return null;
    const type = input.subarray(pos + 4, pos + 8).toString('latin1');
    if (first && type !== 'IHDR') return null;
    first = false;
    if (PNG_KEPT.has(type)) kept.push(input.subarray(pos, end));
    if (type === 'IEND') return Buffer.concat(kept);
    pos = end;
  }
  return null;
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

export function stripWebp(input: Buffer): Buffer | null {
  if (input.length < 20 || input.toString('latin1', 0, 4) !== 'RIFF' || input.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const riffEnd = 8 + input.readUInt32LE(4);
  if (riffEnd > input.length || riffEnd < 20) return null;
  const kept: Buffer[] = [];
  let pos = 12;
  let image = false;
  while (pos + 8 <= riffEnd) {
    const fourcc = input.toString('latin1', pos, pos + 4);
    const size = input.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2); // chunks are padded to an even length
    if (end > riffEnd) return null;
    if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANIM') image = true;
    if (fourcc === 'VP8X') {
      if (size < 10) return null;
      const chunk = Buffer.from(input.subarray(pos, end));
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    } else if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      kept.push(input.subarray(pos, end));
    }
    pos = end;
  }
  if (!image || pos !== riffEnd) return null;
  const body = Buffer.concat(kept);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
