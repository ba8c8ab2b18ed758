/**
 * PDF receipts (what banking apps export): the first page is rendered to a PNG by MuPDF (Artifex's WASM build,
 * the `mupdf` package), then handled like a photo. Runs only inside the image worker pool (media/image-pool.ts),
 * whose task is also stopped after PDF_LIMITS.seconds by ending the worker. The document is checked before
 * anything is drawn: page count, page size, declared image sizes, script and encryption (docs/topups.md#receipts).
 */
import type * as Mupdf from 'mupdf';

export const PDF_LIMITS = {
  /** A receipt is a page or two; a statement of 11 pages is not a receipt. */
  maxPages: 10,
  /** Objects in the file: a bank's receipt has tens to a few hundred. */
  maxObjects: 20_000,
  /** Longest page side in points (1/72 in): 3000 pt is about 106 cm, far beyond any receipt or A3. */
  maxPagePoints: 3000,
  /** Pixels of any image the file declares (the same bound as uploaded photos). */
  maxImagePixels: 40_000_000,
  /** The rendered page's longest side in pixels, and at most 3× (216 dpi). */
  renderSide: 2000,
  maxScale: 3,
  /** The whole task: opening, checking and drawing. */
  seconds: 15,
} as const;

export type PdfError = 'pdf-pages' | 'pdf-page-size' | 'pdf-script' | 'pdf-locked' | 'too-big' | 'unreadable';

/** "%PDF-" at the very start: a PDF header anywhere else (a polyglot) is not taken as one. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 8 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

let loaded: Promise<typeof Mupdf> | null = null;
const mupdf = () => {
  // MuPDF's repair warnings about a broken file would go to stderr per upload; the refusal says enough.
  loaded ??= import('mupdf').then((lib) => {
    lib.setLog({});
    return lib;
  });
  return loaded;
};

const SCRIPT_KEYS = new Set(['JS', 'JavaScript']);

/** Whether any object of the file carries script (an /S /JavaScript action, a /JS entry, a JavaScript name tree). */
function scanObjects(doc: Mupdf.PDFDocument): PdfError | null {
  const count = doc.countObjects();
  if (count > PDF_LIMITS.maxObjects) return 'unreadable';
  for (let num = 1; num < count; num++) {
    const obj = doc.newIndirect(num).resolve();
    if (!obj.isDictionary()) continue;
    let found = null as PdfError | null;
    obj.forEach((value, key) => {
      if (found) return;
      if (typeof key === 'string' && SCRIPT_KEYS.has(key)) found = 'pdf-script';
      else if (key === 'S' && value.isName() && value.asName() === 'JavaScript') found = 'pdf-script';
    });
    if (found) return found;
    // An image's size is in its dictionary: it is checked before a byte of it is decompressed.
    if (obj.get('Subtype').isName() && obj.get('Subtype').asName() === 'Image') {
      const width = obj.get('Width').isNumber() ? obj.get('Width').asNumber() : 0;
      const height = obj.get('Height').isNumber() ? obj.get('Height').asNumber() : 0;
      if (width * height > PDF_LIMITS.maxImagePixels) return 'too-big';
    }
  }
  return null;
}

/** The first page of a PDF as a PNG, or why the file is refused. */
export async function renderPdfFirstPage(bytes: Uint8Array): Promise<{ png: Buffer } | { error: PdfError }> {
  const lib = await mupdf();
  let doc: Mupdf.Document | null = null;
  try {
    doc = lib.Document.openDocument(bytes, 'application/pdf');
    if (doc.needsPassword()) return { error: 'pdf-locked' };
    const pdf = doc.asPDF();
    if (!pdf) return { error: 'unreadable' };
    const pages = doc.countPages();
    if (pages < 1) return { error: 'unreadable' };
    if (pages > PDF_LIMITS.maxPages) return { error: 'pdf-pages' };
    const scanned = scanObjects(pdf);
    if (scanned) return { error: scanned };
    const page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    const width = x1 - x0;
    const height = y1 - y0;
    if (!(width >= 1 && height >= 1)) return { error: 'unreadable' };
    if (width > PDF_LIMITS.maxPagePoints || height > PDF_LIMITS.maxPagePoints) return { error: 'pdf-page-size' };
    const scale = Math.min(PDF_LIMITS.maxScale, PDF_LIMITS.renderSide / Math.max(width, height));
    const pixmap = page.toPixmap(lib.Matrix.scale(scale, scale), lib.ColorSpace.DeviceRGB, false, true);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    page.destroy();
    return { png };
  } catch {
    return { error: 'unreadable' };
  } finally {
    doc?.destroy();
  }
}
