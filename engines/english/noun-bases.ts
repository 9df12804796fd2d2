/**
 * Base forms a noun may have, for regular plurals, as WordNet's morphy finds them (and the trainers'
 * textnorm.py noun_bases): "clients" -> ["clients", "client"], "cities" -> ["cities", "city"],
 * "boxes" -> ["boxes", "box"]. The word itself comes first.
 */
export function nounBases(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (/(s|x|z|ch|sh)es$/.test(word)) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}
