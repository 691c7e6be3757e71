// Loaded before every test file by scripts/run-tests.mjs: property tests draw their cases from one
// fixed seed, so that `npm test` runs the same cases every time and a failure is reproducible.
// OOMLINT_PROPERTY_SEED picks another seed; `random` draws a new one per run, to explore.
import fc from 'fast-check';

const chosen = process.env.OOMLINT_PROPERTY_SEED;
const FIXED_SEED = 20261129;
if (chosen !== 'random') fc.configureGlobal({ seed: chosen === undefined ? FIXED_SEED : Number(chosen) });
