/**
 * The gateway's source-selection memory: one profile per source, rebuilt lazily when the source
 * changed (its terms version, read-terms.ts), and the selector over all of them. Profiles are read
 * at most once per version even when many questions arrive together.
 */
import type { Source } from '../../../engines/source.js';
import { buildProfile, type ProfileOptions, type SourceProfile } from './profile.js';
import { readSourceTerms, termsVersionOf, type ReadTermsOptions } from './read-terms.js';
import { SourceSelector, type SelectorOptions } from './source-selector.js';

export interface SelectionMemoryOptions {
  readonly selector?: SelectorOptions;
  readonly profile?: ProfileOptions;
  readonly read?: ReadTermsOptions;
}

interface Entry {
  readonly version: string;
  readonly profile: Promise<SourceProfile>;
}

export class SelectionMemory {
  private readonly entries = new Map<string, Entry>();
  private selector: SourceSelector;

  constructor(private readonly options: SelectionMemoryOptions = {}) {
    this.selector = new SourceSelector([], options.selector);
  }

  /**
   * The selector over the current profiles of `sources`: profiles of changed sources are re-read
   * first; the selector (and its index) is rebuilt only when some profile is new.
   */
  async selectorFor(sources: readonly Source[]): Promise<SourceSelector> {
    for (const source of sources) {
      const version = termsVersionOf(source);
      if (this.entries.get(source.id)?.version !== version) this.entries.set(source.id, { version, profile: this.profileOf(source) });
    }
    const profiles = await Promise.all(sources.map((source) => (this.entries.get(source.id) as Entry).profile));
    const current = this.selector.profiles;
    const same = current.length === profiles.length && profiles.every((profile, i) => current[i] === profile);
    if (!same) this.selector = new SourceSelector(profiles, this.options.selector);
    return this.selector;
  }

  /** A source's profile; a source whose content cannot be read is profiled by its description alone. */
  private async profileOf(source: Source): Promise<SourceProfile> {
    try {
      return buildProfile(source.id, source.description, await readSourceTerms(source, this.options.read), this.options.profile);
    } catch {
      return buildProfile(source.id, source.description, { names: [], values: [], texts: [] }, this.options.profile);
    }
  }
}
