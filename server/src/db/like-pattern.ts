/** A LIKE pattern finding `text` anywhere, lower-cased: `%`, `_` and the escape itself match literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
