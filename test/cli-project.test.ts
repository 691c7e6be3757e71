// `oomlint check` with the project's other files: each fixture project (test/fixtures/projects)
// holds a file whose finding depends on a fact in another file. Checked with its project, the
// file gets the answer that fact gives; copied alone into an empty project, it gets the other.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import { ProjectIndex } from '../server/src/project/project-index';
import type { FileSummary } from '../server/src/project/summary';
import { FIXTURES_DIR, REPO_ROOT } from './support/paths';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const PROJECTS = join(FIXTURES_DIR, 'projects');

const folders: string[] = [];
after(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** The codes and rows of the findings in `file` when `target` (a folder or file) is checked. */
function findings(target: string, file: string): string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '--select', 'ALL', '--exit-zero', target], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  const all = JSON.parse(result.stdout) as { code: string; filename: string; location: { row: number } }[];
  return all.filter((f) => f.filename.endsWith(file)).map((f) => `${f.code}:${f.location.row}`);
}

/** The findings of `file` copied alone into a project of its own. */
function findingsAlone(path: string): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'oomlint-alone-'));
  folders.push(folder);
  writeFileSync(join(folder, 'pyproject.toml'), '');
  copyFileSync(path, join(folder, basename(path)));
  return findings(folder, basename(path));
}

const CASES = [
  { project: 'decorator-elsewhere', file: 'evaluate.py', withProject: [], alone: ['OOM001:10'], fact: 'a decorator of another file runs the function with gradients off' },
  { project: 'relative-import', file: 'pkg/evaluate.py', withProject: [], alone: ['OOM001:10'], fact: '`from . import utils` finds the decorator beside it' },
  { project: 'callers-elsewhere', file: 'engine.py', withProject: [], alone: ['OOM001:8'], fact: 'every caller, in another file, wraps the helper in no_grad' },
  { project: 'method-forward-elsewhere', file: 'act.py', withProject: ['OOM001:10'], alone: [], fact: "a method of another file's module class runs its layers" },
  { project: 'factory-grad-off', file: 'evaluate.py', withProject: [], alone: ['OOM001:8'], fact: "a factory in another file returns only modules whose forward is decorated no_grad" },
  { project: 'method-named-elsewhere', file: 'train.py', withProject: [], alone: ['OOM001:7'], fact: "`model.pull_model(...)` calls a method that a class of another file defines, not a model" },
  { project: 'method-callers-mixed', file: 'run.py', withProject: ['OOM001:22', 'OOM001:29'], alone: [], fact: "a method of another file's class runs its model with the caller's grad mode: a forward pass where it is called, and what it returns (tags) is not the model's output" },
  { project: 'method-returns-outputs', file: 'evaluate.py', withProject: ['OOM001:7'], alone: [], fact: "a method of another file that hands its forward's outputs back leaves the guard to the loop that calls it" },
  { project: 'guard-two-calls-up', file: 'helpers.py', withProject: [], alone: ['OOM001:4'], fact: "the only caller runs only under its own caller's no_grad, in a third file" },
  { project: 'annotated-parameter', file: 'evaluate.py', withProject: ['OOM001:8'], alone: [], fact: "a parameter annotated with a project class (`agent: Agent`) calls that class's method, not every method of its name" },
  { project: 'pydantic-method', file: 'block.py', withProject: [], alone: [], fact: "another file's method that only calls pydantic's `model_dump` runs no model" },
  { project: 'frozen-elsewhere', file: 'fid.py', withProject: [], alone: ['OOM001:10'], fact: "another file's feature extractor freezes its own parameters when built (FID's Inception)" },
  { project: 'script-folder', file: '01_burgers/engine.py', withProject: [], alone: ['OOM001:8'], fact: "a script in a folder no import can name (`01_burgers/train-v2.py`) imports the helper beside it" },
  { project: 'module-base-elsewhere', file: 'voting.py', withProject: ['OOM001:14'], alone: [], fact: "a class is a module through another file's base class, so its `self.forward(...)` runs the model" },
  { project: 'library-base-elsewhere', file: 'evaluate.py', withProject: [], alone: [], fact: "another file's class inherits `predict` from a library base: code the project does not hold" },
  { project: 'step-calls-elsewhere', file: 'agents.py', withProject: ['OOM001:20'], alone: [], fact: "another file calls a method with grad on at every step of its loop; the other method's caller holds no_grad" },
  { project: 'engine-wrapper', file: 'benchmark.py', withProject: [], alone: ['OOM001:19'], fact: "`trt_model` holds another file's plain class (no module base, a `__call__` that runs no model), whatever its name says" },
  { project: 'cpu-writer-elsewhere', file: 'load.py', withProject: ['OOM009:11'], alone: [], fact: 'a checkpoint that a file without GPU use saves from a model it builds holds CPU tensors; one saved from a `.cuda()` model does not' },
  { project: 'criterion-backward-elsewhere', file: 'train.py', withProject: [], alone: ['OOM001:6'], fact: "an output handed to another file's criterion module, whose `forward` backpropagates it, is training" },
  { project: 'loss-object-elsewhere', file: 'train.py', withProject: [], alone: ['OOM001:7', 'OOM003:9'], fact: "a parameter holds what every call constructs for it: another file's loss object, which backpropagates what it is given and returns a number" },
  { project: 'loss-method-elsewhere', file: 'train.py', withProject: [], alone: ['OOM002:22', 'OOM002:25'], fact: "a method of another file's loss class that backpropagates and returns `.item()` gives a number to keep" },
  { project: 'numpy-file-called-elsewhere', file: 'evaluation.py', withProject: ['OOM001:8'], alone: [], fact: "a file that imports only NumPy holds PyTorch values when another file calls its functions with a model; alone it holds none" },
  { project: 'loader-arguments-elsewhere', file: 'data.py', withProject: ['OOM005:9', 'OOM005:13'], alone: ['OOM005:5', 'OOM005:13', 'OOM005:17'], fact: "the worker counts that another file's calls pass replace a parameter's default, and one that is not a known number leaves the count unknown" },
  { project: 'script-named-test', file: 'mnist_test.py', withProject: ['OOM001:32'], alone: ['OOM001:32'], fact: "a `test()` that a script named like a pytest module calls after every epoch is evaluation, not a test pytest runs once" },
  { project: 'script-named-test', file: 'test_model.py', withProject: [], alone: [], fact: "a pytest test that nothing in its file calls runs once, on a constructed batch" },
  { project: 'script-named-test', file: 'test_predictors.py', withProject: [], alone: [], fact: "a test that its module's `__main__` also runs once by hand is still a test, whatever inputs its helpers load" },
  { project: 'star-import-function', file: 'app/train.py', withProject: [], alone: ['OOM001:5'], fact: "a name a module's `from app.utils import *` brings in is that module's function (`model_filepath`), not a model, whatever it is called" },
  { project: 'star-reexport-elsewhere', file: 'scripts/sample.py', withProject: [], alone: ['OOM001:12'], fact: "a class that a package's `__init__` re-exports with `from .model import *` is that module's class, whose `sample` runs its model under `no_grad`; `model = model.to(...)` keeps it" },
  { project: 'annotated-library-object', file: 'embedder.py', withProject: [], alone: [], fact: "an attribute assigned a parameter annotated with a transformers `Pipeline` holds one, whose call runs its model without gradients inside the library" },
  { project: 'method-runs-no-model', file: 'evaluate.py', withProject: [], alone: [], fact: "a method named like a forward (`sample`) of another file's class whose code runs no model (it draws weights) is not a forward pass" },
  { project: 'helper-method-guard', file: 'sample.py', withProject: [], alone: ['OOM001:12'], fact: "a method that reaches its model only through helpers of its own class (`self.sample_tensor` -> `self._proceed`, under `no_grad`) records no graph for its caller" },
  { project: 'tuple-parts-elsewhere', file: 'train.py', withProject: ['OOM003:16'], alone: ['OOM003:14', 'OOM003:15', 'OOM003:16'], fact: "what another file's forward returns at each position of its tuple decides (`loss, acc, acc2 = model(x, y)` where `acc` is a count ratio and `acc2` an `.item()`): only the loss carries a graph" },
  { project: 'meter-elsewhere', file: 'train.py', withProject: ['OOM003:17'], alone: ['OOM003:16', 'OOM003:17'], fact: "another file's meter whose `update` stores a detached copy keeps no graph; one whose `update` adds to `self.sum` does" },
  { project: 'notebook-imports', file: 'train.ipynb', withProject: [], alone: ['OOM001:2'], fact: "a notebook's imports find the modules beside it, as its kernel does: `run_model` of `from model_functions import *` is that module's training function, not a model" },
  { project: 'abstract-method-elsewhere', file: 'pkg/trainer.py', withProject: ['OOM001:21', 'OOM001:28'], alone: [], fact: "an abstract method of another file's base class (`@abstractmethod def loss(...): pass`) is not what runs: its subclasses' `loss`, which run the model, decide whether `model.loss(batch)` is a forward pass" },
  { project: 'inherited-methods-elsewhere', file: 'evaluate.py', withProject: ['OOM001:9'], alone: [], fact: "another file's subclasses run their model in `loss`: through `self.forward` inherited from their base, or through modules a base's helper builds and returns as a tuple (`self.encoder, self.head = self._build(...)`)" },
];

for (const c of CASES) {
  test(`with its project, ${c.fact} (${c.project})`, () => {
    assert.deepEqual(findings(join(PROJECTS, c.project), c.file), c.withProject);
    assert.deepEqual(findingsAlone(join(PROJECTS, c.project, c.file)), c.alone);
  });
}

const summary = (imports: Record<string, string>, usesGpu: boolean): FileSummary => ({ imports, stars: [], functions: {}, classes: {}, values: {}, calls: [], methodCalls: [], usesGpu, writtenPaths: [] });

test('a file uses a GPU when a file its imports connect it with does, in either direction', () => {
  const root = join(tmpdir(), 'project');
  const index = new ProjectIndex(root);
  index.set(join(root, 'common.py'), summary({}, true));
  index.set(join(root, 'predict.py'), summary({ load_model: 'common.load_model' }, false));
  index.set(join(root, 'report.py'), summary({ predict: 'predict.predict' }, false));
  index.set(join(root, 'plots.py'), summary({}, false));
  index.set(join(root, 'cpu_only.py'), summary({ draw: 'plots.draw' }, false));
  const gpu = (file: string) => index.viewFor(join(root, file)).usesGpu;
  assert.deepEqual(['common.py', 'predict.py', 'report.py', 'plots.py', 'cpu_only.py'].map(gpu), [true, true, true, false, false]);
});
