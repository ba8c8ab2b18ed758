const BREAKS = /<\s*br\s*\/?>|<\/\s*(p|div|li|h[1-6]|tr)\s*>/gi;

/**
 * The operator's product info as plain text. It may hold HTML; it is parsed inertly (a
 * DOMParser document runs no scripts and loads nothing), script and style bodies are dropped,
 * and only the text is kept, with line breaks where blocks ended. The result is rendered as a
 * text node, never as markup.
 */
export function htmlToPlainText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(BREAKS, '\n'), 'text/html');
  for (const el of doc.querySelectorAll('script, style, template, noscript')) el.remove();
  return (doc.body.textContent ?? '')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
