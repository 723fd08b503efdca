import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { AccessContract } from '../../../api/access-check';
import { accessTableEnd, accessTableMarkdown, accessTableStart } from '../../../api/access-table';
import { findProjectFile } from '../../../api/locate';

describe('the access table of docs/SECURITY.md', () => {
  it('says what the contract’s access declarations say, one row per operation', () => {
    const contract = parse(readFileSync(findProjectFile('api/openapi.yaml'), 'utf8')) as AccessContract;
    const doc = readFileSync(findProjectFile('docs/SECURITY.md'), 'utf8');
    const start = doc.indexOf(accessTableStart);
    const end = doc.indexOf(accessTableEnd);
    expect(start).toBeGreaterThan(-1);
    const table = doc.slice(start + accessTableStart.length, end).trim();
    // When this fails after a change of x-access, paste the generated table into docs/SECURITY.md.
    expect(table).toBe(accessTableMarkdown(contract));
    const operations = Object.values(contract.paths).flatMap((item) => Object.keys(item));
    expect(table.split('\n').length - 2).toBe(operations.length);
  });
});
