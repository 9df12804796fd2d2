/**
 * Date conditions as whole days, the same for every engine: a day `d` is the half-open range
 * [d, d+1), a year or a month likewise, so `= 1996-07-04` matches a timestamp at any hour and a
 * DATE column alike. Engines only write `x >= bound`, `x < bound` and NOT around a range.
 */

/** A condition on a date expression, in terms of day bounds to bind. */
export type DateCondition =
  | { readonly kind: 'range'; readonly from: string; readonly until: string; readonly negate: boolean }
  | { readonly kind: 'compare'; readonly operator: '<' | '>='; readonly day: string };

/** A comparison with one day. */
export function dayCondition(operator: '=' | '!=' | '<' | '<=' | '>' | '>=', day: string): DateCondition {
  switch (operator) {
    case '=':
      return { kind: 'range', from: day, until: nextDay(day), negate: false };
    case '!=':
      return { kind: 'range', from: day, until: nextDay(day), negate: true };
    case '<':
      return { kind: 'compare', operator: '<', day };
    case '<=':
      return { kind: 'compare', operator: '<', day: nextDay(day) };
    case '>':
      return { kind: 'compare', operator: '>=', day: nextDay(day) };
    case '>=':
      return { kind: 'compare', operator: '>=', day };
  }
}

/** Both days included. */
export function betweenDays(first: string, last: string): DateCondition {
  return { kind: 'range', from: first, until: nextDay(last), negate: false };
}

/** A calendar year, e.g. 1997. */
export function yearCondition(year: number): DateCondition {
  return { kind: 'range', from: `${pad4(year)}-01-01`, until: `${pad4(year + 1)}-01-01`, negate: false };
}

/** Whole calendar years, both included: 1920 to 1929 is the 1920s. */
export function yearsCondition(first: number, last: number): DateCondition {
  return { kind: 'range', from: `${pad4(first)}-01-01`, until: `${pad4(last + 1)}-01-01`, negate: false };
}

/** A calendar month, `YYYY-MM`. */
export function monthCondition(month: string): DateCondition {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const until = m === 12 ? `${pad4(y + 1)}-01-01` : `${pad4(y)}-${String(m + 1).padStart(2, '0')}-01`;
  return { kind: 'range', from: `${pad4(y)}-${String(m).padStart(2, '0')}-01`, until, negate: false };
}

/** Writes a condition with an engine's way of binding a day. */
export function renderDateCondition(expression: string, condition: DateCondition, bindDay: (day: string) => string): string {
  if (condition.kind === 'compare') return `${expression} ${condition.operator} ${bindDay(condition.day)}`;
  const range = `(${expression} >= ${bindDay(condition.from)} AND ${expression} < ${bindDay(condition.until)})`;
  return condition.negate ? `NOT ${range}` : range;
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function pad4(year: number): string {
  return String(year).padStart(4, '0');
}
