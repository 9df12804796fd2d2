/** An attribute's arithmetic with itself ("surface area + surface area") is read as the attribute; other computed values keep their place and are renumbered. */
import { describe, expect, it } from 'vitest';
import { withoutSelfArithmetic } from '../../engines/predictor/completions/self-arithmetic.js';

const read = (reading: string) => withoutSelfArithmetic(reading.split(' ')).join(' ');

describe('arithmetic of an attribute with itself', () => {
  it('reads the attribute where its computed value was used', () => {
    expect(read('compute + A:country.SurfaceArea A:country.SurfaceArea show sum c1 where A:country.Region = @1')).toBe('show sum A:country.SurfaceArea where A:country.Region = @1');
  });

  it('renumbers the computed values after it, and leaves arithmetic of two attributes alone', () => {
    expect(read('compute + A:x.a A:x.a compute * A:x.b A:x.c show c1 show c2')).toBe('compute * A:x.b A:x.c show A:x.a show c1');
    const two = 'compute * A:x.b A:x.c show c1';
    expect(read(two)).toBe(two);
  });
});
