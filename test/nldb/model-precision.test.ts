/**
 * The shipped extractor comes in fp32 and int8 (DynamicQuantizeMatMul); config.json names the one
 * that serves, the load option `precision` picks the other. Both read a support set the
 * same way where the answer is plain.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NldbModels } from '../../engines/nldb/models.js';
import { SelectProjectJoin } from '../../engines/nldb/spj.js';

const loaded: NldbModels[] = [];
const load = async (precision: 'fp32' | 'int8') => {
  const m = await NldbModels.load({ precision });
  loaded.push(m);
  return m;
};

afterAll(async () => {
  await Promise.all(loaded.map((m) => m.close()));
});

describe('extractor precision', () => {
  it('loads either file and says which one serves', async () => {
    const [fp32, int8] = await Promise.all([load('fp32'), load('int8')]);
    expect(fp32.config.spj.precision).toBe('fp32');
    expect(int8.config.spj.precision).toBe('int8');
    const sets = [['Pellow Foods has 2,100 employees.'], ['Corvid Analytics has 340 employees.']];
    const question = 'What is the largest number of employees at any company?';
    const a = await new SelectProjectJoin(fp32).derive(question, sets);
    const b = await new SelectProjectJoin(int8).derive(question, sets);
    expect(b.map((d) => d.derivation)).toEqual(a.map((d) => d.derivation));
    expect(a.map((d) => d.derivation)).toEqual([
      { type: 'MAX', value: '2,100' },
      { type: 'MAX', value: '340' },
    ]);
  });
});
