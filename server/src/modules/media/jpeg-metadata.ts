/**
 * Drops what a phone or editor writes beside the picture of a JPEG (EXIF with GPS position and
 * camera serials, XMP, Photoshop/IPTC blocks, comments) and anything appended after the image.
 * The orientation is carried over in a minimal EXIF block, or a portrait receipt photo would
 * show sideways. Returns null when the segment structure is broken.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Kept segments: every non-APPn one, JFIF (APP0), ICC colour profiles (APP2) and Adobe (APP14). */
function keep(marker: number, data: Buffer): boolean {
  if (marker === COM) return false;
  if (marker < APP0 || marker > 0xef) return true;
  if (marker === APP0 || marker === APP14) return true;
  return marker === APP2 && data.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
}

/** The EXIF orientation (1–8) of an APP1 payload, or null; never throws on a malformed block. */
export function exifOrientation(data: Buffer): number | null {
  if (data.subarray(0, 6).toString('latin1') !== 'Exif\0\0') return null;
  const tiff = data.subarray(6);
  if (tiff.length < 8) return null;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 segment holding only the orientation tag. */
export function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // bytes 20-21 pad the value, 22-25 say there is no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, APP1, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * Segments before the picture: a camera writes a dozen, a file of a million tiny ones is an
 * attack on the decoder's time (1.3 s of one core each), so more than this is "unreadable".
 */
export const MAX_JPEG_SEGMENTS = 512;

export function stripJpeg(input: Buffer): Buffer | null {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) return null;
  let segments = 0;
  const kept: Buffer[] = [input.subarray(0, 2)];
  let orientation: number | null = null;
  let afterJfif = 1; // where the orientation block goes: after SOI, or after a JFIF APP0
  let pos = 2;
  while (pos < input.length) {
    if (input[pos] !== 0xff) return null;
    while (input[pos] === 0xff) pos++; // fill bytes
    const marker = input[pos];
    if (marker === undefined || marker === EOI) return null; // no picture before the end
    const start = pos - 1;
    pos++;
    if (++segments > MAX_JPEG_SEGMENTS) return null;
    if (isStandalone(marker)) continue;
    if (pos + 2 > input.length) return null;
    const length = input.readUInt16BE(pos);
    if (length < 2 || pos + length > input.length) return null;
    const data = input.subarray(pos + 2, pos + length);
    if (marker === SOS) {
      // Entropy-coded data never contains FF D9 (a literal FF is stuffed as FF 00), so the
      // first EOI after the scan header ends the image; whatever follows is dropped.
      const end = input.indexOf(Buffer.from([0xff, EOI]), pos + length);
      if (end < 0) return null;
      kept.push(input.subarray(start, end + 2));
      if (orientation && orientation !== 1) kept.splice(afterJfif, 0, orientationSegment(orientation));
      return Buffer.concat(kept);
    }
    if (marker === APP1) orientation ??= exifOrientation(data);
    if (keep(marker, data)) {
      kept.push(Buffer.from([0xff, marker]), input.subarray(pos, pos + length));
      if (marker === APP0 && kept.length === 3) afterJfif = 3;
    }
    pos += length;
  }
  return null;
}
