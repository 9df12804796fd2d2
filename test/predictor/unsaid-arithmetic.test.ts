/**
 * Arithmetic no word asks for: an attribute's arithmetic with itself ("surface area + surface
 * area") is read as the attribute, and a sum of two attributes no word adds is a list of both;
 * other computed values keep their place and are renumbered.
 */
import { describe, expect, it } from 'vitest';
import { withoutUnsaidArithmetic } from '../../engines/predictor/completions/unsaid-arithmetic.js';

const read = (question: string, reading: string) => withoutUnsaidArithmetic(reading.split(' '), question.toLowerCase().split(' ')).join(' ');

describe('arithmetic of an attribute with itself', () => {
  it('reads the attribute where its computed value was used', () => {
    expect(read('how much surface area do they cover together', 'compute + A:country.SurfaceArea A:country.SurfaceArea show sum c1 where A:country.Region = @1')).toBe('show sum A:country.SurfaceArea where A:country.Region = @1');
  });

  it('renumbers the computed values after it, and leaves other arithmetic alone', () => {
    expect(read('a times b', 'compute + A:x.a A:x.a compute * A:x.b A:x.c show c1 show c2')).toBe('compute * A:x.b A:x.c show A:x.a show c1');
    const product = 'compute * A:x.b A:x.c show c1';
    expect(read('b times c', product)).toBe(product);
  });
});

describe('a sum no word asks for', () => {
  it('shows both attributes, under the aggregate the sum had', () => {
    expect(read('the name, population and life expectancy', 'compute + A:c.Population A:c.Life show A:c.Name show c1')).toBe('show A:c.Name show A:c.Population show A:c.Life');
    expect(read('the mean gnp and population', 'compute + A:c.GNP A:c.Population show avg c1')).toBe('show avg A:c.GNP show avg A:c.Population');
  });

  it('leaves a sum the words add, or one sorted by, as written', () => {
    const sum = 'compute + A:c.GNP A:c.Population show c1';
    expect(read('gnp plus population', sum)).toBe(sum);
    const sorted = 'compute + A:c.GNP A:c.Population show A:c.Name order desc c1';
    expect(read('names by gnp and population', sorted)).toBe(sorted);
  });
});
