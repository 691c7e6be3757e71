// Sizes as PyTorch's out-of-memory messages print them ("1.50 GiB", "512 bytes"): shared by the
// explanation the server writes and the panel the client draws, which must show the same numbers.

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(2)} ${units[unit]}`;
}
