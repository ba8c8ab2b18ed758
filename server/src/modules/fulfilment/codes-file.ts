import { deliveryMessages, MAX_CODES_PER_UPLOAD } from '@raseed/contract';
import { AppError } from '../../kernel/errors';
import { deliveryMsg } from './messages-ar';

export type CodeLine = { line: number; code: string; serial: string | null; expiresAt: string | null };
/** One line of an upload as the operator wrote it: its number and its columns, not yet checked. */
export type CodeRow = { line: number; cols: string[] };

const refuse = (message: string) => AppError.fields({ codes: [message] });
const isBlank = (c: number) => c === 0x20 || c === 0x09;

/**
 * Lines of an uploaded stock file: text or CSV, one code a line, an optional second column
 * (serial or PIN) and third (expiry date); columns past the third are ignored. A column may be
 * quoted ("A,B"; "" is one quote) but a quote must close on its own line, since a code never
 * holds a line break. Blank lines are skipped but keep their number, so a refusal names the line
 * the operator sees in their editor.
 *
 * A line reader rather than a CSV library (csv-parse before): a stock file is one code a line,
 * and a general CSV parser let a stray quote swallow the rest of the file into one field (a 500)
 * and spent seconds of the event loop on a record per blank line of a 5 MB file. This pass takes
 * milliseconds and refuses a file with more than `MAX_CODES_PER_UPLOAD` codes at the first code
 * past the cap.
 */
export function readCodesFile(bytes: Uint8Array): CodeRow[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const rows: CodeRow[] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // Files made on any system: CRLF, LF or CR line ends, even mixed in one file.
  for (let line = 1; at <= text.length; line += 1) {
    let end = at;
    let blank = true;
    for (; end < text.length; end += 1) {
      const c = text.charCodeAt(end);
      if (c === 0x0a || c === 0x0d) break;
      if (blank && !isBlank(c)) blank = false;
    }
    if (!blank) {
      const cols = splitLine(text.slice(at, end), line);
      if (cols[0]?.trim()) {
        if (rows.length === MAX_CODES_PER_UPLOAD) throw refuse(deliveryMessages.tooManyCodes(MAX_CODES_PER_UPLOAD));
        rows.push({ line, cols });
      }
    }
    at = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1);
  }
  return rows;
}

/** The first three comma-separated columns of one line, quotes undone. */
function splitLine(s: string, line: number): string[] {
  const cols: string[] = [];
  let i = 0;
  while (cols.length < 3) {
    let j = i;
    while (j < s.length && isBlank(s.charCodeAt(j))) j += 1;
    if (s[j] !== '"') {
      // Unquoted: taken as written, a quote inside included.
      const comma = s.indexOf(',', j);
      cols.push(s.slice(j, comma < 0 ? s.length : comma));
      if (comma < 0) break;
      i = comma + 1;
      continue;
    }
    let value = '';
    let k = j + 1;
    for (;;) {
      const quote = s.indexOf('"', k);
      if (quote < 0) throw refuse(deliveryMsg.lineQuoteOpen(line));
      value += s.slice(k, quote);
      k = quote + 1;
      if (s[k] !== '"') break;
      value += '"';
      k += 1;
    }
    while (k < s.length && isBlank(s.charCodeAt(k))) k += 1;
    cols.push(value);
    if (k >= s.length) break;
    if (s[k] !== ',') throw refuse(deliveryMsg.lineQuoteStray(line));
    i = k + 1;
  }
  return cols;
}

/** Pasted lines (JSON `codes`) read with the same columns as a file, so `code,serial` works in both. */
export function splitPastedLines(lines: string[]): CodeRow[] {
  return lines.map((l, i) => {
    const parts = l.split(',').map((p) => p.trim());
    const cols = parts.length > 3 ? [parts.slice(0, parts.length - 2).join(','), ...parts.slice(-2)] : parts;
    return { line: i + 1, cols };
  });
}
