/**
 * The two icon containers whose pictures are ours at every size: Windows ICO with PNG entries
 * (Windows Vista and later read PNG entries of any size) and Apple ICNS with PNG entries (macOS
 * 10.7 and later). A converter from one large picture would scale the small sizes down from the
 * large drawing; here each size is given its own picture (packaging/make-icons.ts).
 */

/** One picture of an icon: its width and height in pixels and its PNG bytes. */
export interface IconPicture {
  size: number;
  png: Buffer;
}

/**
 * An ICO file of `pictures` (ICONDIR, one 16-byte ICONDIRENTRY each, then the PNGs). A width or
 * height of 256 is written as 0, as the format says. Throws on a size outside 1–256.
 */
export function icoFile(pictures: readonly IconPicture[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pictures.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * pictures.length;
  for (const { size, png } of pictures) {
    if (size < 1 || size > 256) throw new RangeError(`An ICO picture is 1 to 256 pixels, not ${size}.`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size === 256 ? 0 : size, 0);
    entry.writeUInt8(size === 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...pictures.map((p) => p.png)]);
}

/** ICNS element types holding PNG data, by pixel size of the picture they hold. */
const icnsTypes: ReadonlyArray<[type: string, size: number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024], // 512 pt @2x
  ['ic11', 32], // 16 pt @2x
  ['ic12', 64], // 32 pt @2x
  ['ic13', 256], // 128 pt @2x
  ['ic14', 512], // 256 pt @2x
];

/**
 * An ICNS file: the `icns` header with the file's length, then one element (type, length, PNG) per
 * entry of `icnsTypes`. `pngs` maps pixel sizes to pictures; throws when one it needs is missing.
 */
export function icnsFile(pngs: ReadonlyMap<number, Buffer>): Buffer {
  const elements = icnsTypes.map(([type, size]) => {
    const png = pngs.get(size);
    if (!png) throw new Error(`The ${size} px picture is needed for the ICNS element ${type}.`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(elements);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}
