import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  hostHeaderAllowed,
  normalizeUrlPath,
  parseRequestTarget,
} from '../../../main/host/request-target';

describe('normalizeUrlPath', () => {
  it.each([
    ['/', '/'],
    ['/index.html', '/index.html'],
    ['/%69ndex.html', '/index.html'],
    ['/%69%6E%64%65%78%2e%48%54%4d%4C', '/index.HTML'],
    ['/./index.html', '/index.html'],
    ['//index.html', '/index.html'],
    ['///assets//app.js', '/assets/app.js'],
    ['/assets/../index.html', '/index.html'],
    ['/assets/%2e%2e/index.html', '/index.html'],
    ['/assets/%2E%2e/index.html', '/index.html'],
    ['/assets/%2e/app.js', '/assets/app.js'],
    ['\\index.html', '/index.html'],
    ['/assets\\..\\index.html', '/index.html'],
    ['/assets/', '/assets'],
    ['/Quote%202026.pdf', '/Quote 2026.pdf'],
    ['/caf%C3%A9.js', '/café.js'],
  ])('%s → %s', (raw, normalized) => {
    expect(normalizeUrlPath(raw)).toBe(normalized);
    // Idempotent: the normalized path is its own normal form.
    expect(normalizeUrlPath(normalized)).toBe(normalized);
  });

  it.each([
    ['a relative path', 'index.html'],
    ['an empty path', ''],
    ['.. above the root', '/..'],
    ['.. above the root after a folder', '/assets/../..'],
    ['encoded .. above the root', '/%2e%2e/secret.txt'],
    ['an encoded slash', '/..%2fsecret.txt'],
    ['an encoded slash in upper case', '/assets%2F..%2Findex.html'],
    ['an encoded backslash', '/..%5csecret.txt'],
    ['an encoded NUL', '/index.html%00'],
    ['a raw NUL', '/index.html\0'],
    ['a line feed', '/index%0a.html'],
    ['DEL', '/index%7f.html'],
    ['a C1 control', '/index%C2%85.html'],
    ['a second layer of encoding', '/%252e%252e/secret.txt'],
    ['an encoded question mark', '/index.html%3Ftoken=x'],
    ['an encoded hash', '/index.html%23x'],
    ['a colon (NTFS stream)', '/index.html::$DATA'],
    ['a trailing dot', '/index.html.'],
    ['a trailing space', '/index.html%20'],
    ['a malformed escape', '/%E0%A4%A'],
    ['a lone percent', '/100%.js'],
  ])('refuses %s', (_what, raw) => {
    expect(normalizeUrlPath(raw)).toBeNull();
  });
});

describe('parseRequestTarget', () => {
  it('splits the normalized path, its segments and the query', () => {
    const target = parseRequestTarget('/files/%61bc?token=t%2Bk&name=a%20b');
    expect(target?.path).toBe('/files/abc');
    expect(target?.segments).toEqual(['files', 'abc']);
    expect(target?.query.get('token')).toBe('t+k');
    expect(target?.query.get('name')).toBe('a b');
    expect(parseRequestTarget('/')).toMatchObject({ path: '/', segments: [] });
  });

  it('refuses other request forms and fragments', () => {
    expect(parseRequestTarget('http://127.0.0.1:8080/index.html')).toBeNull();
    expect(parseRequestTarget('*')).toBeNull();
    expect(parseRequestTarget('/index.html#x')).toBeNull();
    expect(parseRequestTarget('/%2e%2e/?token=x')).toBeNull();
  });
});

describe('Host header', () => {
  it('accepts 127.0.0.1 and localhost on the host port only, in any case', () => {
    const allowed = allowedHosts(4567);
    expect(hostHeaderAllowed('127.0.0.1:4567', allowed)).toBe(true);
    expect(hostHeaderAllowed('LocalHost:4567', allowed)).toBe(true);
    for (const value of [
      undefined,
      '',
      '127.0.0.1',
      '127.0.0.1:4568',
      'evil.example:4567',
      '[::1]:4567',
      'localhost',
    ]) {
      expect(hostHeaderAllowed(value, allowed), String(value)).toBe(false);
    }
  });
});
