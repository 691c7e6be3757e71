// A workspace of real modules for the editor's workspace index: the labelled third-party modules of
// accuracy/files, copied round-robin into packages until the workspace holds the files asked for,
// each ending with imports of two earlier modules and a helper that calls theirs, so that the
// project's import graph is connected as a real one is. Beside them, the two files an editing
// session needs: `tools.py`, whose decorator turns gradients off or not, and `main.py`, whose
// evaluation loop is fine only while it does.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../paths';

const SOURCE = join(REPO_ROOT, 'accuracy', 'files');

/** Modules per package (its `__init__.py` included). */
const PACKAGE_SIZE = 50;

export const TOOLS_GRAD_OFF = `import functools

import torch


def inference(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.no_grad():
            return fn(*args, **kwargs)
    return wrapper
`;

/** The same decorator, no longer turning gradients off: an edit that changes tools.py's summary. */
export const TOOLS_GRAD_ON = TOOLS_GRAD_OFF.replace('with torch.no_grad():', 'if True:');

export interface Workspace {
  root: string;
  files: number;
  lines: number;
  /** The file whose summary the edits change, and the open file whose findings depend on it. */
  tools: string;
  main: string;
  mainText: string;
}

function pythonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pythonFiles(path);
    return entry.name.endsWith('.py') ? [path] : [];
  });
}

/** Writes a workspace of `files` Python files (tools.py and main.py included) into the empty folder `root`. */
export function generateWorkspace(root: string, files: number): Workspace {
  const sources = pythonFiles(SOURCE)
    .sort((a, b) => relative(SOURCE, a).localeCompare(relative(SOURCE, b)))
    .map((file) => readFileSync(file, 'utf8').replace(/\r\n?/g, '\n'));
  // A repository: the project's root for the index.
  mkdirSync(join(root, '.git'));
  const modules: { package: string; name: string }[] = [];
  let lines = 0;
  const write = (path: string, text: string) => {
    writeFileSync(join(root, path), text);
    lines += text.split('\n').length - 1;
  };
  const count = files - 2;
  for (let i = 0; i < count; i++) {
    const pkg = `pkg${String(Math.floor(i / PACKAGE_SIZE)).padStart(2, '0')}`;
    if (i % PACKAGE_SIZE === 0) {
      mkdirSync(join(root, pkg));
      write(join(pkg, '__init__.py'), '');
      continue;
    }
    const name = `m${i}`;
    const body = sources[i % sources.length]!;
    const earlier = modules.length ? [modules[(i * 7) % modules.length]!, modules[(i * 13) % modules.length]!] : [];
    const imports = earlier.map((m) => `from ${m.package}.${m.name} import helper_${m.name}\n`).join('');
    const calls = earlier.map((m) => `    helper_${m.name}(model, batch)\n`).join('');
    write(join(pkg, `${name}.py`), `${body.endsWith('\n') ? body : `${body}\n`}\n${imports}\n\ndef helper_${name}(model, batch):\n    out = model(batch)\n${calls}    return out\n`);
    modules.push({ package: pkg, name });
  }
  write('tools.py', TOOLS_GRAD_OFF);
  const last = modules.slice(-3);
  const mainText = `import torch

from tools import inference
${last.map((m) => `from ${m.package}.${m.name} import helper_${m.name}\n`).join('')}

@inference
def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        logits = model(images)
${last.map((m) => `        helper_${m.name}(model, images)\n`).join('')}        correct += (logits.argmax(1) == labels).sum().item()
    return correct
`;
  write('main.py', mainText);
  return { root, files, lines, tools: join(root, 'tools.py'), main: join(root, 'main.py'), mainText };
}
