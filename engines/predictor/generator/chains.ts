/**
 * Synthetic questions over relation chains (issue 5: "relation chains on graphs"): a class that
 * relates to itself by role relations (a family tree's FATHER, HUSBAND, SISTER) is asked about
 * along chains of 1-3 roles from a named instance ("Who was the father of Queen Victoria's
 * husband?"), counted ("How many wives did Henry VIII have?"), filtered at the end ("Which of
 * Edward VII's sisters were born after 1845?"), read backwards ("people whose mother was Anne
 * Boleyn") and intersected ("Which uncles of George V were also sons of Christian IX?"), plus plain
 * facts about a named instance ("Where was Queen Victoria born?"). Instances are numbered along the
 * chain (the named one is 1), so one meaning has one graph. A role relation is a relation of a
 * class with itself whose human name is one word (a noun: "father"); others ("reports to") are not
 * asked this way. English only, from the schema's own names; deterministic for the seeded Random.
 */
import { queryGraph } from '../../query-graph/build.js';
import type { Random } from '../../query-graph/random-walk.js';
import type { AttributeRef, Constraint, Follow, Measure, QueryGraph } from '../../query-graph/types.js';
import type { SchemaAttribute, SchemaGraph, SchemaRelation } from '../../schema-graph/types.js';
import { eventOf } from '../schema-words/events.js';
import { shownLabel } from './naming.js';
import type { ValueMemory } from '../values/value-memory.js';

/** Shares of the chain shapes; they need not sum to 1. */
export interface ChainOptions {
  /** A chain of roles from a named instance, showing the last one's name (or another attribute). Default 0.45. */
  readonly lookup?: number;
  /** The number of instances at the end of a chain. Default 0.15. */
  readonly count?: number;
  /** A chain whose last instances are filtered by one of their attributes. Default 0.15. */
  readonly filter?: number;
  /** One role read backwards ("people whose father was X"). Default 0.08. */
  readonly reverse?: number;
  /** Instances in a role to one named instance and in another to a second one. Default 0.07. */
  readonly intersection?: number;
  /** An attribute of a named instance, no chain ("Where was X born?"). Default 0.1. */
  readonly fact?: number;
}

/** A generated question with its graph (real values, not placeholders). */
export interface ChainQuestion {
  readonly graph: QueryGraph;
  readonly question: string;
}

/**
 * English nouns for a role read backwards: X's children are the people whose father (or mother)
 * X is. Which of the two is X's, the data knows: the interpreter runs the next reading when one
 * comes back empty, so the model proposes both.
 */
const INVERSE: Readonly<Record<string, string>> = { father: 'child', mother: 'child', son: 'parent', daughter: 'parent' };
const IRREGULAR: Readonly<Record<string, string>> = { wife: 'wives', child: 'children', man: 'men', woman: 'women', person: 'people', half: 'halves', life: 'lives' };

/** Role relations of a schema: relations of a class with itself named by one word. */
export function roleRelations(schema: SchemaGraph): SchemaRelation[] {
  return schema.relations.filter((r) => r.from === r.to && /^[a-z]+$/.test(r.name.singular));
}

export class ChainGenerator {
  private readonly roles: readonly SchemaRelation[];

  constructor(
    private readonly schema: SchemaGraph,
    private readonly memory: ValueMemory,
    private readonly random: Random,
    private readonly options: ChainOptions = {},
  ) {
    this.roles = roleRelations(schema);
  }

  /** Whether the schema has anything to ask this way. */
  get usable(): boolean {
    return this.roles.length > 0;
  }

  next(): ChainQuestion | null {
    if (!this.usable) return null;
    const classId = this.random.pick(this.roles).from;
    const label = shownLabel(this.schema, classId);
    const names = label ? (this.memory.column(classId, label.id)?.values ?? []) : [];
    if (!label || label.type !== 'text' || names.length === 0) return null;
    const o = { lookup: 0.45, count: 0.15, filter: 0.15, reverse: 0.08, intersection: 0.07, fact: 0.1, ...this.options };
    const shapes = [['lookup', o.lookup], ['count', o.count], ['filter', o.filter], ['reverse', o.reverse], ['intersection', o.intersection], ['fact', o.fact]] as const;
    let r = this.random.next() * shapes.reduce((s, [, w]) => s + w, 0);
    const shape = shapes.find(([, w]) => (r -= w) < 0)?.[0] ?? 'lookup';
    const ctx = { classId, label, name: this.random.pick(names), roles: this.roles.filter((x) => x.from === classId) };
    switch (shape) {
      case 'count':
        return this.count(ctx);
      case 'filter':
        return this.filter(ctx);
      case 'reverse':
        return this.reverse(ctx);
      case 'intersection':
        return this.intersection(ctx, this.random.pick(names));
      case 'fact':
        return this.fact(ctx);
      default:
        return this.lookup(ctx);
    }
  }

  // -----------------------------------------------------------------------------------------
  // shapes

  private lookup(ctx: Context): ChainQuestion | null {
    const chain = this.chain(ctx, this.hops());
    const last = chain.length + 1;
    const other = this.random.chance(0.2) ? this.otherAttribute(ctx) : null;
    const target = ref(ctx.classId, other?.id ?? ctx.label.id, last);
    const graph = this.graph(ctx, chain, [{ target, aggregate: null }], []);
    const plural = this.random.chance(0.35);
    const who = this.phrase(ctx, chain, plural);
    if (other) return { graph, question: this.finish(this.attributeQuestion(other, who, plural)) };
    const forms = plural
      ? [`who are ${who}`, `who were ${who}`, `name ${who}`, `list ${who}`, `show me ${who}`, `${who}`, `tell me ${who}`, `which people are ${who}`, `give me the names of ${who}`]
      : [`who was ${who}`, `who is ${who}`, `name ${who}`, `${who}`, `what is the name of ${who}`, `tell me ${who}`, `who's ${who}`];
    return { graph, question: this.finish(this.random.pick(forms)) };
  }

  private count(ctx: Context): ChainQuestion | null {
    const chain = this.chain(ctx, this.random.chance(0.7) ? 1 : 2);
    const graph = this.graph(ctx, chain, [{ target: ref(ctx.classId, '*', chain.length + 1), aggregate: 'count' }], []);
    const lastRole = this.pluralOf((chain[chain.length - 1] as Step).word);
    const owner = chain.length === 1 ? this.nameText(ctx) : this.phrase(ctx, chain.slice(0, -1), false);
    const who = this.phrase(ctx, chain, true);
    const forms = [
      `how many ${lastRole} did ${owner} have`,
      `how many ${lastRole} does ${owner} have`,
      `how many ${lastRole} had ${owner}`,
      `number of ${who}`,
      `count ${who}`,
      `how many ${who.replace(/^the /, '')} are there`,
      `the number of ${who}`,
    ];
    return { graph, question: this.finish(this.random.pick(forms)) };
  }

  private filter(ctx: Context): ChainQuestion | null {
    const chain = this.chain(ctx, this.random.chance(0.75) ? 1 : 2);
    const last = chain.length + 1;
    const attribute = this.otherAttribute(ctx, true);
    if (!attribute) return null;
    const condition = this.condition(attribute, last);
    if (!condition) return null;
    const graph = this.graph(ctx, chain, [{ target: ref(ctx.classId, ctx.label.id, last), aggregate: null }], [condition.constraint]);
    const who = this.phrase(ctx, chain, true);
    const forms = [`which of ${this.possessive(ctx, chain)} ${condition.verb}`, `${who} ${condition.clause}`, `list ${who} ${condition.clause}`, `which ${this.pluralRole(chain)} of ${this.ownerOf(ctx, chain)} ${condition.verb}`];
    return { graph, question: this.finish(this.random.pick(forms)) };
  }

  private reverse(ctx: Context): ChainQuestion | null {
    const role = this.random.pick(ctx.roles);
    const follows: Follow[] = [{ from: { classId: ctx.classId, instance: 2 }, relation: role.id, to: { classId: ctx.classId, instance: 1 } }];
    const graph = queryGraph({ select: [{ target: ref(ctx.classId, ctx.label.id, 2), aggregate: null }], where: [this.anchor(ctx, 1)], follows });
    const x = this.nameText(ctx);
    const people = this.plural(ctx.classId);
    const forms = [`${people} whose ${role.name.singular} was ${x}`, `which ${people} had ${x} as ${role.name.singular}`, `who had ${x} as their ${role.name.singular}`, `list the ${people} whose ${role.name.singular} is ${x}`, `whose ${role.name.singular} was ${x}`];
    return { graph, question: this.finish(this.random.pick(forms)) };
  }

  private intersection(ctx: Context, other: string): ChainQuestion | null {
    if (other === ctx.name) return null;
    const a = this.random.pick(ctx.roles);
    const b = this.random.pick(ctx.roles);
    const follows: Follow[] = [
      { from: { classId: ctx.classId, instance: 1 }, relation: a.id, to: { classId: ctx.classId, instance: 2 } },
      { from: { classId: ctx.classId, instance: 3 }, relation: b.id, to: { classId: ctx.classId, instance: 2 } },
    ];
    const graph = queryGraph({ select: [{ target: ref(ctx.classId, ctx.label.id, 2), aggregate: null }], where: [this.anchor(ctx, 1), { target: ref(ctx.classId, ctx.label.id, 3), operator: '=', values: [{ kind: 'string', value: other }] }], follows });
    const x = this.nameText(ctx);
    const y = this.nameText({ ...ctx, name: other });
    const as = this.pluralOf(a.name.singular);
    const bs = this.pluralOf(b.name.singular);
    const forms = [
      `which ${as} of ${x} were also ${bs} of ${y}`,
      `which of ${this.possessiveOf(x)} ${as} were also ${this.possessiveOf(y)} ${bs}`,
      `which of ${this.possessiveOf(x)} ${as} were also ${bs} of ${y}`,
      `${this.possessiveOf(x)} ${as} who were also ${bs} of ${y}`,
      `who was both ${this.possessiveOf(x)} ${a.name.singular} and ${this.possessiveOf(y)} ${b.name.singular}`,
      `${as} of ${x} that are also ${bs} of ${y}`,
    ];
    return { graph, question: this.finish(this.random.pick(forms)) };
  }

  private fact(ctx: Context): ChainQuestion | null {
    const attribute = this.otherAttribute(ctx);
    if (!attribute) return null;
    const graph = queryGraph({ select: [{ target: ref(ctx.classId, attribute.id, 1), aggregate: null }], where: [this.anchor(ctx, 1)] });
    return { graph, question: this.finish(this.attributeQuestion(attribute, this.nameText(ctx), false)) };
  }

  // -----------------------------------------------------------------------------------------
  // graphs

  private hops(): number {
    const r = this.random.next();
    return r < 0.45 ? 1 : r < 0.85 ? 2 : 3;
  }

  private chain(ctx: Context, hops: number): Step[] {
    return Array.from({ length: hops }, () => {
      const relation = this.random.pick(ctx.roles);
      const inverse = INVERSE[relation.name.singular];
      if (inverse && this.random.chance(0.3)) return { relation, reverse: true, word: inverse };
      return { relation, reverse: false, word: relation.name.singular };
    });
  }

  /** The named instance 1, its chain of follows 1 -> 2 -> ..., what to show and the conditions at the end. */
  private graph(ctx: Context, chain: readonly Step[], select: readonly Measure[], where: readonly Constraint[]): QueryGraph {
    const follows = chain.map((step, i): Follow => {
      const near = { classId: ctx.classId, instance: i + 1 };
      const far = { classId: ctx.classId, instance: i + 2 };
      return step.reverse ? { from: far, relation: step.relation.id, to: near } : { from: near, relation: step.relation.id, to: far };
    });
    return queryGraph({ select, where: [this.anchor(ctx, 1), ...where], follows });
  }

  private anchor(ctx: Context, instance: number): Constraint {
    return { target: ref(ctx.classId, ctx.label.id, instance), operator: '=', values: [{ kind: 'string', value: ctx.name }] };
  }

  /** A shown or filtered attribute other than the name: text or numbers (years), not ids. */
  private otherAttribute(ctx: Context, filterable = false): SchemaAttribute | null {
    const owner = this.schema.classes.find((c) => c.id === ctx.classId);
    const candidates = (owner?.attributes ?? []).filter((a) => a.id !== ctx.label.id && !a.primaryKey && !/\bid\b/.test(a.name.singular) && (filterable ? a.type === 'integer' || a.type === 'float' || a.type === 'decimal' || (a.type === 'text' && (this.memory.column(ctx.classId, a.id)?.values.length ?? 0) > 0) : ['text', 'integer', 'float', 'decimal', 'date'].includes(a.type)));
    return candidates.length > 0 ? this.random.pick(candidates) : null;
  }

  /** A condition on the last instances, with its English as a verb phrase and as a clause. */
  private condition(attribute: SchemaAttribute, instance: number): { constraint: Constraint; verb: string; clause: string } | null {
    const column = this.memory.column(attribute.classId, attribute.id);
    const target = ref(attribute.classId, attribute.id, instance);
    const event = eventOf(attribute)?.event;
    if (attribute.type === 'text') {
      const values = column?.values ?? [];
      if (values.length === 0 || values.length > 400) return null;
      const value = this.random.pick(values);
      const text = this.random.chance(0.8) ? value.trim() : value.trim().toLowerCase();
      const constraint: Constraint = { target, operator: '=', values: [{ kind: 'string', value }] };
      return { constraint, verb: `had ${attribute.name.singular} ${text}`, clause: this.random.pick([`with ${attribute.name.singular} ${text}`, `whose ${attribute.name.singular} is ${text}`]) };
    }
    const min = typeof column?.min === 'number' ? column.min : null;
    const max = typeof column?.max === 'number' ? column.max : null;
    if (min === null || max === null) return null;
    const year = /\byear\b/.test(attribute.name.singular);
    const n = Math.round(min + this.random.next() * (max - min));
    const operator = this.random.pick(['<', '>', '='] as const);
    const constraint: Constraint = year && operator === '=' ? { target, operator: '=', values: [{ kind: 'number', value: n }] } : { target, operator, values: [{ kind: 'number', value: n }] };
    const when = year ? { '<': this.random.pick(['before', 'earlier than']), '>': this.random.pick(['after', 'later than']), '=': 'in' }[operator] : { '<': 'under', '>': 'over', '=': 'of' }[operator];
    if (event && year) return { constraint, verb: `${event.passive ? `were ${event.participle}` : event.participle} ${when} ${n}`, clause: `${event.participle} ${when} ${n}` };
    return { constraint, verb: `had a ${attribute.name.singular} ${when} ${n}`, clause: `with a ${attribute.name.singular} ${when} ${n}` };
  }

  // -----------------------------------------------------------------------------------------
  // English

  /** "Henry VIII's wife's father", "the father of Henry VIII's wife", "the father of the wife of Henry VIII". */
  private phrase(ctx: Context, chain: readonly Step[], plural: boolean): string {
    // "the husbands of Henry VIII's sisters": in a plural question, earlier roles may be plural too.
    const roles = chain.map((r, i) => (plural && (i === chain.length - 1 || this.random.chance(0.3)) ? this.pluralOf(r.word) : r.word));
    const x = this.nameText(ctx);
    const style = this.random.integer(0, 2);
    if (style === 0) return `${this.possessiveOf(x)} ${roles.map((r, i) => (i < roles.length - 1 ? this.possessiveOf(r) : r)).join(' ')}`;
    if (style === 1) return `the ${[...roles].reverse().join(' of the ')} of ${x}`;
    const last = roles[roles.length - 1] as string;
    if (roles.length === 1) return `the ${last} of ${x}`;
    return `the ${last} of ${this.possessiveOf(x)} ${roles.slice(0, -1).map((r, i, all) => (i < all.length - 1 ? this.possessiveOf(r) : r)).join(' ')}`;
  }

  /** "Henry VIII's wives" (for "which of ..."). */
  private possessive(ctx: Context, chain: readonly Step[]): string {
    const roles = chain.map((r, i) => (i === chain.length - 1 ? this.pluralOf(r.word) : this.possessiveOf(r.word)));
    return `${this.possessiveOf(this.nameText(ctx))} ${roles.join(' ')}`;
  }

  private pluralRole(chain: readonly Step[]): string {
    return this.pluralOf((chain[chain.length - 1] as Step).word);
  }

  /** The owner of the last role: "Henry VIII" or "Henry VIII's wife". */
  private ownerOf(ctx: Context, chain: readonly Step[]): string {
    return chain.length === 1 ? this.nameText(ctx) : this.phrase(ctx, chain.slice(0, -1), false);
  }

  /** "Where was X born?", "What is X's title?", "When did X die?". */
  private attributeQuestion(attribute: SchemaAttribute, who: string, plural: boolean): string {
    const found = eventOf(attribute);
    // "Where is Henry VIII buried?": the state still holds, so either tense.
    const be = plural ? this.random.pick(['were', 'are']) : this.random.pick(['was', 'was', 'is']);
    if (found?.aspect === 'place' && this.random.chance(0.7)) {
      return found.event.passive ? `where ${be} ${who} ${found.event.participle}` : `where did ${who} ${found.event.base}`;
    }
    if (found && found.aspect !== 'place' && this.random.chance(0.6)) {
      // "when" is the date; "in what year" the year (one graph per sentence).
      const when = found.aspect === 'year' ? this.random.pick(['in what year', 'what year', 'in which year']) : 'when';
      return found.event.passive ? `${when} ${plural ? 'were' : 'was'} ${who} ${found.event.participle}` : `${when} did ${who} ${found.event.base}`;
    }
    const name = attribute.name.singular;
    return this.random.pick([`what ${plural ? 'are' : 'is'} the ${name} of ${who}`, `what was the ${name} of ${who}`, `${this.possessiveOf(who)} ${name}`, `the ${name} of ${who}`, `give me the ${name} of ${who}`]);
  }

  /** The named instance as people write it: a natural form most of the time, sometimes as stored. */
  private nameText(ctx: Context): string {
    const forms = this.memory.naturalForms(ctx.name);
    const text = forms.length > 0 && this.random.chance(0.85) ? this.random.pick(forms) : ctx.name.trim();
    return this.random.chance(0.1) ? text.toLowerCase() : text;
  }

  private possessiveOf(phrase: string): string {
    return /s$/.test(phrase) ? `${phrase}'` : `${phrase}'s`;
  }

  private pluralOf(word: string): string {
    if (IRREGULAR[word]) return IRREGULAR[word] as string;
    if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
    if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
    return `${word}s`;
  }

  private plural(classId: string): string {
    return this.schema.classes.find((c) => c.id === classId)?.name.plural ?? classId;
  }

  private finish(text: string): string {
    let out = text.replace(/\s+/g, ' ').trim();
    if (this.random.chance(0.7)) out = out.charAt(0).toUpperCase() + out.slice(1);
    if (/^(which|what|how|who|where|when|in what)\b/i.test(out) && this.random.chance(0.75)) out += '?';
    else if (this.random.chance(0.15)) out += '.';
    return out;
  }
}

/** One step of a chain: a role, read forwards ("X's father") or backwards ("X's children"), and its English noun. */
interface Step {
  readonly relation: SchemaRelation;
  readonly reverse: boolean;
  readonly word: string;
}

interface Context {
  readonly classId: string;
  readonly label: SchemaAttribute;
  /** The named instance's stored name. */
  readonly name: string;
  readonly roles: readonly SchemaRelation[];
}

function ref(classId: string, attributeId: string, instance: number): AttributeRef {
  return instance === 1 ? { classId, attributeId } : { classId, attributeId, instance };
}
