// One imaginary repository: a package (models, data, losses, helpers) plus scripts, experiments,
// notebooks exported as scripts and tests, all about one domain.
import { FileContext, randomStyle, type Style } from './context';
import { DOMAINS } from './domains';
import { largeFile } from './large-file';
import type { Random } from './random';
import {
  assemble,
  dataModule,
  evaluationScript,
  exportScript,
  lossModule,
  modelModule,
  notebookExport,
  packageInit,
  specialScript,
  testModule,
  trainerModule,
  trainingScript,
  utilityModule,
  type ModuleParts,
  type ProjectNames,
} from './scripts';

export interface CorpusFile {
  /** Path relative to the corpus root, with forward slashes. */
  path: string;
  text: string;
}

const PACKAGE_WORDS = ['lab', 'kit', 'core', 'bench', 'zoo', 'forge', 'works', 'tools', 'net', 'learn'];
const TRAIN_VARIANTS = ['baseline', 'large', 'finetune', 'ablation', 'sweep', 'pretrain', 'small', 'long', 'mixed', 'fast'];

export function generateProject(random: Random, index: number): CorpusFile[] {
  const domain = random.pick(DOMAINS);
  const packageName = `${domain.key}${random.pick(PACKAGE_WORDS)}${index}`;
  const names: ProjectNames = {
    models: random.sample(domain.modelNames, random.int(2, 4)),
    datasets: random.sample(domain.datasetNames, random.int(1, 3)),
    packageName,
  };
  const projectStyle = randomStyle(random);
  const root = `project_${String(index).padStart(3, '0')}_${packageName}`;
  const files: CorpusFile[] = [];
  const add = (path: string, write: (ctx: FileContext) => ModuleParts) => {
    const ctx = new FileContext(random.fork(), domain, fileStyle(random, projectStyle));
    files.push({ path: `${root}/${path}`, text: assemble(ctx, write(ctx)) });
  };

  add(`${packageName}/__init__.py`, (ctx) => packageInit(ctx, names));
  add(`${packageName}/models.py`, (ctx) => modelModule(ctx, names, Math.min(names.models.length, random.int(1, 3))));
  if (random.chance(0.4)) add(`${packageName}/models_extra.py`, (ctx) => modelModule(ctx, names, 1));
  add(`${packageName}/data.py`, (ctx) => dataModule(ctx, names));
  if (random.chance(0.6)) add(`${packageName}/losses.py`, (ctx) => lossModule(ctx));
  add(`${packageName}/utils.py`, (ctx) => utilityModule(ctx, true));
  if (random.chance(0.5)) add(`${packageName}/checkpoint.py`, (ctx) => utilityModule(ctx, true));
  if (random.chance(0.5)) add(`${packageName}/trainer.py`, (ctx) => trainerModule(ctx));
  for (const variant of random.sample(TRAIN_VARIANTS, random.int(1, 4))) {
    add(`scripts/train_${variant}.py`, (ctx) => trainingScript(ctx, names, `train_${variant}.py`));
  }
  add('scripts/evaluate.py', (ctx) => evaluationScript(ctx, names));
  if (random.chance(0.4)) add('scripts/export_model.py', (ctx) => exportScript(ctx, names));
  if (random.chance(0.35)) add(`experiments/${random.pick(['adversarial', 'policy', 'distill', 'extra'])}.py`, (ctx) => specialScript(ctx, names));
  if (random.chance(0.4)) add(`notebooks/explore_${random.int(1, 9)}.py`, (ctx) => notebookExport(ctx, names));
  if (random.chance(0.5)) add('tests/test_models.py', (ctx) => testModule(ctx, names));
  // A few repositories keep everything in one long script.
  if (random.chance(0.12)) files.push({ path: `${root}/scripts/${random.pick(['main', 'run_all', 'experiment'])}.py`, text: largeFile(random.int(800, 3000), random.int(0, 2 ** 31)) });
  if (random.chance(0.5)) add(`tools/${random.pick(['report', 'files', 'naming', 'configs'])}.py`, (ctx) => utilityModule(ctx, false));
  return files;
}

/** Most files follow the project's habits; some were written by someone else. */
function fileStyle(random: Random, project: Style): Style {
  return random.chance(0.25) ? randomStyle(random) : project;
}
