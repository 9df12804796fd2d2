import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../engines/sql/sql-script.js';

describe('splitSqlStatements', () => {
  it('splits on semicolons between statements', () => {
    expect(splitSqlStatements('CREATE TABLE a (x INT);\nINSERT INTO a VALUES (1);')).toEqual([
      'CREATE TABLE a (x INT)',
      'INSERT INTO a VALUES (1)',
    ]);
  });

  it('leaves semicolons inside strings, quoted and bracketed names alone', () => {
    const script = `INSERT INTO [Order; Details] VALUES ('a;b', 'it''s; fine', "x;y", \`z;w\`);SELECT 1`;
    expect(splitSqlStatements(script)).toEqual([`INSERT INTO [Order; Details] VALUES ('a;b', 'it''s; fine', "x;y", \`z;w\`)`, 'SELECT 1']);
  });

  it('drops comments, including ones holding semicolons', () => {
    expect(splitSqlStatements('-- one; two\nSELECT 1; /* three; */ SELECT 2;')).toEqual(['SELECT 1', 'SELECT 2']);
  });

  it('keeps a last statement without a semicolon and ignores empty ones', () => {
    expect(splitSqlStatements(';;SELECT 1;;  SELECT 2  ')).toEqual(['SELECT 1', 'SELECT 2']);
  });
});
