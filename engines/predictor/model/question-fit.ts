/**
 * Questions longer than a model reads. Every query-graph model has 128 input positions (train.py
 * sizes them max(longest training input + 8, 128)); a longer input fails inside onnxruntime. The
 * gateway's own limit is 1,000 characters, so a question can be valid and still too long for the
 * model: it is cut, deliberately, to its longest beginning (whole words) that fits, and every
 * reading says so in its explanation. Nothing else changes: a question that fits is read whole.
 */
import type { QuestionInterpreter, SourceInterpretation, SourceQuestion } from '../../source.js';
import { words } from '../../english/normalize.js';

/** Input positions of the query-graph models (the smallest any training run gives). */
export const MODEL_INPUT_POSITIONS = 128;

/**
 * Tokens the fit leaves free below MODEL_INPUT_POSITIONS: the count it measures (question words,
 * placeholders and value hints) comes before the interpreter's synonym rewriting and the
 * adjective-to-value lookups, which can add a few tokens (a two-word schema name for one word, one
 * more value's hints).
 */
const MARGIN = 16;

/** A question as the model will read it. */
export interface FittedQuestion {
  /** What the model reads: the whole question, or its beginning. */
  readonly text: string;
  /** Whether words were cut off the end. */
  readonly cut: boolean;
  /** Words read, and words in the whole question. */
  readonly wordsRead: number;
  readonly wordsTotal: number;
}

/**
 * The longest beginning of `question`, in whole words, whose model input (`inputLength`) fits in
 * `budget` tokens; the whole question when it fits.
 */
export function fitQuestion(question: string, inputLength: (text: string) => number, budget = MODEL_INPUT_POSITIONS - MARGIN): FittedQuestion {
  const spans = words(question);
  const whole: FittedQuestion = { text: question, cut: false, wordsRead: spans.length, wordsTotal: spans.length };
  if (inputLength(question) <= budget) return whole;
  // Binary search over how many words are kept: the input grows with the words kept.
  let low = 0;
  let high = spans.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (inputLength(question.slice(0, spans[middle - 1]!.end)) <= budget) low = middle;
    else high = middle - 1;
  }
  return { text: low === 0 ? '' : question.slice(0, spans[low - 1]!.end), cut: true, wordsRead: low, wordsTotal: spans.length };
}

/** What a cut question's readings say about it. */
export function cutNote(fitted: FittedQuestion): string {
  return `only the first ${fitted.wordsRead} of the question's ${fitted.wordsTotal} words were read: the rest is longer than this source's model reads (${MODEL_INPUT_POSITIONS} tokens); ask a shorter question for the rest`;
}

/**
 * `interpreter` asked only what its model can read of each question: a question too long is cut
 * (fitQuestion) and each reading's explanation ends with cutNote.
 */
export function fittedToModel(interpreter: QuestionInterpreter, inputLength: (text: string) => number, budget = MODEL_INPUT_POSITIONS - MARGIN): QuestionInterpreter {
  return {
    async answer(question: SourceQuestion): Promise<readonly SourceInterpretation[]> {
      const fitted = fitQuestion(question.question, inputLength, budget);
      if (!fitted.cut) return interpreter.answer(question);
      if (fitted.wordsRead === 0) return [];
      const readings = await interpreter.answer({ ...question, question: fitted.text });
      return readings.map((reading) => ({ ...reading, explanation: `${reading.explanation} (${cutNote(fitted)})` }));
    },
  };
}
