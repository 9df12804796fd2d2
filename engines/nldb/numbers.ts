/**
 * Numbers as facts write them: "12,750", "5 600", "62 metres", "£3.5", "1,150 staff", "-4". Units,
 * currency signs and thousands separators are stripped; a value with no number in it is null.
 */
const NUMBER = /[-\u2212]?\d{1,3}(?:[,\u00A0\u202F ]\d{3})+(?:\.\d+)?|[-\u2212]?\d+(?:\.\d+)?/;

export function parseNumber(text: string): number | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  const cleaned = m[0].replace(/[,\u00A0\u202F ]/g, '').replace('\u2212', '-');
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
