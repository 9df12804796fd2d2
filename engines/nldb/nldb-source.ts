/**
 * A collection of free-text facts as a gateway source. The facts live in a FactStore (shared by
 * every collection stored in the same database); the source only names its collection.
 */
import type { SourceInfo } from '../../types.js';
import { Readiness, type QuestionInterpreter, type Source } from '../source.js';
import type { FactStore } from './fact-store.js';

export interface NldbSourceOptions {
  readonly id: string;
  readonly description: string;
  /** Resolves the store lazily, so many collections can share one connection opened on start. */
  readonly store: () => Promise<FactStore>;
}

export class NldbSource implements Source {
  readonly kind = 'nldb' as const;
  readonly id: string;
  readonly description: string;
  private readonly readiness = new Readiness();
  private store: FactStore | null = null;

  constructor(private readonly options: NldbSourceOptions) {
    this.id = options.id;
    this.description = options.description;
  }

  async start(): Promise<void> {
    try {
      this.store = await this.options.store();
      await this.store.ensureCollection(this.id, this.description);
      await this.refresh();
    } catch (error) {
      this.readiness.down(`cannot open the fact store: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }

  /** Re-reads the collection's size after a write, so `info()` stays truthful. */
  async refresh(): Promise<void> {
    if (!this.store) return;
    const size = await this.store.countFacts(this.id);
    this.readiness.up(`${size} fact${size === 1 ? '' : 's'}`);
  }

  info(): SourceInfo {
    return {
      id: this.id,
      kind: this.kind,
      description: this.description,
      ready: this.readiness.ready,
      status: this.readiness.status,
    };
  }

  interpreter(): QuestionInterpreter | null {
    // The Support Set Generator and neural Select-Project-Join plug in here once they exist.
    return null;
  }

  /** The store holding this collection, once started. */
  factStore(): FactStore | null {
    return this.store;
  }

  async close(): Promise<void> {
    // The store is shared and owned by the gateway, which closes it.
    this.store = null;
    this.readiness.down('closed');
  }
}
