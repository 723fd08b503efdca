import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeFor,
  defaultRendererCsp,
  extractMetaCsp,
  rendererCspHeader,
  resolveRendererFile,
  withCspDirective,
} from '../../../main/host/renderer-files';
import { createRendererFixture, fixtureMetaCsp, type RendererFixture } from '../../helpers/host-fixtures';

let fixture: RendererFixture;
beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.remove());

describe('resolveRendererFile', () => {
  it('maps / to index.html and asset paths to files inside the folder', async () => {
    expect(await resolveRendererFile(fixture.rendererDir, '/')).toBe(join(fixture.rendererDir, 'index.html'));
    expect(await resolveRendererFile(fixture.rendererDir, '/assets/app.js')).toBe(
      join(fixture.rendererDir, 'assets', 'app.js'),
    );
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2E%2E/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/app.js%00.png',
    '/%E0%A4%A',
    '/assets/link.txt',
    '/assets',
    '/missing.js',
  ])('refuses %s', async (path) => {
    expect(await resolveRendererFile(fixture.rendererDir, path)).toBeNull();
  });
});

describe('content types', () => {
  it('names common renderer and document types', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('app.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('icon.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeFor('report.pdf')).toBe('application/pdf');
    expect(contentTypeFor('font.woff2')).toBe('font/woff2');
    expect(contentTypeFor('blob.unknownext')).toBe('application/octet-stream');
  });
});

describe('CSP', () => {
  it('reads the meta policy of a page', () => {
    expect(extractMetaCsp(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`)).toBe(
      "default-src 'none'",
    );
    expect(extractMetaCsp(`<meta content='img-src &apos;self&apos;' http-equiv='content-security-policy'>`)).toBe(
      "img-src 'self'",
    );
    expect(extractMetaCsp('<meta charset="utf-8">')).toBeNull();
  });

  it('replaces or appends a directive', () => {
    expect(
      withCspDirective("default-src 'none'; connect-src 'self' ws:", 'connect-src', "'self' ws://127.0.0.1:9"),
    ).toBe("default-src 'none'; connect-src 'self' ws://127.0.0.1:9");
    expect(withCspDirective("default-src 'none';", 'frame-ancestors', "'none'")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('builds the header from the built index.html, with the host connect-src and no framing', async () => {
    const header = await rendererCspHeader(fixture.rendererDir, "'self' ws://127.0.0.1:4000");
    expect(header).toBe(
      `${fixtureMetaCsp.replace("connect-src 'self' ws: wss:", "connect-src 'self' ws://127.0.0.1:4000")}; frame-ancestors 'none'`,
    );
    expect(await rendererCspHeader(join(fixture.root, 'nowhere'))).toBe(
      `${defaultRendererCsp}; frame-ancestors 'none'`,
    );
  });

  it('gives the app page no base URL, form target or framer of its own, in the meta policy and in the header', async () => {
    // renderer/index.html is the source of the built page's policy (docs/SECURITY.md, "Content Security Policy").
    const rendererSource = join(import.meta.dirname, '../../../renderer');
    const meta = extractMetaCsp(await readFile(join(rendererSource, 'index.html'), 'utf8')) ?? '';
    const directives = (policy: string) => policy.split(';').map((part) => part.trim());
    expect(directives(meta)).toEqual(
      expect.arrayContaining(["default-src 'none'", "base-uri 'none'", "form-action 'none'"]),
    );
    // A meta policy cannot set frame-ancestors: Chromium ignores it there and says so in the console.
    expect(meta).not.toContain('frame-ancestors');
    expect(meta).not.toMatch(/unsafe-(inline|eval)/);
    const header = await rendererCspHeader(rendererSource, "'self'");
    expect(directives(header)).toEqual(
      expect.arrayContaining(["base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'", "connect-src 'self'"]),
    );
  });
});
