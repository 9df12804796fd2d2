/**
 * Names a question writes in lower case ("who's in the comet dynamics group", "companies in port
 * alder") are written again as the collection writes them ("Comet Dynamics Group", "Port Alder")
 * before anything reads the question: the checks that a set holds the name a question spells out
 * (selection.ts), the retriever's and the extractor's name features and the class checks all
 * find names by their capitals, and people type questions in lower case.
 *
 * Read from the collection only (lexical-index.ts `writtenNames`): a run of the question's words,
 * none capitalised, that is exactly one of its names (the longest first) takes the name's capitals.
 * Names the collection also writes as ordinary words are not names here (see `writtenNames`).
 */
import { tokenize } from './text.js';

/** The longest name, in words, looked for. */
const MOST_WORDS = 6;

/** The question with each name written in lower case in the collection's capitals; unchanged when there is none. */
export function withNamesAsWritten(question: string, names: ReadonlyMap<string, string>): string {
  if (names.size === 0) return question;
  const tokens = tokenize(question);
  let out = '';
  let at = 0;
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    let name = '';
    for (let n = Math.min(MOST_WORDS, tokens.length - i); n >= 1 && matched === 0; n--) {
      const span = tokens.slice(i, i + n);
      // only lower-case words, written next to each other with single spaces
      if (span.some((t) => /\p{Lu}/u.test(t.text))) continue;
      if (span.some((t, k) => k > 0 && question.slice((span[k - 1] as { end: number }).end, t.start) !== ' ')) continue;
      const written = names.get(span.map((t) => t.text).join(' '));
      if (written !== undefined) {
        matched = n;
        name = written;
      }
    }
    if (matched === 0) {
      i += 1;
      continue;
    }
    const first = tokens[i] as { start: number };
    const last = tokens[i + matched - 1] as { end: number };
    out += question.slice(at, first.start) + name;
    at = last.end;
    i += matched;
  }
  return out + question.slice(at);
}
