// The words of an announcement's rich text (sanitised HTML), for the "not empty" rule, list excerpts
// and kiosks that read announcements aloud.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text a person reads in an HTML fragment: tags removed (blocks and line breaks become spaces),
 * what scripts and styles hold left out, entities decoded, runs of white space collapsed.
 */
export function htmlToPlainText(html: string): string {
  const text = html
    .replace(/<(script|style|noscript|template)\b[^]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[^]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|iframe|img)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** Whether a fragment has any words once tags are stripped (spec: the text is required). */
export const htmlHasText = (html: string): boolean => htmlToPlainText(html).length > 0;

/** The first words of a text, cut at a word boundary and marked with an ellipsis when cut. */
export function excerptOf(html: string, max: number): string {
  const text = htmlToPlainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
