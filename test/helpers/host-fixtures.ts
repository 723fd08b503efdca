/**
 * Fixtures for the host and shell tests: a temporary built-renderer folder with a CSP meta tag,
 * and a secret file beside it that no request may reach; staging a file on a running host as the
 * page does, and where the host keeps it.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The policy the fixture's index.html declares in its meta tag. */
export const fixtureMetaCsp = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws: wss:";

/** A temporary folder holding `renderer/` (index.html, assets/app.js, its source map, assets/app.css, a symlink out) and `secret.txt`. */
export interface RendererFixture {
  root: string;
  rendererDir: string;
  secretPath: string;
  remove(): Promise<void>;
}

/** Creates the fixture; call `remove()` when done. */
export async function createRendererFixture(): Promise<RendererFixture> {
  const root = await mkdtemp(join(tmpdir(), 'brm-host-renderer-'));
  const rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(
    join(rendererDir, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${fixtureMetaCsp}" /><title>BRM Desktop</title></head><body><script type="module" src="./assets/app.js"></script></body></html>`,
  );
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log("app");\n');
  await writeFile(join(rendererDir, 'assets', 'app.css'), 'body { margin: 0; }\n');
  await writeFile(join(rendererDir, 'assets', 'app.js.map'), '{"version":3,"sources":["app.ts"],"mappings":""}\n');
  const secretPath = join(root, 'secret.txt');
  await writeFile(secretPath, 'top secret\n');
  await symlink(secretPath, join(rendererDir, 'assets', 'link.txt'));
  return { root, rendererDir, secretPath, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Where the running host of `dataDir` keeps the staged file `ref`: `<dataDir>/staging/<launch id>/<ref>`,
 * with the launch id read from the data folder's lock file.
 */
export async function stagedFilePath(dataDir: string, ref: string): Promise<string> {
  const lock = JSON.parse(await readFile(join(dataDir, 'brm-desktop.lock'), 'utf8')) as { launchId: string };
  return join(dataDir, 'staging', lock.launchId, ref);
}

/**
 * Stages `content` as `name` on the running host whose page URL (with its token) is `hostUrl`,
 * through `PUT /stage`, as the page's `fileRef` does; returns the file reference for
 * `documents.upload`. Throws when the host does not answer 200.
 */
export async function stageFile(
  hostUrl: string,
  name: string,
  content: Buffer,
): Promise<{ ref: string; name: string }> {
  const page = new URL(hostUrl);
  const token = page.searchParams.get('token') ?? '';
  const url = `${page.origin}/stage?token=${encodeURIComponent(token)}&name=${encodeURIComponent(name)}`;
  const response = await fetch(url, { method: 'PUT', body: content });
  if (response.status !== 200) throw new Error(`Staging ${name} was answered ${response.status}.`);
  const body = (await response.json()) as { ref: string; name: string };
  return { ref: body.ref, name: body.name };
}
