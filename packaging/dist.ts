/**
 * `npm run dist` (after `npm run build`): builds the installers of the current platform into
 * `dist/` with electron-builder (docs/PACKAGING.md): AppImage and deb on Linux, NSIS on Windows, dmg
 * and zip on macOS. Never publishes; signing is electron-builder's, from environment variables.
 */
import { build } from 'electron-builder';
import { projectDir, releaseConfig } from './builder-config';

try {
  const files = await build({ projectDir, config: releaseConfig(process.env), publish: 'never' });
  console.log(`Built:\n${files.map((f) => `  ${f}`).join('\n')}`);
} catch (error) {
  console.error(`The installers were not built: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
