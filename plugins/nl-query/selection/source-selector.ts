/**
 * Source selection (seed 003's database selection memory, without the LLM): which of the
 * permitted sources should be asked a question. Every candidate gets a score in [0, 1] — the
 * share of the question its profile explains, values and entity names included (selection-index.ts)
 * — and only the best, and those close behind it, are asked when they clear an absolute
 * threshold. Sources that hold the same data (northwind in SQL and as a graph) score alike and
 * are selected together.
 *
 * A selector is an immutable value over a fixed set of profiles; a changed source means a new
 * selector (`withProfiles`). Selection is synchronous and cheap, so a planner can call it for
 * every sub-question.
 */
import type { SourceProfile } from './profile.js';
import { SelectionIndex, type IndexOptions } from './selection-index.js';

export interface SourceScore {
  readonly source: string;
  /** In [0, 1]: the share of the question's information the source's profile explains. */
  readonly score: number;
  /** The phrases that earned the score, strongest first (`value "germany"`, `name "customer"`). */
  readonly evidence: readonly string[];
}

export interface SourceSelection {
  /** Sources to ask, best first. */
  readonly selected: readonly SourceScore[];
  /** The other candidates, best first, with their scores (so callers can say why). */
  readonly rejected: readonly SourceScore[];
}

export interface SelectorOptions {
  /** Least score a source needs to be asked at all. Default 0.3. */
  readonly threshold?: number;
  /**
   * A selected source scores at least this share of the best source's score: a source that
   * explains much less of the question than the best one is not asked. Default 0.9.
   */
  readonly relative?: number;
  /** Most sources selected for one question. Default 5. */
  readonly maxSources?: number;
  /**
   * A near-duplicate of a selected source (the same data in another store) is selected too when
   * it scores at least this share of the best score (and the threshold). Default 0.5.
   */
  readonly twinRelative?: number;
  /** How the index weighs words and phrases. */
  readonly index?: IndexOptions;
}

export const DEFAULT_SELECTOR_OPTIONS = { threshold: 0.3, relative: 0.9, maxSources: 5, twinRelative: 0.5 } as const;

export class SourceSelector {
  private readonly threshold: number;
  private readonly relative: number;
  private readonly maxSources: number;
  private readonly twinRelative: number;
  /** Built on first use: selectors replaced before anyone asks never pay for an index. */
  private built: SelectionIndex | null = null;

  constructor(
    readonly profiles: readonly SourceProfile[],
    private readonly options: SelectorOptions = {},
  ) {
    this.threshold = options.threshold ?? DEFAULT_SELECTOR_OPTIONS.threshold;
    this.relative = options.relative ?? DEFAULT_SELECTOR_OPTIONS.relative;
    this.maxSources = options.maxSources ?? DEFAULT_SELECTOR_OPTIONS.maxSources;
    this.twinRelative = options.twinRelative ?? DEFAULT_SELECTOR_OPTIONS.twinRelative;
  }

  /** A selector with these profiles added, or replacing the ones with the same ids. */
  withProfiles(profiles: readonly SourceProfile[]): SourceSelector {
    const replaced = new Set(profiles.map((profile) => profile.id));
    return new SourceSelector([...this.profiles.filter((profile) => !replaced.has(profile.id)), ...profiles], this.options);
  }

  /** Scores every candidate (ids without a profile score 0) and splits them into selected and rejected. */
  select(question: string, candidates: readonly string[]): SourceSelection {
    const index = this.index();
    const scores = index.score(question, [...new Set(candidates)]).sort((a, b) => b.score - a.score || a.source.localeCompare(b.source));
    const best = scores[0]?.score ?? 0;
    const chosen = new Set<string>();
    for (const score of scores) {
      if (score.score >= this.threshold && score.score >= this.relative * best && chosen.size < this.maxSources) chosen.add(score.source);
    }
    // The same data in another store answers the same questions, though its schema may word them
    // differently ("sold by" in the graph, no such word in SQL): it keeps a lower bar.
    const twins = new Set([...chosen].flatMap((id) => index.twinsOf(id)));
    for (const score of scores) {
      if (twins.has(score.source) && score.score >= this.threshold && score.score >= this.twinRelative * best) chosen.add(score.source);
    }
    return {
      selected: scores.filter((score) => chosen.has(score.source)),
      rejected: scores.filter((score) => !chosen.has(score.source)),
    };
  }

  /** Why a rejected source was not asked, in one sentence for its SourceOutcome. */
  reasonRejected(score: SourceScore, selection: SourceSelection): string {
    const best = selection.selected[0];
    const why =
      score.score < this.threshold
        ? `below the relevance threshold ${this.threshold}`
        : best
          ? `well below the best source '${best.source}' (${best.score.toFixed(2)})`
          : 'not among the best sources';
    const evidence = score.evidence.length > 0 ? `; matched ${score.evidence.join(', ')}` : '; nothing in it matches the question';
    return `source selection judged '${score.source}' unrelated to the question: score ${score.score.toFixed(2)}, ${why}${evidence}`;
  }

  private index(): SelectionIndex {
    this.built ??= new SelectionIndex(this.profiles, this.options.index);
    return this.built;
  }
}
