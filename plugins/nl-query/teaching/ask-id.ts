/**
 * Ask ids: `AskResult.id`, what `confirmAnswer(askId, interpretationId)` needs to know which question
 * a reading was confirmed for, so that a client passes back the id it got rather than the text again.
 * Like interpretation ids (calibration/interpretation-id.ts) they keep no state on the server between
 * `ask` and the confirmation: the id is the question as asked, encoded. An id is as trusted as any
 * client input (it says no more than the question itself would).
 */
import { BadInputError } from '../../../errors.js';

const PREFIX = 'a1.';

/** The id of one asked question (the same question gets the same id). */
export function askId(question: string): string {
  return PREFIX + Buffer.from(question, 'utf8').toString('base64url');
}

/** The question an ask id stands for; anything that is not one is BAD_USER_INPUT naming `argumentName`. */
export function questionOfAskId(id: string, argumentName = 'askId'): string {
  const bad = () => new BadInputError('not an ask id: pass the `id` of an AskResult that ask returned', argumentName);
  if (typeof id !== 'string' || !id.startsWith(PREFIX) || id.length > 20_000) throw bad();
  const body = id.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]*$/.test(body)) throw bad();
  const question = Buffer.from(body, 'base64url').toString('utf8');
  // Round-trips only if the id was written by askId (base64url decoding is lenient otherwise).
  if (question === '' || askId(question) !== id) throw bad();
  return question;
}
