/**
 * The value memory's ranges keep decoding from binding a number to an attribute that cannot hold
 * it (an order number as a discount, a count as a birth year), with margins wide enough for
 * questions that ask beyond the data; a number compared with a text column must be one it stores.
 */
import { describe, expect, it } from 'vitest';
import { valueFitOf } from '../../engines/predictor/values/value-fit.js';
import { ValueMemory, type ColumnMemory } from '../../engines/predictor/values/value-memory.js';

const range = (attributeId: string, type: ColumnMemory['type'], min: number | string, max: number | string): ColumnMemory => ({ classId: 'Orders', attributeId, type, values: [], min, max });
const memory = ValueMemory.of([
  range('Discount', 'float', 0, 0.25),
  range('Freight', 'decimal', 0.02, 1007.64),
  range('OrderDate', 'date', '1996-07-04', '1998-05-06'),
  { classId: 'Orders', attributeId: 'ShipPostalCode', type: 'text', values: ['98033', '05022', 'WX3 6FW'], complete: true, min: null, max: null },
  { classId: 'Orders', attributeId: 'ShipName', type: 'text', values: ['Vins et alcools Chevalier'], min: null, max: null },
]);
const fit = valueFitOf(memory);
const number = (n: number, text = String(n)) => ({ text, number: n });

describe('value fit', () => {
  it('refuses a number far outside a numeric column and keeps one beyond it by a little', () => {
    expect(fit.fits('Orders', 'Discount', '=', number(10248))).toBe(false);
    expect(fit.fits('Orders', 'Discount', '>', number(0.1))).toBe(true);
    expect(fit.fits('Orders', 'Discount', '<', number(1))).toBe(true);
    expect(fit.fits('Orders', 'Freight', '>', number(2000))).toBe(true);
    expect(fit.fits('Orders', 'Freight', '>', number(250000))).toBe(false);
  });

  it('lets a year condition reach decades beyond a date column, not to a small count', () => {
    expect(fit.fits('Orders', 'OrderDate', 'year', number(1997))).toBe(true);
    expect(fit.fits('Orders', 'OrderDate', 'year', number(2024))).toBe(true);
    expect(fit.fits('Orders', 'OrderDate', 'year', number(3))).toBe(false);
  });

  it('compares a number with a text column only when the column stores it', () => {
    expect(fit.fits('Orders', 'ShipPostalCode', '=', number(98033))).toBe(true);
    expect(fit.fits('Orders', 'ShipPostalCode', '=', number(12345))).toBe(false);
    expect(fit.fits('Orders', 'ShipPostalCode', 'starts_with', number(5, '05'))).toBe(true);
  });

  it('says yes when the memory does not know enough: an incomplete column, an unknown attribute, no number', () => {
    expect(fit.fits('Orders', 'ShipName', '=', number(12345))).toBe(true);
    expect(fit.fits('Orders', 'Unknown', '=', number(1))).toBe(true);
    expect(fit.fits('Orders', 'Discount', '=', { text: 'Germany', number: null })).toBe(true);
  });
});
