/**
 * Per-caller permissions: the host app decides, from its own GraphQL context (the user, their
 * roles, their tenant), which sources a caller may see, ask and write. The gateway asks the hook
 * before anything touches a source, so a forbidden source is never consulted, not even to decide
 * whether it is relevant to a question.
 */
import { ForbiddenSourceError, SourceNotFoundError } from '../../errors.js';
import type { SourceKind } from '../../types.js';

/** What a permission check is told about a source (never its connection). */
export interface SourceRef {
  readonly id: string;
  readonly kind: SourceKind;
  readonly description: string;
}

/**
 * The host's permissions hook, given as `nlQuery({ permissions })`. Every function receives the
 * GraphQL context of the request (whatever the host's `context` function returned; `undefined`
 * when the gateway is called outside GraphQL without one). Each may be async. A missing function
 * allows everything it would decide, and without `permissions` every caller may do everything.
 *
 * ```ts
 * const nlq = nlQuery<{ user: User }>({
 *   sources,
 *   permissions: {
 *     canAsk: (source, { user }) => user.roles.includes('analyst') || source.id === 'catalog',
 *     canWrite: (collection, { user }) => user.roles.includes('editor') && collection.id.startsWith(`${user.team}-`),
 *     canSee: (source, { user }) => source.id !== 'payroll' || user.roles.includes('hr'),
 *   },
 * });
 * ```
 */
export interface Permissions<TContext = unknown> {
  /**
   * May this caller ask the source (`ask`, `runQueryGraph`, `schemaGraph`, reading `facts`)? A
   * source it may not ask is left out of `ask` before source selection; named explicitly, it is
   * refused with FORBIDDEN_SOURCE (or SOURCE_NOT_FOUND when `canSee` says no).
   */
  canAsk?(source: SourceRef, context: TContext): boolean | Promise<boolean>;
  /**
   * May this caller write to the fact collection (`addFacts`, `removeFacts`, and
   * `createFactCollection` for the id it would create)? Without `canWrite`, writing is allowed
   * wherever asking is: a caller that may not read a collection may not change it either.
   */
  canWrite?(collection: SourceRef, context: TContext): boolean | Promise<boolean>;
  /**
   * May this caller know the source exists? Invisible sources are missing from `sources`, and
   * naming one gets exactly the error an unknown id gets. Without `canSee`, a caller sees the
   * sources it may ask, so by default a forbidden source never shows.
   */
  canSee?(source: SourceRef, context: TContext): boolean | Promise<boolean>;
  /**
   * May this caller teach the source: confirm or correct an answer, add, list and remove its
   * example questions (`confirmAnswer`, `correctAnswer`, `addExamples`, `examples`,
   * `removeExamples`)? A taught example changes what every caller's `ask` answers, so without
   * `canTeach` teaching is allowed wherever `canWrite` allows writing (by default: asking).
   */
  canTeach?(source: SourceRef, context: TContext): boolean | Promise<boolean>;
}

/** The hook with its defaults applied, as the gateway uses it. */
export class Access {
  constructor(private readonly hook: Permissions | undefined) {}

  async canAsk(source: SourceRef, context: unknown): Promise<boolean> {
    return this.decide(this.hook?.canAsk, source, context, true);
  }

  async canSee(source: SourceRef, context: unknown): Promise<boolean> {
    if (this.hook?.canSee) return this.decide(this.hook.canSee, source, context, true);
    return this.canAsk(source, context);
  }

  async canWrite(collection: SourceRef, context: unknown): Promise<boolean> {
    if (this.hook?.canWrite) return this.decide(this.hook.canWrite, collection, context, true);
    return this.canAsk(collection, context);
  }

  async canTeach(source: SourceRef, context: unknown): Promise<boolean> {
    if (this.hook?.canTeach) return this.decide(this.hook.canTeach, source, context, true);
    return this.canWrite(source, context);
  }

  /**
   * Throws unless the caller may do `action` on the source: FORBIDDEN_SOURCE to callers who may see
   * it, otherwise `hidden()` (the error an unknown id would get, so nothing leaks).
   */
  async require(action: 'ask' | 'write' | 'teach', source: SourceRef, context: unknown, hidden: () => Error = () => new SourceNotFoundError(source.id)): Promise<void> {
    const allowed =
      action === 'ask' ? await this.canAsk(source, context) : action === 'write' ? await this.canWrite(source, context) : await this.canTeach(source, context);
    if (allowed) return;
    if (await this.canSee(source, context)) throw new ForbiddenSourceError(source.id, action);
    throw hidden();
  }

  /** The sources of `sources` the caller may ask, in the same order. */
  async askable<S extends SourceRef>(sources: readonly S[], context: unknown): Promise<S[]> {
    const allowed = await Promise.all(sources.map((source) => this.canAsk(source, context)));
    return sources.filter((_, index) => allowed[index]);
  }

  /** The sources of `sources` the caller may know about, in the same order. */
  async visible<S extends SourceRef>(sources: readonly S[], context: unknown): Promise<S[]> {
    const allowed = await Promise.all(sources.map((source) => this.canSee(source, context)));
    return sources.filter((_, index) => allowed[index]);
  }

  /**
   * Only a literal `true` allows: a hook that throws or returns something else denies (fail
   * closed), and its error stays on the server.
   */
  private async decide(
    check: Permissions['canAsk'],
    source: SourceRef,
    context: unknown,
    fallback: boolean,
  ): Promise<boolean> {
    if (!check) return fallback;
    try {
      return (await check.call(this.hook, { id: source.id, kind: source.kind, description: source.description }, context)) === true;
    } catch {
      return false;
    }
  }
}
