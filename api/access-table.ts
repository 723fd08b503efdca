/**
 * The table of who may call what, in words, made from the contract's access declarations
 * (`x-access-model` and each operation's `x-access` in `api/openapi.yaml`). docs/SECURITY.md holds
 * it between the markers `accessTableStart` and `accessTableEnd`; a unit test keeps the two equal,
 * so the table never says other than the rules the service enforces.
 */
import { type AccessModel, type AccessRule, allowedWords } from './access';
import type { AccessContract } from './access-check';

/** The line before the table in docs/SECURITY.md. */
export const accessTableStart = '<!-- access table: made from api/openapi.yaml by api/access-table.ts -->';
/** The line after it. */
export const accessTableEnd = '<!-- end of access table -->';

const roleNames: Record<string, string> = { sales: 'salespeople', manager: 'managers', admin: 'administrators' };

function list(words: readonly string[], last = 'or'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** Who may call an operation with `rule`, in words. */
export function whoMay(model: AccessModel, rule: AccessRule, signIn: boolean): string {
  if (signIn) return 'anyone (it signs in)';
  const parts: string[] = [];
  if (rule.roles?.length) parts.push(`${list(rule.roles.map((r) => roleNames[r] ?? r))} only`);
  if (rule.permission) parts.push(`users holding \`${rule.permission}\``);
  if (!parts.length) parts.push('every signed-in user');
  for (const record of rule.records ?? []) {
    const resource = model.resources[record.resource];
    const where = record.in.split('.').slice(1).join('.');
    const flag = typeof record.cascade === 'string' ? record.cascade.split('.').slice(1).join('.') : '';
    const cascade = record.cascade ? `, with everything it contains${flag ? ` when \`${flag}\` is true` : ''}` : '';
    const refusal = record.refuse === 404 ? ' (others are answered 404)' : '';
    parts.push(
      `on an existing ${resource?.label ?? record.resource} (\`${where}\`)${cascade}: ${allowedWords(model, record)}${refusal}`,
    );
  }
  if (rule.own) parts.push('on their own records only (another user’s are not found)');
  return parts.join('; ');
}

/** The markdown table: one row per operation, by tag, then by the contract's order. */
export function accessTableMarkdown(contract: AccessContract): string {
  const model = contract['x-access-model'] as AccessModel;
  const rows: Array<{ tag: string; line: string }> = [];
  for (const item of Object.values(contract.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as
        | { operationId: string; summary: string; tags?: string[]; 'x-access': AccessRule }
        | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? '';
      const who = whoMay(model, op['x-access'], op.operationId === 'authenticateUser');
      rows.push({ tag, line: `| ${tag} | ${op.summary} (\`${op.operationId}\`) | ${who} |` });
    }
  }
  rows.sort((a, b) => a.tag.localeCompare(b.tag));
  return ['| Group | Operation | Who may call it |', '|---|---|---|', ...rows.map((r) => r.line)].join('\n');
}
