/**
 * PDF receipts (what banking apps export): the first page is rendered to a PNG by Debian's poppler-utils, run as
 * separate programs (`pdfinfo`, `pdftoppm`), never linked into the server (poppler is GPL), then handled like a
 * photo. Runs only inside the image worker pool (media/image-pool.ts). The file is checked before anything is
 * drawn: a scan of its bytes (script, declared image sizes, object count), then pdfinfo (pages, page size, a
 * password). Each program is killed at the task's deadline, its output bounded, its environment minimal, and it
 * reads the PDF from a private temporary file (docs/topups.md#receipts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

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
  /** The whole task: checking and drawing. */
  seconds: 15,
} as const;

export type PdfError =
  | 'pdf-pages'
  | 'pdf-page-size'
  | 'pdf-script'
  | 'pdf-locked'
  | 'pdf-unavailable'
  | 'too-big'
  | 'slow'
  | 'unreadable';

/** "%PDF-" at the very start: a PDF header anywhere else (a polyglot) is not taken as one. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 8 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

/** Where poppler-utils is looked for: the system's directories, never the request's or a user's PATH. */
const BIN_DIRS = ['/usr/bin', '/usr/local/bin', '/bin'];

function findProgram(name: string): string | null {
  for (const dir of BIN_DIRS) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  return null;
}

/** pdfinfo and pdftoppm, or null when poppler-utils is not installed (PDF receipts are then refused). */
export function popplerPrograms(): { pdfinfo: string; pdftoppm: string } | null {
  const pdfinfo = findProgram('pdfinfo');
  const pdftoppm = findProgram('pdftoppm');
  return pdfinfo && pdftoppm ? { pdfinfo, pdftoppm } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The byte scan: conservative, so a false alarm refuses a receipt (the customer sends a photo), never the reverse
// for what it can see. Stream data is skipped (compressed bytes would match by chance) except object streams,
// which hold dictionaries and are inflated (bounded) and scanned too.

const SCRIPT_NAMES = new Set(['JS', 'JavaScript']);
/** Inflated object streams, in all: beyond this the file is refused as unreadable. */
const MAX_INFLATED = 32 * 1024 * 1024;

/** A PDF name with its #xx escapes decoded (/J#61vaScript is /JavaScript). */
const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function hasScriptName(text: string): boolean {
  for (const m of text.matchAll(/\/([^\s/[\]<>(){}%]*)/g)) if (SCRIPT_NAMES.has(decodeName(m[1]!))) return true;
  return false;
}

function intEntry(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)(?![\\d.]|\\s+\\d+\\s+R)`).exec(dict);
  return m ? Number(m[1]) : null;
}

export function scanPdfBytes(bytes: Uint8Array): PdfError | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let objects = (text.match(/\d+\s+\d+\s+obj\b/g) ?? []).length;
  let inflated = 0;
  const outside: string[] = [];
  let at = 0;
  const streamStart = />>\s*stream\r?\n/g;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    const dataStart = m.index + m[0].length;
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = text.slice(dictStart < at ? at : dictStart, m.index + 2);
    outside.push(text.slice(at, dataStart));
    const end = text.indexOf('endstream', dataStart);
    const length = intEntry(dict, 'Length');
    const dataEnd =
      length !== null && dataStart + length <= (end < 0 ? text.length : end)
        ? dataStart + length
        : end < 0
          ? text.length
          : end;
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const width = intEntry(dict, 'Width') ?? 0;
      const height = intEntry(dict, 'Height') ?? 0;
      if (width * height > PDF_LIMITS.maxImagePixels) return 'too-big';
    }
    if (/\/Type\s*\/ObjStm\b/.test(dict)) {
      objects += intEntry(dict, 'N') ?? 0;
      // Only plain Flate is read here; an object stream this scan cannot read is rendered anyway (poppler runs
      // no JavaScript), its script simply unseen.
      if (/\/Filter\s*(?:\/FlateDecode\b|\[\s*\/FlateDecode\s*\])/.test(dict) && !/\/DecodeParms/.test(dict)) {
        try {
          const data = inflateSync(Buffer.from(text.slice(dataStart, dataEnd), 'latin1'), {
            maxOutputLength: MAX_INFLATED - inflated,
          });
          inflated += data.length;
          if (hasScriptName(data.toString('latin1'))) return 'pdf-script';
        } catch (error) {
          if (error instanceof RangeError) return 'unreadable';
        }
      }
    }
    if (objects > PDF_LIMITS.maxObjects) return 'unreadable';
    at = end < 0 ? text.length : end;
  }
  outside.push(text.slice(at));
  if (objects > PDF_LIMITS.maxObjects) return 'unreadable';
  if (outside.some(hasScriptName)) return 'pdf-script';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Running poppler.

type Run = { code: number | null; stdout: Buffer; stderr: string; timedOut: boolean; overflow: boolean };

/** Output beyond these is not read: the program is killed and the file refused. */
const MAX_INFO_OUTPUT = 64 * 1024;
/** A 2000 × 2000 RGB PNG is at most about 12 MB even when it does not compress at all. */
const MAX_PNG_OUTPUT = 16 * 1024 * 1024;
const MAX_STDERR = 16 * 1024;

function run(program: string, args: string[], cwd: string, maxStdout: number, deadline: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(program, args, {
        cwd,
        // Nothing of the server's environment (secrets, DATABASE_URL) reaches the program.
        env: { PATH: '/usr/bin:/bin', LC_ALL: 'C', HOME: cwd },
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      reject(error);
      return;
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    let overflow = false;
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => {
        timedOut = true;
        kill();
      },
      Math.max(0, deadline - Date.now()),
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) {
        overflow = true;
        kill();
      } else out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR) err += chunk.toString('latin1').slice(0, MAX_STDERR - err.length);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr: err, timedOut, overflow });
    });
  });
}

type PdfInfo = { pages: number; width: number; height: number };

function parseInfo(output: string): PdfInfo | null {
  const pages = /^Pages:\s+(\d+)\s*$/m.exec(output);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(output);
  if (!pages || !size) return null;
  return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
}

/**
 * The first page of a PDF as a PNG, or why the file is refused. `opts` is for tests: other programs in poppler's
 * place (null: not installed) and a shorter time bound.
 */
export async function renderPdfFirstPage(
  bytes: Uint8Array,
  opts: { programs?: { pdfinfo: string; pdftoppm: string } | null; seconds?: number } = {},
): Promise<{ png: Buffer } | { error: PdfError }> {
  // Killed a little before the pool's own bound, so no program outlives its task.
  const deadline = Date.now() + (opts.seconds ?? PDF_LIMITS.seconds) * 1000 - 500;
  const programs = opts.programs === undefined ? popplerPrograms() : opts.programs;
  if (!programs) return { error: 'pdf-unavailable' };
  const scanned = scanPdfBytes(bytes);
  if (scanned) return { error: scanned };

  const dir = await mkdtemp(join(tmpdir(), 'raseed-pdf-'));
  try {
    const file = join(dir, 'receipt.pdf');
    await writeFile(file, bytes, { mode: 0o600 });
    const info = await run(programs.pdfinfo, [file], dir, MAX_INFO_OUTPUT, deadline);
    if (info.timedOut) return { error: 'slow' };
    if (info.code !== 0 || info.overflow) {
      return { error: /incorrect password/i.test(info.stderr) ? 'pdf-locked' : 'unreadable' };
    }
    const text = info.stdout.toString('latin1');
    if (/^JavaScript:\s+yes/m.test(text)) return { error: 'pdf-script' };
    const parsed = parseInfo(text);
    if (!parsed || parsed.pages < 1) return { error: 'unreadable' };
    if (parsed.pages > PDF_LIMITS.maxPages) return { error: 'pdf-pages' };
    const { width, height } = parsed;
    if (!(width >= 1 && height >= 1)) return { error: 'unreadable' };
    if (width > PDF_LIMITS.maxPagePoints || height > PDF_LIMITS.maxPagePoints) return { error: 'pdf-page-size' };
    const side = Math.min(PDF_LIMITS.renderSide, Math.round(PDF_LIMITS.maxScale * Math.max(width, height)));
    const render = await run(
      programs.pdftoppm,
      ['-f', '1', '-l', '1', '-png', '-scale-to', String(side), '-singlefile', file],
      dir,
      MAX_PNG_OUTPUT,
      deadline,
    );
    if (render.timedOut) return { error: 'slow' };
    if (render.overflow) return { error: 'too-big' };
    if (render.code !== 0 || render.stdout.length === 0) return { error: 'unreadable' };
    return { png: render.stdout };
  } catch (error) {
    // The programs vanished between the check and the run: refused as when they are not installed.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { error: 'pdf-unavailable' };
    return { error: 'unreadable' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
