/**
 * Retrieval plans: how a question that needs more than one source (or more than one question to
 * one source) is split into sub-questions and put back together (seeds/003 §4.2, with NQL's
 * weighted sets of seeds/002 as the algebra that recombines the parts).
 */

/** A source as the planner sees it: enough to recognise it when a question names it. */
export interface PlannableSource {
  readonly id: string;
  readonly kind: 'sql' | 'cypher' | 'nldb';
  readonly description: string;
  /** Plural noun for the things the source is mostly about ("people"), when known. */
  readonly mainNoun?: string;
}

/** One question for one step of a plan, routed to named sources or (null) to source selection. */
export interface SubQuestion {
  readonly question: string;
  readonly sources: readonly string[] | null;
  /**
   * Rows the step may read when its answer is only an intermediate set that the plan filters
   * (the gateway caps it); the client's row limit applies to the final answer.
   */
  readonly rowLimit?: number;
}

/** A count to compare or add up: "suppliers in Sweden" asked as "How many suppliers in Sweden are there?". */
export interface CountOperand {
  /** The words of the question that describe what is counted. */
  readonly phrase: string;
  readonly ask: SubQuestion;
}

export type RetrievalPlan =
  /** One question, asked of the selected sources as it is. */
  | { readonly kind: 'single' }
  /** "Are there more A or B?": the larger count wins (a scalar naming it). */
  | { readonly kind: 'compare-which'; readonly operands: readonly [CountOperand, CountOperand]; readonly fewer: boolean }
  /** "Are there more A than B?": yes or no. */
  | { readonly kind: 'compare-than'; readonly operands: readonly [CountOperand, CountOperand]; readonly fewer: boolean }
  /** "How many A and B are there in total?": the counts added. */
  | { readonly kind: 'total'; readonly operands: readonly CountOperand[] }
  /** "How many more A than B?": the difference of the counts. */
  | { readonly kind: 'difference'; readonly operands: readonly [CountOperand, CountOperand] }
  /**
   * "Which royals mentioned in the town facts were born before 1800?": the things one source
   * returns, kept when another source's facts mention them (intersection on names).
   */
  | { readonly kind: 'mentioned-in'; readonly main: SubQuestion; readonly facts: string }
  /**
   * "Which people in the town facts work for a Northwind supplier?": the members of a set from one
   * source (suppliers), each followed into another source with the question re-asked about it.
   */
  | {
      readonly kind: 'follow';
      /** The set to follow from ("List all suppliers."). */
      readonly set: SubQuestion;
      /** What the set's members are called ("supplier"): the answer column for them. */
      readonly memberNoun: string;
      /** The question asked for each member; `{member}` is replaced by the member's name. */
      readonly template: string;
      readonly templateSources: readonly string[] | null;
    };

export type PlanKind = RetrievalPlan['kind'];
