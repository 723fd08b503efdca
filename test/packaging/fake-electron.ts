/**
 * A stand-in for the unpacked Electron distribution that electron-builder copies into a package
 * (`electronDist`), for building a package where the Electron binary cannot be downloaded. Its
 * executable holds a fuse wire after Electron's sentinel (the layout @electron/fuses reads and
 * flips), with every fuse in the opposite of the state the app's configuration asks for, so a
 * test sees each one flipped.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SENTINEL } from '@electron/fuses/dist/constants.js';

/** Fuse states in wire order ('1' on, '0' off), as the fake binary starts with them. */
export type FuseWire = string;

/**
 * Writes a fake Linux Electron distribution into `dir` (`electron`, `version`, `LICENSE`,
 * `resources/`) whose executable carries `wire` (format version 1). Answers `dir`.
 */
export async function writeFakeElectron(dir: string, wire: FuseWire, version: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const fuses = Buffer.from(wire, 'latin1');
  const binary = Buffer.concat([
    Buffer.from('\x7fELF: a stand-in for the Electron executable in packaging tests\n', 'latin1'),
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([1, fuses.length]),
    fuses,
    Buffer.alloc(32),
  ]);
  await writeFile(join(dir, 'electron'), binary);
  await chmod(join(dir, 'electron'), 0o755);
  await writeFile(join(dir, 'version'), version);
  await writeFile(join(dir, 'LICENSE'), 'The MIT License, for the stand-in only.\n');
  return dir;
}
