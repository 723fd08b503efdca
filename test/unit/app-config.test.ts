import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeUpdateFeedUrl, readSettings, resolveServerUrl, resolveUpdateFeedUrl } from '../../main/app-config';

const dir = mkdtempSync(join(tmpdir(), 'brm-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function settingsFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('the settings file', () => {
  it('gives the server and the update feed, the environment winning', async () => {
    const path = settingsFile(
      'both.json',
      '{"serverUrl": "https://brm.example.com/", "updateFeedUrl": "https://updates.example.com/brm"}',
    );
    expect(await resolveServerUrl({ settingsPath: path, env: {} })).toBe('https://brm.example.com');
    expect(await resolveUpdateFeedUrl({ settingsPath: path, env: {} })).toBe('https://updates.example.com/brm/');
    expect(
      await resolveUpdateFeedUrl({ settingsPath: path, env: { BRM_UPDATE_FEED_URL: 'https://other.example.com/f/' } }),
    ).toBe('https://other.example.com/f/');
    expect(await resolveUpdateFeedUrl({ settingsPath: join(dir, 'missing.json'), env: {} })).toBeNull();
  });

  it('refuses values that are not strings, naming the file and the key', async () => {
    const path = settingsFile('wrong.json', '{"updateFeedUrl": 42}');
    await expect(readSettings(path)).rejects.toThrow(`${path}: "updateFeedUrl" must be a string.`);
  });
});

describe('update feeds', () => {
  it('must be https, or http on this computer', () => {
    expect(normalizeUpdateFeedUrl('https://updates.example.com/brm', 'test')).toBe('https://updates.example.com/brm/');
    expect(normalizeUpdateFeedUrl('http://127.0.0.1:8080/feed/', 'test')).toBe('http://127.0.0.1:8080/feed/');
    expect(() => normalizeUpdateFeedUrl('http://updates.example.com/', 'settings.json')).toThrow(
      /settings.json: .* must be an https address/,
    );
    expect(() => normalizeUpdateFeedUrl('ftp://updates.example.com/', 'test')).toThrow(/https/);
    expect(() => normalizeUpdateFeedUrl('updates', 'test')).toThrow(/is not a URL/);
  });
});
