// `node out/bench/corpus/generate.js [--out DIR] [--lines N] [--seed S]`: writes the corpus on its own
// (the benchmark runner writes it too, when missing or of another size).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT } from '../paths';
import { writeCorpus } from './corpus';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(BENCH_ROOT, '.corpus', 'full') },
    lines: { type: 'string', default: '150000' },
    seed: { type: 'string', default: '1' },
  },
});
const summary = writeCorpus(values.out, { lines: Number(values.lines), seed: Number(values.seed) });
process.stdout.write(`${summary.files} files, ${summary.writtenLines} lines in ${summary.projects} projects under ${summary.root}\n`);
