/**
 * A fact collection's taught answers as the text-fact extractor's training data (`nlq train
 * --nldb`, models/train/nldb/taught.py): per correction its question, the answer's values, the
 * texts of the facts it rests on (those still in the collection) and a few negatives: the facts
 * the lexical index finds first for the question that state none of the values and are none of the
 * answer's facts, which the extractor must learn to read as showing nothing for it.
 */
import { fold } from '../../../engines/english/normalize.js';
import type { FactIndex } from '../../../engines/nldb/fact-index.js';
import { decodeFactAnswer } from './fact-answers.js';
import type { TaughtExample } from './example-store.js';

/** One correction as the trainer reads it (taught.py). */
export interface TaughtFactTraining {
  readonly collection: string;
  readonly question: string;
  readonly answer: readonly string[];
  /** Texts of the facts the answer rests on. */
  readonly facts: readonly string[];
  /** Texts of facts the question's words find that state none of the values. */
  readonly negatives: readonly string[];
}

const NEGATIVES = 2;
/** Lexical hits looked at for negatives. */
const LOOK_AT = 12;

export function taughtFactTraining(collection: string, examples: readonly TaughtExample[], index: FactIndex): TaughtFactTraining[] {
  const out: TaughtFactTraining[] = [];
  for (const example of examples) {
    const taught = decodeFactAnswer(example.queryGraph);
    if (!taught) continue;
    const facts = taught.facts.flatMap((id) => {
      const fact = index.fact(id);
      return fact ? [fact.text] : [];
    });
    const values = taught.answer.map((value) => fold(value).trim()).filter((value) => value !== '');
    const negatives = index.lexical
      .search(example.question, LOOK_AT)
      .filter((hit) => !taught.facts.includes(hit.id))
      .flatMap((hit) => {
        const text = index.fact(hit.id)?.text;
        return text && !values.some((value) => fold(text).includes(value)) ? [text] : [];
      })
      .slice(0, NEGATIVES);
    out.push({ collection, question: example.question, answer: taught.answer, facts, negatives });
  }
  return out;
}
