/**
 * Weighted sets in the sense of NQL (Cohen et al., seeds/002): a set of typed members, each with a
 * weight in [0, 1] that says how sure we are it belongs. Answers from different sources meet here:
 * a sub-answer becomes a weighted set (its weight the confidence of the interpretation that made
 * it), and the retrieval plans combine them with union, intersection, `follow` and `ifAny`.
 *
 * NQL adds weights under union (s + t) and multiplies them under intersection (s ⊙ t). We keep
 * weights as probabilities, so union is the noisy-or 1 - (1 - a)(1 - b): two independent sources
 * agreeing make a member more certain, and the weight never leaves [0, 1]. Values are immutable:
 * every operation returns a new set.
 */

/** One member: a key that identifies it across sources, what it is, and the evidence for it. */
export interface WeightedMember<T> {
  /** Identity used by union and intersection (e.g. a normalised name). */
  readonly key: string;
  readonly value: T;
  readonly weight: number;
  /** Where the member came from: source ids, in the order they contributed. */
  readonly sources: readonly string[];
}

/** Identity for members named in free text or different sources: case, accents and spacing do not count. */
export function memberKey(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

const clamp = (weight: number) => Math.min(1, Math.max(0, weight));
const noisyOr = (a: number, b: number) => 1 - (1 - a) * (1 - b);
const mergeSources = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

export class WeightedSet<T> {
  private constructor(private readonly members: ReadonlyMap<string, WeightedMember<T>>) {}

  static empty<T>(): WeightedSet<T> {
    return new WeightedSet(new Map());
  }

  /** A set from members; a key seen twice keeps the union of its weights. */
  static of<T>(members: Iterable<WeightedMember<T>>): WeightedSet<T> {
    let set = WeightedSet.empty<T>();
    for (const member of members) set = set.union(new WeightedSet(new Map([[member.key, { ...member, weight: clamp(member.weight) }]])));
    return set;
  }

  get size(): number {
    return this.members.size;
  }

  /** Members, heaviest first (ties by key, so the order is deterministic). */
  toArray(): readonly WeightedMember<T>[] {
    return [...this.members.values()].sort((a, b) => b.weight - a.weight || a.key.localeCompare(b.key));
  }

  has(key: string): boolean {
    return this.members.has(key);
  }

  get(key: string): WeightedMember<T> | undefined {
    return this.members.get(key);
  }

  /** The L1 norm: the total weight (NQL's ||t||₁). */
  mass(): number {
    let total = 0;
    for (const member of this.members.values()) total += member.weight;
    return total;
  }

  /** s | t: every member of either; a member of both is surer (noisy-or of its weights). */
  union(other: WeightedSet<T>): WeightedSet<T> {
    const merged = new Map(this.members);
    for (const [key, member] of other.members) {
      const mine = merged.get(key);
      merged.set(
        key,
        mine ? { ...mine, weight: noisyOr(mine.weight, member.weight), sources: mergeSources(mine.sources, member.sources) } : member,
      );
    }
    return new WeightedSet(merged);
  }

  /** s & t: members of both, weights multiplied; the value is this set's, the sources both. */
  intersect<U>(other: WeightedSet<U>): WeightedSet<T> {
    const kept = new Map<string, WeightedMember<T>>();
    for (const [key, member] of this.members) {
      const theirs = other.members.get(key);
      if (theirs) kept.set(key, { ...member, weight: member.weight * theirs.weight, sources: mergeSources(member.sources, theirs.sources) });
    }
    return new WeightedSet(kept);
  }

  /** s minus t: members of this set whose key is not in `other` (weights unchanged). */
  without<U>(other: WeightedSet<U>): WeightedSet<T> {
    return new WeightedSet(new Map([...this.members].filter(([key]) => !other.members.has(key))));
  }

  /** s * a: every weight scaled by a factor in [0, 1] (the confidence of the step that produced s). */
  scale(factor: number): WeightedSet<T> {
    const f = clamp(factor);
    return new WeightedSet(new Map([...this.members].map(([key, member]) => [key, { ...member, weight: member.weight * f }])));
  }

  /** s.if_any(t): this set if t has members, scaled by t's mass (capped at 1); empty if t is empty. */
  ifAny<U>(condition: WeightedSet<U>): WeightedSet<T> {
    return this.scale(Math.min(1, condition.mass()));
  }

  /**
   * s.follow(r): the members reached from this set along a weighted relation. `relation(member)`
   * gives the members one step away (with the relation's own weights); a target reached from
   * several members is the noisy-or of the paths, each path weighing source × edge.
   */
  async follow<U>(relation: (member: WeightedMember<T>) => Promise<WeightedSet<U>>): Promise<WeightedSet<U>> {
    let reached = WeightedSet.empty<U>();
    for (const member of this.toArray()) {
      const step = await relation(member);
      reached = reached.union(step.scale(member.weight));
    }
    return reached;
  }

  /** Members whose weight is at least `threshold`. */
  above(threshold: number): WeightedSet<T> {
    return new WeightedSet(new Map([...this.members].filter(([, member]) => member.weight >= threshold)));
  }

  map<U>(transform: (member: WeightedMember<T>) => U): WeightedSet<U> {
    return new WeightedSet(new Map([...this.members].map(([key, member]) => [key, { ...member, value: transform(member) }])));
  }
}
