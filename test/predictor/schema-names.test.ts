/**
 * Which attributes a question's words name: the longest name wins, an owner's name before an
 * attribute narrows it to that owner, two swapped letters still match, a class is not an attribute.
 */
import { describe, expect, it } from 'vitest';
import { pastParticiple } from '../../engines/predictor/schema-words/events.js';
import { schemaNames } from '../../engines/predictor/schema-words/schema-names.js';
import { attribute, foreignKey, shopSchema, table } from '../helpers/shop-schema.js';

const names = schemaNames(shopSchema);
const at = (text: string, start = 0) => names.attributesAt(text.split(' '), start);

describe('attributes named by a question', () => {
  it('reads the longest name: an attribute named with its class word is not the class', () => {
    expect(at('order id of orders')).toEqual(['A:Orders.OrderID']);
    expect(at('ship city')).toEqual(['A:Orders.ShipCity']);
    expect(at('orders')).toEqual([]);
  });

  it("reads a name's first word alone when no other name has it, and never a word of order or amount", () => {
    // Orders: order id, ship city, freight, order date; Employees: city, birth date, hire date.
    expect(at('ship')).toEqual(['A:Orders.ShipCity']);
    expect(at('hire')).toEqual(['A:Employees.HireDate']);
    // "order" is a class's name already.
    expect(at('order')).toEqual([]);
    const withFirstName = schemaNames({ ...shopSchema, classes: shopSchema.classes.map((c) => (c.id === 'Employees' ? { ...c, attributes: [...c.attributes, { ...c.attributes[0]!, id: 'FirstName', name: { singular: 'first name', plural: 'first names' } }] } : c)) });
    expect(withFirstName.attributesAt(['first'], 0)).toEqual([]);
  });

  it("reads a name's last word, its head noun, alone or after its owner's name when no other name has it", () => {
    const products = { ...table('Products'), name: { singular: 'product', plural: 'products' }, attributes: [attribute('Products', 'UnitPrice', 'unit price', 'unit prices'), attribute('Products', 'QuantityPerUnit', 'quantity per unit', 'quantities per unit')] };
    const lines = { ...table('Lines'), name: { singular: 'order line', plural: 'order lines' }, attributes: [attribute('Lines', 'UnitPrice', 'unit price', 'unit prices'), attribute('Lines', 'ShipDate', 'ship date', 'ship dates'), attribute('Lines', 'DueDate', 'due date', 'due dates')] };
    const shop = schemaNames({ source: 'shop', classes: [products, lines], relations: [] });
    // One name, two owners: the word names both, and the owner's name first narrows it.
    expect(shop.attributesAt(['price'], 0)).toEqual(['A:Products.UnitPrice', 'A:Lines.UnitPrice']);
    expect(shop.attributesAt(['prices'], 0)).toEqual(['A:Products.UnitPrice', 'A:Lines.UnitPrice']);
    expect(shop.attributesAt(['product', 'price'], 0)).toEqual(['A:Products.UnitPrice']);
    // "unit" is a word of two names, "date" of two: neither names one alone.
    expect(shop.attributesAt(['unit'], 0)).toEqual([]);
    expect(shop.attributesAt(['date'], 0)).toEqual([]);
  });

  it("reads a class name's first word alone as the class when no other class has that word, but in a key to it", () => {
    const programs = { ...table('DegreePrograms'), name: { singular: 'degree program', plural: 'degree programs' }, attributes: [attribute('DegreePrograms', 'DegreeSummaryName', 'degree summary name', 'degree summary names')] };
    const enrolment = { ...table('Enrolment', ['DegreeProgramID', 'integer']), attributes: [attribute('Enrolment', 'DegreeProgramID', 'degree program id', 'degree program ids', 'integer')] };
    const schema = { source: 'school', classes: [programs, enrolment], relations: [foreignKey('Enrolment', 'DegreeProgramID', 'DegreePrograms', 'DegreeProgramID')] };
    expect(schemaNames(schema).nameAt(['degrees'], 0)?.classes).toEqual(['DegreePrograms']);
    // Another class's own attribute with the word keeps it from naming the class.
    const courses = { ...table('Courses', ['DegreeLevel']), attributes: [attribute('Courses', 'DegreeLevel', 'degree level', 'degree levels')] };
    expect(schemaNames({ ...schema, classes: [programs, enrolment, courses] }).nameAt(['degrees'], 0)?.classes ?? []).toEqual([]);
  });

  it("reads a class name's last word, its head noun, alone as the class when no other name ends with it", () => {
    const enrolment = { ...table('StudentEnrolment'), name: { singular: 'student enrolment', plural: 'student enrolments' }, attributes: [attribute('StudentEnrolment', 'Semester', 'semester', 'semesters')] };
    const courses = { ...table('StudentEnrolmentCourses'), name: { singular: 'student enrolment course', plural: 'student enrolment courses' }, attributes: [attribute('StudentEnrolmentCourses', 'Grade', 'grade', 'grades')] };
    const schema = { source: 'school', classes: [enrolment, courses], relations: [] };
    expect(schemaNames(schema).nameAt(['enrolments'], 0)?.classes).toEqual(['StudentEnrolment']);
    // "student enrolment courses" is a course: its head names it only where no other name ends so.
    expect(schemaNames(schema).nameAt(['courses'], 0)?.classes).toEqual(['StudentEnrolmentCourses']);
    const reEnrolment = { ...table('ReEnrolment'), name: { singular: 're enrolment', plural: 're enrolments' }, attributes: [] };
    expect(schemaNames({ ...schema, classes: [enrolment, courses, reEnrolment] }).nameAt(['enrolments'], 0)?.classes ?? []).toEqual([]);
  });

  it('gives every owner of a shared name, and only that owner when the owner is said first', () => {
    expect(at('city')).toEqual(['A:Customers.City', 'A:Employees.City']);
    expect(at('customer city')).toEqual(['A:Customers.City']);
    expect(at('the employee cities', 1)).toEqual(['A:Employees.City']);
  });

  it('repairs one typo (two letters swapped, one doubled or one dropped) but not two', () => {
    expect(at('customer adrdess')).toEqual(['A:Customers.Address']);
    expect(at('customer adress')).toEqual(['A:Customers.Address']);
    expect(at('customer addresss')).toEqual(['A:Customers.Address']);
    expect(at('customer adrss')).toEqual([]);
    expect(at('customer adrdes')).toEqual([]);
  });

  it('tells whether words end with an attribute name', () => {
    expect(names.endsWithAttribute('orders with freight'.split(' '))).toBe(true);
    expect(names.endsWithAttribute('all the orders'.split(' '))).toBe(false);
    expect(names.endsWithAttribute([])).toBe(false);
  });

  it('knows a date attribute by the participle of its event when its first word is a verb', () => {
    const verbs = new Set(['hire', 'order']);
    const withVerbs = schemaNames(shopSchema, { isVerb: (word) => verbs.has(word) });
    expect(withVerbs.attributesOfParticiple('hired')).toEqual(['A:Employees.HireDate']);
    expect(withVerbs.attributesOfParticiple('born')).toEqual(['A:Employees.BirthDate']);
    expect(withVerbs.attributesOfParticiple('ordered')).toEqual(['A:Orders.OrderDate']);
    // Not a date attribute, and no participle without knowing which words are verbs.
    expect(withVerbs.attributesOfParticiple('shipped')).toEqual([]);
    expect(names.attributesOfParticiple('hired')).toEqual([]);
    expect(names.attributesOfParticiple('born')).toEqual(['A:Employees.BirthDate']);
  });
});

describe('regular past participles', () => {
  it('adds d, ied or ed, doubling the last consonant of a one-syllable verb', () => {
    expect(['hire', 'order', 'ship', 'carry', 'open', 'plan', 'list', 'play'].map(pastParticiple)).toEqual(['hired', 'ordered', 'shipped', 'carried', 'opened', 'planned', 'listed', 'played']);
  });
});
