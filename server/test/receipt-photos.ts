import sharp from 'sharp';

/**
 * Photo-like test receipts made here rather than checked in: a phone shot of a bank slip is a
 * lit paper on a table (gradients), printed lines and a stamp, with sensor noise and JPEG
 * artefacts. `seed` moves the figures so two "customers" get different slips.
 */
function slipSvg(w: number, h: number, amount: string, seed: number): string {
  const lines = Array.from({ length: 9 }, (_, i) => {
    const y = 260 + i * 70;
    const len = 300 + ((seed * 37 + i * 53) % 260);
    return `<rect x="80" y="${y}" width="${len}" height="18" rx="4" fill="#2b2b2b" opacity="0.75"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs>
      <linearGradient id="table" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#5a3b22"/>
        <stop offset="1" stop-color="#a0714a"/>
      </linearGradient>
      <radialGradient id="light" cx="0.35" cy="0.3" r="0.9">
        <stop offset="0" stop-color="#fffdf6"/>
        <stop offset="1" stop-color="#cfc6b4"/>
      </radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#table)"/>
    <rect x="50" y="60" width="${w - 100}" height="${h - 120}" fill="url(#light)"
      transform="rotate(-2 ${w / 2} ${h / 2})"/>
    <rect x="80" y="100" width="${w - 160}" height="110" fill="#1f5fa8"/>
    <text x="${w - 110}" y="175" font-size="56" fill="#ffffff" text-anchor="end"
      font-family="sans-serif">BANK ${seed}</text>
    ${lines}
    <text x="80" y="${h - 230}" font-size="90" fill="#111" font-family="monospace">${amount} USD</text>
    <circle cx="${w - 200}" cy="${h - 260}" r="90" fill="none" stroke="#b0232a" stroke-width="14" opacity="0.8"/>
  </svg>`;
}

async function photo(svg: string, w: number, h: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .blur(0.6)
    .jpeg({ quality: 88 })
    .toBuffer();
}

export function receiptPhoto(amount = '250.00', seed = 1): Promise<Buffer> {
  return photo(slipSvg(900, 1200, amount, seed), 900, 1200);
}

/** A different subject altogether: a landscape with sky, hills and a sun. */
export function unrelatedPhoto(): Promise<Buffer> {
  const w = 1200;
  const h = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d4f91"/>
      <stop offset="1" stop-color="#f4c27a"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="900" cy="260" r="110" fill="#fff2b0"/>
    <path d="M0 620 Q 300 420 600 600 T 1200 560 V 900 H 0 Z" fill="#2f5d2a"/>
    <path d="M0 760 Q 400 640 800 760 T 1200 720 V 900 H 0 Z" fill="#1b3a18"/>
  </svg>`;
  return photo(svg, w, h);
}

/** What a second sender does to a copied receipt: crop a few percent off the edges and re-save it smaller. */
export async function recompressedCrop(original: Buffer): Promise<Buffer> {
  const meta = await sharp(original).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const dx = Math.round(w * 0.02);
  const dy = Math.round(h * 0.02);
  return sharp(original)
    .extract({ left: dx, top: dy, width: w - 2 * dx - 5, height: h - 2 * dy - 7 })
    .resize(Math.round(w * 0.7))
    .jpeg({ quality: 55 })
    .toBuffer();
}
