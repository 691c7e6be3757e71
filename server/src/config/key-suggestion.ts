// "did you mean `max-pinned-workers`?": the known key a misspelt one most likely stands for.

/** Keys longer than this are not compared (the comparison costs the product of the two lengths). */
const MAX_COMPARED_LENGTH = 64;

/** Edits (insert, delete, replace, swap two neighbours) between two strings, or Infinity beyond `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, beforePrevious[j - 2]! + 1);
      current.push(best);
      rowMinimum = Math.min(rowMinimum, best);
    }
    if (rowMinimum > limit) return Infinity;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]! <= limit ? previous[b.length]! : Infinity;
}

/**
 * The one known key `key` most likely means: the same key in another case or with `_` for `-`, else
 * the only one within one edit (two for keys of nine letters or more); null when none or several are.
 */
export function closestKey(key: string, known: readonly string[]): string | null {
  if (key.length > MAX_COMPARED_LENGTH) return null;
  const normalized = key.toLowerCase().replace(/_/g, '-');
  if (known.includes(normalized)) return normalized;
  let best: string | null = null;
  let bestDistance = Infinity;
  let tied = false;
  for (const candidate of known) {
    const limit = candidate.length >= 9 ? 2 : 1;
    const distance = editDistance(normalized, candidate, limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance && distance !== Infinity) tied = true;
  }
  return bestDistance === Infinity || tied ? null : best;
}
