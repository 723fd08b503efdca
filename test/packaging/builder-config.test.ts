/**
 * electron-builder.yml checked by electron-builder's own schema, the release configuration built
 * from the environment, and the icon set it names (docs/PACKAGING.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadBuilderConfig, projectDir, releaseConfig } from '../../packaging/builder-config';

const config = loadBuilderConfig();
const resources = join(projectDir, 'resources');

describe('electron-builder.yml', () => {
  it("passes electron-builder's own validation", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is refused by that validation when an option is misplaced (the check can fail)', async () => {
    const wrong = { ...config, win: { ...config.win, title: 'BRM Desktop' } } as typeof config;
    await expect(validateConfiguration(wrong, new DebugLogger(false))).rejects.toThrow(/configuration\.win/);
  });

  it('names the installers of each platform and the brm: link scheme', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual([
      { target: 'dmg', arch: ['universal'] },
      { target: 'zip', arch: ['universal'] },
    ]);
    expect(config.protocols).toEqual([{ name: 'BRM Desktop record link', schemes: ['brm'] }]);
  });

  it('keeps the asar and its integrity on, and holds no signing secret', () => {
    expect(config.asar).not.toBe(false);
    expect(JSON.stringify(config)).not.toMatch(/password|CSC_LINK|certificateFile|identity/i);
  });
});

describe('the release configuration', () => {
  it('publishes nothing when no update feed is named', () => {
    expect(releaseConfig({}).publish).toBeNull();
  });

  it('writes the update metadata for the feed named in BRM_UPDATE_FEED_URL', async () => {
    const release = releaseConfig({ BRM_UPDATE_FEED_URL: 'https://updates.example.com/brm/' });
    expect(release.publish).toEqual([{ provider: 'generic', url: 'https://updates.example.com/brm/' }]);
    await expect(validateConfiguration(release, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('refuses a feed that is not https (http only on this computer)', () => {
    expect(() => releaseConfig({ BRM_UPDATE_FEED_URL: 'http://updates.example.com/' })).toThrow(/https/);
    expect(() => releaseConfig({ BRM_UPDATE_FEED_URL: 'not a url' })).toThrow(/not a URL/);
    expect(releaseConfig({ BRM_UPDATE_FEED_URL: 'http://127.0.0.1:8080/feed/' }).publish).toHaveLength(1);
  });
});

describe('the icon set', () => {
  it('has a square PNG at every Linux size', async () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
      const meta = await sharp(join(resources, 'icons', `${size}x${size}.png`)).metadata();
      expect([size, meta.width, meta.height, meta.format]).toEqual([size, size, size, 'png']);
    }
  });

  it('has a Windows icon with every size from 16 to 256 pixels', () => {
    const ico = readFileSync(join(resources, 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
    expect(sizes).toEqual([16, 20, 24, 32, 40, 48, 64, 128, 256]);
  });

  it('has a macOS icon with every size from 16 to 1024 pixels', () => {
    const icns = readFileSync(join(resources, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4)) types.push(icns.toString('latin1', at, at + 4));
    expect(types.sort()).toEqual([
      'ic07',
      'ic08',
      'ic09',
      'ic10',
      'ic11',
      'ic12',
      'ic13',
      'ic14',
      'icp4',
      'icp5',
      'icp6',
    ]);
  });
});
