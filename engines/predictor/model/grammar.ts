/**
 * Which target tokens may come next: decoding is constrained by the schema graph so the model can
 * only write well-formed graphs over real classes and attributes, with aggregates and operators
 * that fit each attribute's type and placeholders whose mention kind fits the operator
 * (Polyglotter decodes freely and drops invalid graphs; constraining instead keeps every beam useful).
 * The state is recomputed from the prefix, which is short; items follow the canonical order.
 * Patterns (`none … end`, `some … or … end`) hold items of their own; instances a `none` pattern
 * introduces are its own (nothing after it may name them), a `some` pattern's are the graph's
 * (a kin word's person). Computed values (`c1`) are number attributes once a `compute` made them.
 */
import { operatorsFor } from '../../query-graph/random-walk.js';
import type { AttributeType, SchemaGraph } from '../../schema-graph/types.js';
import type { Mention, MentionKind } from '../values/mentions.js';
import type { ValueFit } from '../values/value-fit.js';
import { keyTokens } from '../cues/aggregate.js';
import { MAX_HOPS } from '../../query-graph/validate.js';
import { AGGREGATES, ARITHMETIC, attributeToken, classToken, computedToken, DIRECTIONS, EOS, HOPS, instanceToken, ITEMS, literalToken, MAX_COMPUTED, MAX_INSTANCES, MAX_LITERAL, PATTERN_END, PATTERN_ITEMS, PATTERN_OR, PER, placeholderToken, relationToken, selfRelations } from './target.js';

const NUMERIC: readonly AttributeType[] = ['integer', 'decimal', 'float'];
const TEMPORAL: readonly AttributeType[] = ['date', 'datetime'];
const USABLE: readonly AttributeType[] = [...NUMERIC, ...TEMPORAL, 'text', 'boolean'];
const COMPARISONS = ['=', '!=', '<', '<=', '>', '>='];

/** What the grammar needs to know of a mention: its kind and the attributes holding its value. */
export interface MentionSlot {
  readonly kind: MentionKind;
  /** Attribute tokens of the stored values it matched (text mentions). */
  readonly attributes: readonly string[];
  /** The question's text of it and its number (number and year mentions; else null). */
  readonly text: string;
  readonly number: number | null;
  /** Whether the question says it is an amount of money ("$50", "twenty bucks": Mention.money); such a value is never a key's. */
  readonly money?: boolean;
}

export function mentionSlots(mentions: readonly Mention[]): MentionSlot[] {
  return mentions.map((m) => ({ kind: m.kind, attributes: m.candidates.map((c) => attributeToken(c)), text: m.text, number: m.number, ...(m.money ? { money: true } : {}) }));
}

/** Most items of one kind: longer graphs are not what people ask, and a cap ends runaway beams. */
const MAX_ITEMS: Readonly<Record<string, number>> = { follow: 3, none: 2, some: 2, compute: MAX_COMPUTED, show: 6, where: 5, compare: 2, group: 2, having: 2, order: 2, class: 3 };
/** The same inside one branch of a pattern; branches of one `some`; relations of one follow; `per` of one extreme; operations of one compute. */
const MAX_PATTERN_ITEMS: Readonly<Record<string, number>> = { follow: 3, where: 3, compare: 2, class: 3 };
const MAX_BRANCHES = 4;
const MAX_ALTERNATIVES = 4;
const MAX_PER = 2;
const MAX_OPERATIONS = 2;
/** Items that may come before the first `show` (everything they introduce is named after). */
const BEFORE_SHOW: readonly string[] = ['follow', 'none', 'some', 'compute', 'show'];

interface AttributeInfo {
  readonly token: string;
  /** The token of the same attribute of instance 1 (what a mention's hints name). */
  readonly base: string;
  readonly classId: string;
  readonly attributeId: string;
  readonly instance: number;
  readonly type: AttributeType | 'rows';
}

/** What the follow and compute items of a prefix have introduced: the chain's class, its highest instance, the computed values. */
interface Chain {
  readonly classId: string | null;
  readonly instances: number;
  readonly computed: number;
}

/** Where an open pattern of a prefix starts (its `none`/`some`), or -1 when no pattern is open. */
function openPattern(prefix: readonly string[]): number {
  let open = -1;
  prefix.forEach((t, i) => {
    if (open < 0 && (t === 'none' || t === 'some')) open = i;
    else if (t === PATTERN_END) open = -1;
  });
  return open;
}

/** Whether position i of a prefix lies inside a pattern (after its `none`/`some`, up to its `end`): pattern items are not main items. */
function insidePattern(prefix: readonly string[], i: number): boolean {
  let inside = false;
  for (let k = 0; k < i; k += 1) {
    const t = prefix[k] as string;
    if (!inside && (t === 'none' || t === 'some')) inside = true;
    else if (inside && t === PATTERN_END) inside = false;
  }
  return inside;
}

/** The prefix without its patterns' insides (a closed pattern stays as its keyword): the main items. */
function mainLevel(prefix: readonly string[]): string[] {
  const out: string[] = [];
  let inside = false;
  for (const t of prefix) {
    if (!inside && (t === 'none' || t === 'some')) {
      out.push(t);
      inside = true;
    } else if (inside && t === PATTERN_END) inside = false;
    else if (!inside) out.push(t);
  }
  return out;
}

export class TargetGrammar {
  private readonly attributes: ReadonlyMap<string, AttributeInfo>;
  private readonly plain: readonly string[];
  private readonly classes: readonly string[];
  /** Relation token -> its class, for relations of a class with itself. */
  private readonly relations: ReadonlyMap<string, string>;
  private readonly hasRelations: boolean;
  /**
   * Class id -> the classes joins can reach from it (its connected part of the schema graph). A
   * reading names classes of one part only: a database with tables no foreign key joins (common
   * where keys are not declared) would otherwise fill the beam with readings that cannot be run.
   */
  private readonly reachable: ReadonlyMap<string, ReadonlySet<string>>;
  /** Key columns (instance 1 tokens: primary keys, foreign keys): no amount of money is offered as their value ("products over $50" compares a price, never ProductID). */
  private readonly keys: ReadonlySet<string>;

  constructor(
    schema: SchemaGraph,
    /** The question's mentions, in placeholder order. */
    private readonly mentions: readonly MentionSlot[],
    /** Which numbers may be values of which attributes (the value memory's ranges); none: any. */
    private readonly valueFit?: ValueFit,
  ) {
    this.relations = new Map(selfRelations(schema).map((r) => [relationToken(r.id), r.from]));
    const followed = new Set(this.relations.values());
    const infos: AttributeInfo[] = [];
    for (const c of schema.classes) {
      const instances = followed.has(c.id) ? MAX_INSTANCES : 1;
      for (let instance = 1; instance <= instances; instance += 1) {
        const info = (attributeId: string, type: AttributeInfo['type']) => ({ token: attributeToken({ classId: c.id, attributeId, instance }), base: attributeToken({ classId: c.id, attributeId }), classId: c.id, attributeId, instance, type });
        infos.push(info('*', 'rows'));
        for (const a of c.attributes) if (USABLE.includes(a.type)) infos.push(info(a.id, a.type));
      }
    }
    // Computed values: numbers of no class until a compute item says what they are.
    for (let k = 1; k <= MAX_COMPUTED; k += 1) infos.push({ token: computedToken(k), base: computedToken(k), classId: '', attributeId: computedToken(k), instance: 1, type: 'decimal' });
    this.attributes = new Map(infos.map((i) => [i.token, i]));
    this.plain = infos.filter((i) => i.type !== 'rows').map((i) => i.token);
    this.hasRelations = this.relations.size > 0;
    this.classes = schema.classes.map((c) => classToken(c.id));
    this.reachable = connectedParts(schema);
    this.keys = keyTokens(schema);
  }

  /**
   * The classes a prefix names (attributes' owners, class items, and the class a followed relation
   * is of: a reading that starts by following airports to airports through flights names airports,
   * so a table no relation joins to them is not offered after it).
   */
  private classesOf(prefix: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const token of prefix) {
      const info = this.attributes.get(token);
      if (info?.classId) out.add(info.classId);
      else if (token.startsWith('C:')) out.add(token.slice(2));
      else if (this.relations.has(token)) out.add(this.relations.get(token) as string);
    }
    return out;
  }

  /** Whether a token names a class (or an attribute of one) that joins cannot reach from the classes already named. */
  private unreachable(token: string, named: ReadonlySet<string>): boolean {
    if (named.size === 0) return false;
    const classId = this.attributes.get(token)?.classId || (token.startsWith('C:') ? token.slice(2) : '');
    if (!classId) return false;
    const [first] = named;
    return !(this.reachable.get(first as string)?.has(classId) ?? true);
  }

  /**
   * The chain the follow items of `prefix` built (they come first, with the patterns'), and the
   * computed values: a closed `none` pattern's instances are its own, so they do not count.
   */
  private chain(prefix: readonly string[]): Chain {
    let classId: string | null = null;
    let instances = 1;
    let computed = 0;
    const open = openPattern(prefix);
    let pattern: { start: number; none: boolean } | null = null;
    const closedNone: [number, number][] = [];
    prefix.forEach((t, i) => {
      if (pattern === null && (t === 'none' || t === 'some')) pattern = { start: i, none: t === 'none' };
      else if (pattern !== null && t === PATTERN_END) {
        if (pattern.none) closedNone.push([pattern.start, i]);
        pattern = null;
      }
    });
    const hidden = (i: number) => closedNone.some(([a, b]) => i > a && i < b);
    prefix.forEach((t, i) => {
      if (t.startsWith('R:')) classId ??= this.relations.get(t) ?? null;
      else if (/^i\d+$/.test(t) && !hidden(i)) instances = Math.max(instances, Number(t.slice(1)));
      else if (t === 'compute' && (open < 0 || i < open)) computed += 1;
    });
    return { classId, instances, computed };
  }

  /** Whether an attribute token may be named: instance 1 always, others once a follow introduced them; a computed value once computed. */
  private usable(token: string, chain: Chain): boolean {
    const info = this.attributes.get(token);
    if (info === undefined) return false;
    if (info.classId === '') return Number(token.slice(1)) <= chain.computed;
    return info.instance === 1 || (info.classId === chain.classId && info.instance <= chain.instances);
  }

  /** Tokens allowed after `prefix` (which excludes BOS). */
  allowed(prefix: readonly string[]): readonly string[] {
    const usedPlaceholders = prefix.filter((t) => t.startsWith('@'));
    // Find the start of the current item (a pattern is one item, from its keyword to its end).
    const level = mainLevel(prefix);
    let start = -1;
    for (let i = prefix.length - 1; i >= 0; i -= 1) {
      if ((ITEMS as readonly string[]).includes(prefix[i] as string) && !insidePattern(prefix, i)) {
        start = i;
        break;
      }
    }
    if (start < 0) return prefix.length === 0 ? BEFORE_SHOW.filter((t) => t !== 'follow' || this.hasRelations) : [];
    const keyword = prefix[start] as string;
    const body = prefix.slice(start + 1);
    const chain = this.chain(prefix);
    const before = mainLevel(prefix.slice(0, start));
    const item =
      keyword === 'follow'
        ? this.follow(body, this.chain(prefix.slice(0, start)))
        : keyword === 'none' || keyword === 'some'
          ? this.pattern(keyword, body, prefix.slice(0, start), usedPlaceholders)
          : this.item(keyword, body, usedPlaceholders, previousCondition(before));
    // Instances a follow has not introduced cannot be named; a column is shown or grouped once.
    const repeated = repeatedItems(keyword, body, before);
    const named = this.classesOf(prefix);
    const options = item.options.filter((t) => (!this.attributes.has(t) || this.usable(t, chain)) && !repeated.has(t) && !this.unreachable(t, named));
    const all = item.complete ? [...options, ...this.nextItems(level.slice(0, before.length + 1))] : options;
    // Each mention is one value: a placeholder used once is not offered again.
    const used = new Set(usedPlaceholders);
    return used.size === 0 ? all : all.filter((t) => !used.has(t));
  }

  /** Items may repeat within their section or move to a later one; limit and distinct at most once. */
  private nextItems(upTo: readonly string[]): string[] {
    const keywords = upTo.filter((t) => (ITEMS as readonly string[]).includes(t));
    const last = keywords[keywords.length - 1] as string;
    const from = (ITEMS as readonly string[]).indexOf(last);
    // Follows, patterns and computations only lead up to what is shown: nothing else, not even the end, before a show.
    const shown = keywords.includes('show');
    const out: string[] = shown ? [EOS] : [];
    ITEMS.forEach((item, index) => {
      if (index < from) return;
      if (!shown && !BEFORE_SHOW.includes(item)) return;
      // A `some` of conditions and classes (IN, INTERSECT, UNION) is for every schema; follows only for self-relations.
      if (item === 'follow' && !this.hasRelations) return;
      if (keywords.filter((k) => k === item).length >= (MAX_ITEMS[item] ?? 1)) return;
      if (item === 'limit' && !keywords.includes('order')) return;
      if (item === 'offset' && !keywords.includes('limit')) return;
      out.push(item);
    });
    return out;
  }

  /**
   * A pattern: branches of follows, conditions, comparisons and classes (in that order), `or`
   * between branches of a `some`, `end` after a branch that says something.
   */
  private pattern(keyword: string, body: readonly string[], before: readonly string[], usedPlaceholders: readonly string[]): { options: readonly string[]; complete: boolean } {
    if (body[body.length - 1] === PATTERN_END) return { options: [], complete: true };
    const branches = body.filter((t) => t === PATTERN_OR).length + 1;
    const branch = body.slice(body.lastIndexOf(PATTERN_OR) + 1);
    const starts = PATTERN_ITEMS.filter((t) => t !== 'follow' || this.hasRelations);
    let at = -1;
    for (let i = branch.length - 1; i >= 0; i -= 1) {
      if ((PATTERN_ITEMS as readonly string[]).includes(branch[i] as string)) {
        at = i;
        break;
      }
    }
    if (at < 0) return { options: starts, complete: false };
    const sub = branch[at] as string;
    const subBody = branch.slice(at + 1);
    const upTo = [...before, keyword, ...body.slice(0, body.length - branch.length + at)];
    const inner =
      sub === 'follow'
        ? this.follow(subBody, this.chain(upTo))
        : this.item(sub, subBody, usedPlaceholders, previousCondition(branch.slice(0, at)));
    if (!inner.complete) return inner;
    const counts = (t: string) => branch.filter((x) => x === t).length;
    const next = starts.filter((t, i) => i >= starts.indexOf(sub as (typeof PATTERN_ITEMS)[number]) && counts(t) < (MAX_PATTERN_ITEMS[t] ?? 1));
    return { options: [...inner.options, ...next, PATTERN_END, ...(keyword === 'some' && branches < MAX_BRANCHES ? [PATTERN_OR] : [])], complete: false };
  }

  /**
   * `follow R:<relation> [R:<alternative>…] [hops #min #max] i<from> i<to>`: relations of a class
   * with itself (all follows of a graph stay in one class); one end is an instance already there
   * (i1 at first), the other is another existing one (two chains meeting: an intersection) or the
   * next new instance.
   */
  private follow(body: readonly string[], before: Chain): { options: readonly string[]; complete: boolean } {
    const own = [...this.relations.entries()].filter(([, c]) => before.classId === null || c === before.classId).map(([t]) => t);
    if (body.length === 0) return { options: own, complete: false };
    const relations = body.filter((t) => t.startsWith('R:'));
    const rest = body.slice(relations.length);
    if (rest.length === 0) {
      const classId = this.relations.get(relations[0] as string);
      const more = relations.length < MAX_ALTERNATIVES ? own.filter((t) => this.relations.get(t) === classId && !relations.includes(t)) : [];
      return { options: [...more, HOPS, ...this.followEnds([], before)], complete: false };
    }
    let ends = rest;
    if (rest[0] === HOPS) {
      if (rest.length === 1) return { options: Array.from({ length: MAX_HOPS }, (_, i) => literalToken(i + 1)), complete: false };
      const min = Number((rest[1] as string).slice(1));
      if (rest.length === 2) return { options: Array.from({ length: MAX_HOPS - min + 1 }, (_, i) => literalToken(min + i)), complete: false };
      ends = rest.slice(3);
    }
    const options = this.followEnds(ends, before);
    return options.length > 0 ? { options, complete: false } : { options: [], complete: true };
  }

  /** The instance tokens that may come next at a follow's ends (none once both are there). */
  private followEnds(ends: readonly string[], before: Chain): string[] {
    const next = Math.min(before.instances + 1, MAX_INSTANCES);
    const all = Array.from({ length: next }, (_, i) => i + 1);
    if (ends.length === 0) return all.map(instanceToken);
    if (ends.length === 1) {
      const from = Number((ends[0] as string).slice(1));
      return all.filter((to) => to !== from && (from <= before.instances || to <= before.instances) && (from === before.instances + 1 || to <= before.instances + 1)).map(instanceToken);
    }
    return [];
  }

  /** The options inside one item and whether the item could end here. */
  private item(keyword: string, body: readonly string[], usedPlaceholders: readonly string[], previous: PreviousCondition | null): { options: readonly string[]; complete: boolean } {
    switch (keyword) {
      case 'show':
        return this.measure(body, true);
      case 'group':
        return body.length === 0 ? { options: this.plain.filter((t) => t.startsWith('A:')), complete: false } : { options: [], complete: true };
      case 'order': {
        if (body.length === 0) return { options: DIRECTIONS, complete: false };
        return this.measure(body.slice(1), false);
      }
      case 'where':
        return this.ordered(this.where(body, usedPlaceholders), body, previous);
      case 'having': {
        const m = this.measure(body, false, true);
        if (!m.complete) return m;
        const measureLength = (AGGREGATES as readonly string[]).includes(body[0] as string) ? 2 : 1;
        const rest = body.slice(measureLength);
        if (rest.length === 0) return { options: COMPARISONS, complete: false };
        if (rest.length === 1) return { options: [...this.placeholders(['number']), ...this.literals()], complete: false };
        return { options: [], complete: true };
      }
      case 'limit':
        return body.length === 0 ? { options: [...this.placeholders(['number']), ...this.literals()], complete: false } : { options: [], complete: true };
      case 'offset':
        return body.length === 0 ? { options: this.literals(), complete: false } : { options: [], complete: true };
      case 'compute':
        return this.compute(body);
      case 'compare':
        return this.compare(body);
      case 'extreme':
        return this.extreme(body);
      case 'distinct':
        return { options: [], complete: true };
      case 'class':
        return body.length === 0 ? { options: this.classes, complete: false } : { options: [], complete: true };
      default:
        return { options: [], complete: false };
    }
  }

  /** Arithmetic in prefix order: an operator, then its two operands (number attributes, small literals, or operations); at least one attribute. */
  private compute(body: readonly string[]): { options: readonly string[]; complete: boolean } {
    if (body.length === 0) return { options: ARITHMETIC, complete: false };
    let need = 1;
    let operations = 0;
    let attributes = 0;
    for (const t of body) {
      if ((ARITHMETIC as readonly string[]).includes(t)) {
        need += 1;
        operations += 1;
      } else {
        need -= 1;
        if (t.startsWith('A:')) attributes += 1;
      }
    }
    if (need === 0) return { options: [], complete: true };
    const numbers = this.plain.filter((t) => t.startsWith('A:') && NUMERIC.includes(this.attributes.get(t)?.type as AttributeType));
    if (need === 1 && attributes === 0) return { options: numbers, complete: false };
    return { options: [...(operations < MAX_OPERATIONS ? ARITHMETIC : []), ...numbers, ...this.literals()], complete: false };
  }

  /** Two attributes of one kind (numbers, dates or texts; texts only equal or not) and a comparison between them. */
  private compare(body: readonly string[]): { options: readonly string[]; complete: boolean } {
    const kind = (t: string) => {
      const type = this.attributes.get(t)?.type;
      return NUMERIC.includes(type as AttributeType) ? 'number' : TEMPORAL.includes(type as AttributeType) ? 'date' : type === 'text' ? 'text' : null;
    };
    if (body.length === 0) return { options: this.plain.filter((t) => kind(t) !== null), complete: false };
    const left = body[0] as string;
    if (body.length === 1) return { options: kind(left) === 'text' ? ['=', '!='] : COMPARISONS, complete: false };
    if (body.length === 2) return { options: this.plain.filter((t) => t !== left && kind(t) === kind(left)), complete: false };
    return { options: [], complete: true };
  }

  /** `extreme max|min <attribute> [per <attribute>]…`: the highest or lowest per group. */
  private extreme(body: readonly string[]): { options: readonly string[]; complete: boolean } {
    if (body.length === 0) return { options: ['max', 'min'], complete: false };
    if (body.length === 1) return { options: this.plain.filter((t) => this.attributes.get(t)?.type !== 'boolean'), complete: false };
    const per = body.filter((t) => t === PER).length;
    if (body[body.length - 1] === PER) return { options: this.plain.filter((t) => !body.includes(t) && !t.startsWith('c')), complete: false };
    return { options: per < MAX_PER ? [PER] : [], complete: true };
  }

  /** [aggregate] attribute; aggregates only where they fit the attribute's type. */
  private measure(body: readonly string[], allowPlain: boolean, aggregateOnly = false): { options: readonly string[]; complete: boolean } {
    if (body.length === 0) return { options: [...AGGREGATES, ...(aggregateOnly ? [] : this.plain)], complete: false };
    const first = body[0] as string;
    if ((AGGREGATES as readonly string[]).includes(first)) {
      if (body.length === 1) return { options: this.aggregateTargets(first), complete: false };
      return { options: [], complete: true };
    }
    return { options: [], complete: allowPlain || !aggregateOnly };
  }

  private aggregateTargets(aggregate: string): string[] {
    const out: string[] = [];
    for (const info of this.attributes.values()) {
      if (aggregate === 'count' && info.type === 'rows') out.push(info.token);
      else if (aggregate === 'count_distinct' && info.type !== 'rows') out.push(info.token);
      else if ((aggregate === 'sum' || aggregate === 'avg') && NUMERIC.includes(info.type as AttributeType)) out.push(info.token);
      else if ((aggregate === 'min' || aggregate === 'max') && info.type !== 'rows' && info.type !== 'boolean') out.push(info.token);
    }
    return out;
  }

  /**
   * Conditions come in the target's order (generator.ts): those with values by their first
   * placeholder, then those without (null tests, true/false) by attribute. Holding beams to it
   * keeps them from spending themselves on the same graph written in another order.
   */
  private ordered(options: { options: readonly string[]; complete: boolean }, body: readonly string[], previous: PreviousCondition | null): { options: readonly string[]; complete: boolean } {
    if (!previous) return options;
    if (previous.firstPlaceholder === null) {
      // After a condition without values only such conditions follow, by attribute.
      if (body.length === 0) return { ...options, options: options.options.filter((t) => t > previous.attribute) };
      if (body.length === 1) {
        const type = this.attributes.get(body[0] as string)?.type;
        return { ...options, options: options.options.filter((op) => op === 'is_null' || op === 'not_null' || type === 'boolean') };
      }
      return options;
    }
    if (body.length === 2) return { ...options, options: options.options.filter((t) => !t.startsWith('@') || Number(t.slice(1)) > (previous.firstPlaceholder as number)) };
    return options;
  }

  private where(body: readonly string[], usedPlaceholders: readonly string[]): { options: readonly string[]; complete: boolean } {
    if (body.length === 0) return { options: this.plain, complete: false };
    const info = this.attributes.get(body[0] as string);
    if (!info || info.type === 'rows') return { options: [], complete: false };
    const type = info.type;
    if (body.length === 1) {
      // Only operators the question has values for: a beam must never walk into a dead end.
      const options = operatorsFor(type).filter((op) => {
        if (op === 'is_null' || op === 'not_null') return true;
        const available = this.valueTokens(type, op, usedPlaceholders, info.token).length;
        return op === 'between' ? available >= 2 : available >= 1;
      });
      return { options, complete: false };
    }
    const operator = body[1] as string;
    const values = body.slice(2);
    const fitting = this.valueTokens(type, operator, values, info.token);
    switch (operator) {
      case 'is_null':
      case 'not_null':
        return { options: [], complete: true };
      case 'between':
        return values.length < 2 ? { options: fitting, complete: false } : { options: [], complete: true };
      case 'in':
      case 'not_in':
        return { options: fitting, complete: values.length >= 1 };
      default:
        return values.length < 1 ? { options: fitting, complete: false } : { options: [], complete: true };
    }
  }

  /**
   * Values for a condition: placeholders of fitting mentions (each used once), or true/false. A
   * text mention only goes to an attribute whose stored values it matched: the value memory knows
   * where "Germany" lives, so the model only chooses among those attributes.
   */
  private valueTokens(type: AttributeType, operator: string, used: readonly string[], attribute: string): string[] {
    if (type === 'boolean') return ['true', 'false'];
    let kinds: MentionKind[];
    if (operator === 'year') kinds = ['year', 'number'];
    else if (operator === 'month') kinds = ['month'];
    else if (TEMPORAL.includes(type)) kinds = ['date', 'month', 'year'];
    else if (NUMERIC.includes(type)) kinds = ['number', 'year'];
    else kinds = ['text', 'number', 'year'];
    return this.placeholders(kinds, type === 'text' ? attribute : null, { attribute, operator }).filter((t) => !used.includes(t));
  }

  private placeholders(kinds: readonly MentionKind[], textAttribute: string | null = null, condition: { attribute: string; operator: string } | null = null): string[] {
    const out: string[] = [];
    const info = condition ? this.attributes.get(condition.attribute) : undefined;
    this.mentions.forEach((mention, index) => {
      if (!(kinds.includes(mention.kind) || (kinds.includes('number') && mention.kind === 'year'))) return;
      if (textAttribute !== null && mention.kind === 'text' && !mention.attributes.includes(this.attributes.get(textAttribute)?.base ?? textAttribute)) return;
      if (info && info.classId !== '' && condition && this.valueFit && !this.valueFit.fits(info.classId, info.attributeId, condition.operator, mention)) return;
      if (mention.money && info && this.keys.has(info.base)) return;
      out.push(placeholderToken(index + 1));
    });
    return out;
  }

  private literals(): string[] {
    return Array.from({ length: MAX_LITERAL }, (_, i) => literalToken(i + 1));
  }
}

/**
 * The tokens that would end a `show` or `group` item exactly as an earlier one: one column shown
 * twice says nothing more (the generator never writes it), and a beam that does so is lost.
 */
function repeatedItems(keyword: string, body: readonly string[], before: readonly string[]): ReadonlySet<string> {
  if (keyword !== 'show' && keyword !== 'group') return new Set();
  const out = new Set<string>();
  before.forEach((token, i) => {
    if (token !== keyword) return;
    let end = i + 1;
    while (end < before.length && !(ITEMS as readonly string[]).includes(before[end] as string)) end += 1;
    const earlier = before.slice(i + 1, end);
    // An earlier item one token longer than ours that starts as ours does: its last token would repeat it.
    if (earlier.length === body.length + 1 && body.every((t, k) => earlier[k] === t)) out.add(earlier[body.length] as string);
  });
  return out;
}

/** What the order of conditions needs of the condition before: its attribute and first placeholder. */
interface PreviousCondition {
  readonly attribute: string;
  /** The number of its first placeholder, null for a condition without (a null test, true/false). */
  readonly firstPlaceholder: number | null;
}

/** The last `where` item of a prefix that ends just before a new item, or null. */
function previousCondition(prefix: readonly string[]): PreviousCondition | null {
  const at = prefix.lastIndexOf('where');
  if (at < 0) return null;
  const body = prefix.slice(at + 1);
  const placeholder = body.slice(2).find((t) => t.startsWith('@'));
  return { attribute: body[0] as string, firstPlaceholder: placeholder ? Number(placeholder.slice(1)) : null };
}

/** Each class's connected part of the schema graph: the classes its relations (either way, any number of hops) reach, itself included. */
function connectedParts(schema: SchemaGraph): ReadonlyMap<string, ReadonlySet<string>> {
  const neighbours = new Map<string, string[]>(schema.classes.map((c) => [c.id, []]));
  for (const relation of schema.relations) {
    neighbours.get(relation.from)?.push(relation.to);
    neighbours.get(relation.to)?.push(relation.from);
  }
  const parts = new Map<string, ReadonlySet<string>>();
  for (const start of neighbours.keys()) {
    if (parts.has(start)) continue;
    const part = new Set([start]);
    const queue = [start];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const other of neighbours.get(next) ?? []) {
        if (!part.has(other)) {
          part.add(other);
          queue.push(other);
        }
      }
    }
    for (const member of part) parts.set(member, part);
  }
  return parts;
}
