/** "2 GiB", "1.5 MiB", "10 KiB", "12 bytes": a size in bytes for messages, in IEC binary units. */
export function formatBytes(bytes: number): string {
  const units = ['GiB', 'MiB', 'KiB'] as const;
  for (const [index, unit] of units.entries()) {
    const scale = 1024 ** (units.length - index);
    if (bytes >= scale) return `${Number((bytes / scale).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
