/**
 * How people write a stored name that a database spells its own way: "Henry_VIII of house of
 * Tudor" is "Henry VIII", "Henry VIII Tudor" or, with the person's title, "King Henry VIII";
 * "Alexandra of_Denmark \"Alix\"" is "Alexandra of Denmark". Plain rules about written names
 * (underscores for spaces, nicknames in quotes or brackets, "of house of" suffixes, a regnal
 * compound standing for the whole name), the same for every schema. The value memory indexes
 * these forms so a question's natural form finds the stored value, and the generator writes them.
 */
import { leadingTitles } from './name-affixes.js';

/** Natural forms of a stored value, without the value itself (empty when it has none). */
export function naturalForms(stored: string): string[] {
  const forms = new Set<string>();
  // Nicknames in quotes or brackets are words ("Alix", "(May)"); "(503) 555-9831" keeps its digits.
  const spaced = tidy(stored.replace(/_/g, ' ').replace(/"[^"\d]*\p{L}[^"\d]*"|\([^)\d]*\p{L}[^)\d]*\)/gu, ' '));
  forms.add(spaced);
  const house = /^(.+?) of (?:the )?house of (.+)$/i.exec(spaced);
  if (house) {
    forms.add(house[1] as string);
    forms.add(`${house[1]} ${house[2]}`);
  }
  // "Elizabeth_II Alexandra Mary": the compound joined by an underscore is the name people use.
  const compound = /^([^\s_]+_[^\s_]+)\s/.exec(stored.trim());
  if (compound) forms.add(tidy((compound[1] as string).replace(/_/g, ' ')));
  // "Sir Isaac Newton", "Dr. Jane Doe": people name them without the title too (name-affixes.ts).
  for (const form of [...forms]) {
    const ws = form.split(' ');
    const titles = leadingTitles(ws.map((w) => w.toLowerCase()));
    if (titles > 0 && ws.length - titles >= 2) forms.add(ws.slice(titles).join(' '));
  }
  forms.delete(tidy(stored));
  return [...forms].filter((f) => f.length >= 2);
}

/**
 * The word a title puts before a name ("Queen of England" -> "Queen", "Tsar of Russia" -> "Tsar"):
 * its first word when that is a capitalised word; null otherwise.
 */
export function titleWord(title: string): string | null {
  const first = /^\s*(\p{Lu}\p{Ll}+)\b/u.exec(title);
  return first ? (first[1] as string) : null;
}

/** Attributes whose values are titles put before names: "title", "rank", "honorific". */
export const TITLE_ATTRIBUTE = /\b(title|rank|honorific)\b/;

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\s+([,.])/g, '$1').trim();
}
