import { z } from 'zod';

/** Arabic-Indic (U+0660–0669) and Persian (U+06F0–06F9) digits: both sit at the same offset in their block. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Rewrites Arabic-Indic and Persian digits as 0–9 and leaves every other character alone.
 * Phones set to Arabic type them; game, bank and supplier systems only understand Latin
 * digits, so a number field converts rather than drops them (the client as typed, the server again).
 */
export function latinDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90));
}

/** Wraps a schema so string input has its digits made Latin before any check runs. */
export const withLatinDigits = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? latinDigits(v) : v), schema);
