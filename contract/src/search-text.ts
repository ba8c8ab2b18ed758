import { latinDigits } from './digits';

/**
 * How the catalog search compares Arabic text (docs/catalog.md#search). Customers type without
 * hamza or diacritics, with ه for ة and ي for ى, in Arabic-Indic digits, and the singular of
 * what the catalog names in the plural («شدة» for «شدات»); all of these find the same thing.
 */

/** Harakat, Quranic marks and the superscript alef: shape the reading, never the word. */
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ؤ: 'و',
  ئ: 'ي',
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ک: 'ك',
};
const FOLDED = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * One spelling for comparing: compatibility forms unfolded (presentation forms, full-width
 * Latin), marks and tatweel dropped, hamza forms, ta marbuta and alef maqsura folded, digits
 * Latin, lower case.
 */
export function searchText(text: string): string {
  return latinDigits(text.normalize('NFKC'))
    .replace(MARKS, '')
    .replace(TATWEEL, '')
    .replace(FOLDED, (c) => LETTERS[c] ?? c)
    .toLowerCase();
}

/**
 * The words of a text, normalised: split on anything that is not a letter or a digit, and
 * where digits meet letters («60شدة», «ps5»), so «10$» is the word «10».
 */
export function searchWords(text: string): string[] {
  return searchText(text)
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const NUMBER = /^\p{N}+$/u;

/**
 * A light Arabic stem, only to meet the forms a catalog is named in: the article (البطاقات),
 * the feminine plural (شدات) and the ta marbuta, already folded to ه (شده). Both sides of a
 * comparison are stemmed the same way, so an odd cut on a word never hides it.
 */
function stem(word: string): string {
  let s = word;
  if (s.startsWith('ال') && s.length > 4) s = s.slice(2);
  if (s.endsWith('ات') && s.length >= 4) return s.slice(0, -2);
  if (s.endsWith('ه') && s.length >= 3) return s.slice(0, -1);
  return s;
}

/**
 * Whether a typed word finds a word of the catalog. A number must be the whole number
 * («10» is not «100»); a word finds the words it begins (pub → pubg), and the same word in
 * another form (شده ↔ شدات, بطاقه ↔ البطاقات).
 */
export function wordMatches(typed: string, word: string): boolean {
  if (NUMBER.test(typed)) return word === typed;
  if (word.startsWith(typed)) return true;
  const a = stem(typed);
  const b = stem(word);
  return a === b || (a.length >= 3 && b.startsWith(a));
}

/** How many of the typed words are found among `words`. */
export function wordsFound(typed: readonly string[], words: readonly string[]): number {
  let found = 0;
  for (const t of typed) if (words.some((w) => wordMatches(t, w))) found += 1;
  return found;
}
