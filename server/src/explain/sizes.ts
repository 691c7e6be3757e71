// Sizes as the out-of-memory messages print them ("1.70 GiB", "17.68 GB", "4770354232 bytes"), read
// exactly: a figure is at most 20 digits before the point, and one that cannot be a size is left unread.

const UNIT_POWER: Record<string, number> = { bytes: 0, b: 0, kib: 1, kb: 1, mib: 2, mb: 2, gib: 3, gb: 3, tib: 4, tb: 4, pib: 5, pb: 5, eib: 6, eb: 6 };

/**
 * A size followed by its unit; the look-behind keeps a long run of digits from being tried at each of
 * its positions, and the digit counts keep the match short.
 */
export const SIZE_PATTERN = String.raw`(?<![\d.])(\d{1,20}(?:\.\d{1,6})?) ?(bytes|B|KiB|MiB|GiB|TiB|PiB|EiB|KB|MB|GB|TB|PB|EB)\b`;

/** The exact number of bytes of a written size (PyTorch's units are powers of 1024, GB and MB on MPS too). */
export function exactBytes(value: string, unit: string): bigint {
  const power = UNIT_POWER[unit.toLowerCase()];
  if (power === undefined) throw new Error(`unknown unit ${unit}`);
  const factor = 1024n ** BigInt(power);
  const [whole, fraction = ''] = value.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const numerator = (BigInt(whole || '0') * scale + BigInt(fraction || '0')) * factor;
  // Rounded to the nearest byte.
  return (numerator * 2n + scale) / (2n * scale);
}

/** A written size in bytes, as the nearest double; `exactBytes` has every digit. */
export function parseSize(value: string, unit: string): number {
  return Number(exactBytes(value, unit));
}

/** Sizes above this are not exact as JSON numbers (or as doubles): they are written digit by digit. */
export const MAX_EXACT_BYTES = Number.MAX_SAFE_INTEGER;
