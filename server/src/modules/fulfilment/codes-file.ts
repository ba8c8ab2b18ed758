import { parse } from 'csv-parse/sync';

export type CodeLine = { line: number; code: string; serial: string | null; expiresAt: string | null };

/**
 * Lines of an uploaded stock file: text or CSV, one code a line, an optional second column
 * (serial or PIN) and third (expiry date). Blank lines are skipped but keep their number, so a
 * refusal names the line the operator sees in their editor.
 */
export function readCodesFile(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // Files made on any system: CRLF, LF or CR line ends, even mixed in one file.
  return parse(text, {
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    trim: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  }) as string[][];
}

/** Pasted lines (JSON `codes`) read with the same columns as a file, so `code,serial` works in both. */
export function splitPastedLines(lines: string[]): string[][] {
  return lines.map((l) => {
    const parts = l.split(',').map((p) => p.trim());
    return parts.length > 3 ? [parts.slice(0, parts.length - 2).join(','), ...parts.slice(-2)] : parts;
  });
}
