// One long module for the editor benchmarks: many generated modules merged into a single file, with
// the imports gathered at the top and each chunk's top-level names made unique.
import { FileContext, randomStyle } from './context';
import { DOMAINS } from './domains';
import type { Lines } from './python';
import { Random } from './random';
import {
  assemble,
  dataModule,
  evaluationScript,
  lossModule,
  modelModule,
  specialScript,
  trainerModule,
  trainingScript,
  utilityModule,
  type ModuleParts,
  type ProjectNames,
} from './scripts';

/** A Python module of at least `lines` lines (it stops after the chunk that reaches the count). */
export function largeFile(lines: number, seed: number): string {
  const random = new Random(seed);
  const domain = random.pick(DOMAINS);
  const ctx = new FileContext(random, domain, randomStyle(random));
  const names: ProjectNames = { models: random.sample(domain.modelNames, 3), datasets: random.sample(domain.datasetNames, 2), packageName: `${domain.key}mono` };
  const writers: ((c: FileContext) => ModuleParts)[] = [
    (c) => modelModule(c, names, 2),
    (c) => trainingScript(c, names, 'train.py'),
    (c) => dataModule(c, names),
    (c) => utilityModule(c, true),
    (c) => evaluationScript(c, names),
    (c) => trainerModule(c),
    (c) => lossModule(c),
    (c) => specialScript(c, names),
  ];
  const prelude: Lines = [];
  const parts: Lines[] = [];
  let count = 0;
  for (let chunk = 0; count < lines; chunk++) {
    const module = random.pick(writers)(ctx);
    const kept = module.parts.filter((p) => !p[0]?.startsWith('if __name__'));
    const renamed = uniqueTopLevelNames(kept, chunk);
    for (const line of module.prelude) if (!prelude.includes(line)) prelude.push(line);
    parts.push(...renamed);
    count = renamed.reduce((sum, p) => sum + p.length + 2, count);
  }
  return assemble(ctx, { doc: `Everything in one module (${lines} lines), for editor latency measurements.`, prelude, parts });
}

/** Appends `_<chunk>` to the names a chunk defines at top level, and to their uses in it. */
function uniqueTopLevelNames(parts: Lines[], chunk: number): Lines[] {
  const defined = new Set<string>();
  for (const part of parts) {
    for (const line of part) {
      const m = /^(?:def|class)\s+(\w+)|^(\w+)\s*(?::[^=]*)?=/.exec(line);
      const name = m?.[1] ?? m?.[2];
      if (name && !name.startsWith('__')) defined.add(name);
    }
  }
  if (!defined.size) return parts;
  const pattern = new RegExp(`\\b(${[...defined].join('|')})\\b`, 'g');
  return parts.map((part) => part.map((line) => line.replace(pattern, `$1_${chunk}`)));
}
