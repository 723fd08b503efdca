/**
 * Reading and probing Linux user extended attributes in tests, through Python's `os.getxattr` and
 * `os.setxattr` (Node has no API for them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** True when this is Linux, Python runs, and the file system of the temporary folder takes user attributes. */
export function canSetUserXattrs(): boolean {
  if (process.platform !== 'linux') return false;
  const dir = mkdtempSync(join(tmpdir(), 'brm-xattr-probe-'));
  try {
    const probe = join(dir, 'probe');
    writeFileSync(probe, '');
    const script = 'import os, sys; os.setxattr(sys.argv[1], "user.brm.probe", b"1")';
    return spawnSync('python3', ['-c', script, probe]).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The value of user attribute `name` of `path`, or null when it has none. */
export function readUserXattr(path: string, name: string): string | null {
  const result = spawnSync(
    'python3',
    ['-c', 'import os, sys; sys.stdout.write(os.getxattr(sys.argv[1], sys.argv[2]).decode())', path, name],
    { encoding: 'utf8' },
  );
  return result.status === 0 ? result.stdout : null;
}
