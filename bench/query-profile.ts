// Where the analysis spends its time, query by query: `node out/bench/query-profile.js [WHAT...]`
// (after `node scripts/build.mjs --tests`). Each WHAT is one of:
//
//   1000, 10000, 50000   the editor section's generated file of that many lines, edited in process
//                        as the editor section edits it (a letter typed and deleted at ten places, twice)
//   real                 the editor section's 10,000 lines of real modules, edited the same way
//   corpus               the CLI section's generated corpus, each file parsed and analysed once (a
//                        database that records nothing, as `oomlint check` uses)
//
// Default: real and 10000. For each, a table of the queries whose answers were worked out, with how
// many and the time they took less the time of the answers they asked for (engine/database.ts,
// QueryProfile), per edit for the edits (after two passes of warm-up); SHOWN=N in the environment
// lists N queries instead of 30. What runs outside any query (rule code, the engine's checks of kept
// answers, the parse) is the rest of the total. A diagnostic for planning work, not a judged figure:
// it times inside the process, with the timer's own cost.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../server/src/analysis/analyze';
import { AnalysisSession } from '../server/src/analysis/session';
import { OpenDocument } from '../server/src/lsp/open-document';
import { PythonParser } from '../server/src/parser/parser';
import { Database, QueryProfile } from '../server/src/semantic/engine/database';
import { largeFile } from './corpus/large-file';
import { realModulesFile } from './corpus/real-modules';
import { plannedEdits } from './measure/editor-latency';
import { prepareCorpus } from './measure/prepare-corpus';
import { BENCH_ROOT, GRAMMAR_DIR } from './paths';

/** As the editor section plans its edits and seeds its files (bench/run.ts, PLANS.full). */
const EDIT_PLACES = 10;
const EDIT_REPEATS = 2;
const SEED_OF_SIZE: Record<string, number> = { '1000': 1000, '10000': 1001, '50000': 1002 };
const WARM_UP_PASSES = 2;
const CORPUS = { lines: 150_000, seed: 1 };
/** How many queries a table lists (SHOWN in the environment). */
const SHOWN = process.env.SHOWN ?? '30';

interface Profiled {
  title: string;
  /** What the figures are divided by (the edits of one pass, or 1 for the corpus). */
  per: number;
  perLabel: string;
  totalMs: number;
  profile: QueryProfile;
}

function profileEdits(parser: PythonParser, what: string): Profiled {
  const text = what === 'real' ? realModulesFile(10_000) : largeFile(Number(what), SEED_OF_SIZE[what] ?? 1000);
  const edits = plannedEdits(text, EDIT_PLACES, EDIT_REPEATS);
  const document = new OpenDocument('file:///oomlint-query-profile.py', 'python', 1, text);
  const session = new AnalysisSession();
  const analyse = () => analyze(document.syntax(parser), document.text, { session, source: document.source });
  const profile = new QueryProfile();
  let version = 1;
  let totalMs = 0;
  try {
    analyse();
    for (let pass = 0; pass <= WARM_UP_PASSES; pass++) {
      const timed = pass === WARM_UP_PASSES;
      if (timed) Database.profile = profile;
      const started = performance.now();
      for (const edit of edits) {
        document.applyChanges([edit.change], ++version);
        analyse();
      }
      if (timed) totalMs = performance.now() - started;
    }
  } finally {
    Database.profile = undefined;
    document.freeTree();
  }
  const title = what === 'real' ? '10,101 lines of real modules' : `generated file of ${what} lines`;
  return { title: `${title}, ${edits.length} edits after ${WARM_UP_PASSES} passes of warm-up`, per: edits.length, perLabel: 'per edit', totalMs, profile };
}

function profileCorpus(parser: PythonParser): Profiled {
  const root = join(BENCH_ROOT, '.corpus', `${CORPUS.lines}-${CORPUS.seed}`);
  const corpus = prepareCorpus(root, CORPUS, join(root, '..', `${CORPUS.lines}-${CORPUS.seed}.files.txt`));
  const profile = new QueryProfile();
  let totalMs = 0;
  try {
    for (const file of corpus.files) {
      const path = join(corpus.root, file);
      const text = readFileSync(path, 'utf8');
      const tree = parser.parseToSyntax(text);
      Database.profile = profile;
      const started = performance.now();
      analyze(tree, text, { path });
      totalMs += performance.now() - started;
      Database.profile = undefined;
    }
  } finally {
    Database.profile = undefined;
  }
  return { title: `the CLI corpus, ${corpus.files.length} files, ${corpus.lines} lines, analysed once each (parse not counted)`, per: 1, perLabel: 'in all', totalMs, profile };
}

function print({ title, per, perLabel, totalMs, profile }: Profiled): void {
  const rows = [...profile.byQuery].sort((a, b) => b[1].ms - a[1].ms);
  const inQueries = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
  console.log(`\n${title}`);
  console.log(`analysis ${(totalMs / per).toFixed(2)} ms ${perLabel}, of which in queries ${(inQueries / per).toFixed(2)} ms`);
  console.log(`${'ms'.padStart(9)}  ${'answers'.padStart(9)}  query (${perLabel})`);
  const shown = Number(SHOWN);
  for (const [name, entry] of rows.slice(0, shown)) {
    console.log(`${(entry.ms / per).toFixed(2).padStart(9)}  ${(entry.count / per).toFixed(per === 1 ? 0 : 1).padStart(9)}  ${name}`);
  }
  if (rows.length > shown) console.log(`(${rows.length - shown} more queries)`);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const whats = wanted.length ? wanted : ['real', '10000'];
  for (const what of whats) {
    if (what !== 'real' && what !== 'corpus' && !(what in SEED_OF_SIZE)) throw new Error(`query-profile: "${what}" is not one of 1000, 10000, 50000, real, corpus`);
  }
  if (!/^[1-9]\d*$/.test(SHOWN)) throw new Error(`query-profile: SHOWN must be a whole number of at least 1, not "${SHOWN}"`);
  const parser = await PythonParser.create({ grammarDir: GRAMMAR_DIR });
  try {
    for (const what of whats) print(what === 'corpus' ? profileCorpus(parser) : profileEdits(parser, what));
  } finally {
    parser.delete();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
