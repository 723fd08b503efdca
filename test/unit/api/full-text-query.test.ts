import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildPrefixQuery, maxQueryWords } from '../../../api/full-text-query';

describe('buildPrefixQuery', () => {
  it('turns every word into a quoted prefix term', () => {
    expect(buildPrefixQuery('dan rey')).toBe('"dan"* "rey"*');
    expect(buildPrefixQuery('  Dan   REY ')).toBe('"dan"* "rey"*');
  });

  it('returns null when there is no word', () => {
    expect(buildPrefixQuery('')).toBeNull();
    expect(buildPrefixQuery('  ')).toBeNull();
    expect(buildPrefixQuery('"*^:()-+')).toBeNull();
  });

  it('makes quotes, operators and column filters plain words', () => {
    expect(buildPrefixQuery('"dan" OR rey*')).toBe('"dan"* "or"* "rey"*');
    expect(buildPrefixQuery('first_name:dan NEAR(a b) NOT c ^d')).toBe(
      '"first"* "name"* "dan"* "near"* "a"* "b"* "not"* "c"*',
    );
    expect(buildPrefixQuery('a@b.com +1 (555) 010-2000')).toBe('"a"* "b"* "com"* "1"* "555"* "010"* "2000"*');
  });

  it('keeps letters and digits of every script, composed', () => {
    expect(buildPrefixQuery('Jose\u0301 Müller 北京 Ωμέγα')).toBe('"josé"* "müller"* "北京"* "ωμέγα"*');
  });

  it(`keeps at most ${maxQueryWords} distinct words`, () => {
    expect(buildPrefixQuery('a a a b')).toBe('"a"* "b"*');
    expect(buildPrefixQuery('a b c d e f g h i j')?.split(' ')).toHaveLength(maxQueryWords);
  });

  it('always gives FTS5 a valid query that matches as a user expects', () => {
    const db = new BetterSqlite3(':memory:');
    db.exec(
      `CREATE VIRTUAL TABLE t USING fts5 (name, email, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`,
    );
    const insert = db.prepare('INSERT INTO t (rowid, name, email) VALUES (?, ?, ?)');
    insert.run(1, 'Dana Reyes', 'dana.reyes@example.com');
    insert.run(2, 'José Müller', 'jose@example.de');
    insert.run(3, 'Daniel "OR" Reynolds', 'd.r@example.com');
    const match = db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid').pluck();
    const search = (text: string) => match.all(buildPrefixQuery(text));
    expect(search('dan rey')).toEqual([1, 3]);
    expect(search('jose mul')).toEqual([2]);
    expect(search('JOSÉ')).toEqual([2]);
    expect(search('reyes@example')).toEqual([1]);
    for (const nasty of [
      '"',
      "'",
      'OR',
      'AND NOT',
      '(',
      ')',
      'NEAR(',
      '*',
      '^x',
      'name:',
      '"unterminated',
      'a" OR "b',
      '\u0000x',
      '-x',
    ]) {
      const query = buildPrefixQuery(nasty);
      if (query !== null) expect(() => match.all(query)).not.toThrow();
    }
  });
});
