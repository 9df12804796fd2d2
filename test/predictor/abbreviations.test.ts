/**
 * Schema words written short ("IndepYear", "DestAirport", "CountryAbbrev") and the words people
 * write for them ("independence year", "destination", "abbreviation"): found from the schema at
 * load with WordNet, used by the names the cues read, by the mention finder (a word the schema
 * shortens is no value) and by the rewrite before the model reads a question.
 */
import { describe, expect, it } from 'vitest';
import { WordNet } from '../../engines/english/wordnet.js';
import { SchemaAbbreviations, writesInFull } from '../../engines/predictor/schema-words/abbreviations.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { SchemaSynonyms } from '../../engines/predictor/schema-words/synonyms.js';
import { findMentions } from '../../engines/predictor/values/mentions.js';
import { ValueMemory } from '../../engines/predictor/values/value-memory.js';
import { humanWords } from '../../engines/schema-graph/names.js';
import { designerSchema } from '../helpers/designer-schema.js';

const wordnet = WordNet.shared();
const lexicon = { isWord: (word: string) => wordnet.knows(word), isNoun: (word: string) => wordnet.knowsNoun(word), isFunctionWord: (word: string) => ValueMemory.isStopword(word) };

const schema = designerSchema({
  country: ['Code', 'Name', 'IndepYear', 'Population'],
  city: ['ID', 'Name', 'CountryCode'],
  flights: ['FlightNo', 'SourceAirport', 'DestAirport'],
  airlines: ['uid', 'Airline', 'CountryAbbrev'],
  students: ['StuID', 'Fname', 'Major'],
});
const schemaWords = schema.classes.flatMap((c) => [c.name, ...c.attributes.map((a) => a.name)]).flatMap((n) => [...humanWords(n.singular).split(' '), ...humanWords(n.plural).split(' ')]);
const abbreviations = new SchemaAbbreviations(schemaWords, lexicon);

describe('WordNet knows English words in their regular forms', () => {
  it('knows nouns, verbs, adjectives and adverbs as inflected, and no abbreviation or function word', () => {
    for (const word of ['destinations', 'independence', 'departed', 'arriving', 'independent', 'quickly']) expect(wordnet.knows(word)).toBe(true);
    for (const word of ['indep', 'dest', 'abbrev', 'fname', 'of', 'from']) expect(wordnet.knows(word)).toBe(false);
  });
});

describe('schema words written short', () => {
  it('takes for abbreviations the schema words of four letters or more that are no English word', () => {
    expect(abbreviations.words).toEqual(expect.arrayContaining(['indep', 'dest', 'abbrev']));
    // English words, words of three letters, and the plural the names make of a short word are none.
    for (const word of ['year', 'airport', 'stu', 'uid', 'dests', 'indeps']) expect(abbreviations.words).not.toContain(word);
  });

  it('reads a question word that begins with one as the schema word it writes in full', () => {
    expect(abbreviations.abbreviationOf('independence')).toBe('indep');
    expect(abbreviations.abbreviationOf('independent')).toBe('indep');
    expect(abbreviations.abbreviationOf('destination')).toBe('dest');
    expect(abbreviations.abbreviationOf('destinations')).toBe('dest');
    expect(abbreviations.abbreviationOf('abbreviation')).toBe('abbrev');
  });

  it('reads no schema word, no word that is no English word, and no word a three-letter part begins', () => {
    expect(abbreviations.abbreviationOf('airport')).toBeNull();
    expect(abbreviations.abbreviationOf('destx')).toBeNull();
    // "stu" (of StuID) would make "study" and "stuff" students.
    expect(abbreviations.abbreviationOf('study')).toBeNull();
    // Only nouns: a "desc" column makes no "descending" order and no "describe".
    const desc = new SchemaAbbreviations(['customer', 'desc'], lexicon);
    expect(desc.abbreviationOf('descending')).toBeNull();
    expect(desc.abbreviationOf('describe')).toBeNull();
    expect(desc.abbreviationOf('description')).toBe('desc');
    // A word only one letter longer is another word, not the abbreviation's ("deste" is none).
    expect(writesInFull('desta', 'dest')).toBe(false);
    expect(writesInFull('destiny', 'dest')).toBe(true);
  });

  it('reads the longer of two abbreviations that begin the word', () => {
    const both = new SchemaAbbreviations(['indep', 'independ'], { isWord: (w) => w === 'independently', isNoun: (w) => w === 'independently', isFunctionWord: () => false });
    expect(both.abbreviationOf('independently')).toBe('independ');
  });
});

describe('a word a schema name shortens names the attribute', () => {
  const names = schemaNames(schema, { abbreviationOf: (word) => abbreviations.abbreviationOf(word) });
  const at = (question: string, start: number) => names.attributesAt(question.split(' '), start);

  it('reads "destination airport" and "independence year" as DestAirport and IndepYear', () => {
    expect(at('flights with destination airport ato', 2)).toEqual(['A:flights.DestAirport']);
    expect(at('the name and independence year of the country', 3)).toEqual(['A:country.IndepYear']);
  });

  it('reads nothing for such words without the abbreviations', () => {
    expect(schemaNames(schema).attributesAt('flights with destination airport'.split(' '), 2)).not.toContain('A:flights.DestAirport');
  });
});

describe('a word a schema name shortens is no value', () => {
  const memory = ValueMemory.of(
    [
      { classId: 'city', attributeId: 'Name', type: 'text', values: ['Independence', 'Springfield'], min: null, max: null },
      { classId: 'country', attributeId: 'Name', type: 'text', values: ['Independent State of Samoa', 'France'], min: null, max: null },
    ],
    schema,
  );
  const abbreviationOf = (word: string) => abbreviations.abbreviationOf(word);
  const texts = (question: string, withAbbreviations: boolean) =>
    findMentions(question, memory, withAbbreviations ? { abbreviationOf } : {})
      .filter((m) => m.kind === 'text')
      .map((m) => m.text);

  it('reads "independence year" as the name IndepYear writes short, not the city Independence', () => {
    expect(texts('the name and independence year of the country', false)).toContain('independence');
    expect(texts('the name and independence year of the country', true)).toEqual([]);
  });

  it('reads "independent" as the schema word, not a part of a stored name', () => {
    expect(texts('countries that became independent after 1950', true)).toEqual([]);
  });

  it('reads "year of independence" as the name said the other way round, not the city Independence', () => {
    expect(texts('give the name and year of independence of the country', false)).toContain('independence');
    expect(texts('give the name and year of independence of the country', true)).toEqual([]);
    // The same for a name spelt in full: "year of independence" says independence year.
    const spelt = designerSchema({ country: ['Name', 'IndependenceYear'], city: ['Name'] });
    const cities = ValueMemory.of([{ classId: 'city', attributeId: 'Name', type: 'text', values: ['Independence'], min: null, max: null }], spelt);
    expect(findMentions('the year of independence of each country', cities).filter((m) => m.kind === 'text')).toEqual([]);
    expect(findMentions('the population of independence', cities).map((m) => m.text)).toEqual(['independence']);
  });

  it('still finds the stored value when the question names it alone', () => {
    expect(texts('what is the population of the city Independence', true)).toEqual(['Independence']);
  });
});

describe('the model reads the schema word a question writes in full', () => {
  const synonyms = new SchemaSynonyms(schemaWords, () => true, wordnet, 1, abbreviations);

  it('rewrites "destination" to "dest" even though the model knows it', () => {
    expect(synonyms.rewrite(['how', 'many', 'flights', 'have', 'destination', '@1'])).toEqual(['how', 'many', 'flights', 'have', 'dest', '@1']);
  });

  it('leaves every word alone without abbreviations', () => {
    expect(new SchemaSynonyms(schemaWords, () => true, wordnet).rewrite(['destination'])).toEqual(['destination']);
  });
});
