// The import scan finds every module a file's imports name, as the import table qualifies them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanImports } from '../server/src/project/import-scan';
import { moduleLevelImports } from '../server/src/semantic/imports';
import { sharedAnalyzer } from './support/analyzer';

const SOURCE = `import os, sys as system
import pkg.models.resnet as resnet
from . import utils
from .. import common
from .layers import (
    Block,  # the basic block
    Head as H,
)
from data.loaders \\
    import make_loader
try:
    from apex import amp
except ImportError:
    amp = None
def f():
    import helpers; from helpers.more import g
x = 1; import late
from pkg import *
`;

test('the scan finds the names every import statement binds, wherever it stands', async () => {
  const scanned = new Set(scanImports(SOURCE));
  const analyzer = await sharedAnalyzer();
  const root = analyzer.parser.parseToSyntax(SOURCE);
  for (const qualified of moduleLevelImports(root, SOURCE).values()) assert.ok(scanned.has(qualified), `${qualified} not scanned`);
  for (const name of ['os', 'sys', 'pkg.models.resnet', '.utils', '..common', '.layers.Block', '.layers.Head', 'data.loaders.make_loader', 'apex.amp', 'helpers', 'helpers.more.g', 'late']) assert.ok(scanned.has(name), name);
});

test('words that only look like imports name nothing that is not there', () => {
  assert.deepEqual(scanImports('important = 1\nx = "see the import docs"\n# import nothing\n'), []);
});
