// GPU memory sizes as people write them: `24GB`, `80 GiB`, `24564MiB`, `40G`. Units are powers of
// 1024, as nvidia-smi's MiB are and as GPUs sold as "24GB" hold.

const UNITS: Record<string, number> = { '': 1024 ** 3, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tb: 1024 ** 4, tib: 1024 ** 4 };

/** Bytes of a size such as `24GB`; a bare number is GiB. Undefined when it does not read as one. */
export function parseGpuMemory(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const factor = match ? UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || factor === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * factor);
  return Number.isFinite(bytes) && bytes >= 1024 ** 2 ? bytes : undefined;
}

/** `14.2 GiB`, `512 MiB`. */
export function formatGiB(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(bytes >= 100 * 1024 ** 3 ? 0 : 1)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${bytes} B`;
}
