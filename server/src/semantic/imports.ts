// Which names the file binds to which modules and members: `import torch as T`,
// `from torch.utils.data import DataLoader`, `import torch.nn as nn`, `from torch.utils import data`.
import { field, fields, is, type SyntaxNode } from '../parser/syntax';
import { nodeText } from './names';

/** What the analysis asks of a file's imports (an ImportTable, or a view that notes each question apart). */
export interface Imports {
  /** Every local name with the qualified name it is bound to. */
  entries(): IterableIterator<[string, string]>;
  /** The modules imported with `from m import *`, as written (`.model` for `from .model import *`). */
  readonly stars: readonly string[];
  /** The qualified name a local name stands for, if it was imported. */
  resolveName(local: string): string | undefined;
  /** `T.nn.Linear` -> `torch.nn.Linear` when `import torch as T`. Null when the head is not imported. */
  qualify(dotted: string | null): string | null;
  /** The local name bound to `qualified`: `T` for `import torch as T`, `no_grad` for `from torch import no_grad`. */
  localNameOf(qualified: string): string | undefined;
  /** Some import binds a name to a module or member whose qualified name matches `pattern`. */
  importsMatching(pattern: RegExp): boolean;
  readonly importsTorch: boolean;
  /** The file imports another ML framework (scikit-learn, Keras, JAX...) and nothing from PyTorch. */
  readonly usesOtherFrameworkOnly: boolean;
  /**
   * The file imports something, and every import (star imports too) is of the standard library or of a
   * library that makes no PyTorch values.
   */
  readonly importsNoTorch: boolean;
  /** The file imports another deep learning framework with tensors and autograd of its own (Paddle, MXNet, TensorFlow, JAX) and nothing from PyTorch. */
  readonly usesOtherAutogradOnly: boolean;
}

/** `dotted` with its head replaced by what `bindingOf` says the head is bound to; null when it is bound to nothing. */
export function qualifyThrough(dotted: string | null, bindingOf: (local: string) => string | undefined): string | null {
  if (!dotted) return null;
  const dot = dotted.indexOf('.');
  const bound = bindingOf(dot < 0 ? dotted : dotted.slice(0, dot));
  if (!bound) return null;
  return dot < 0 ? bound : bound + dotted.slice(dot);
}

export class ImportTable implements Imports {
  /** Local name -> fully qualified name. */
  private readonly bindings = new Map<string, string>();
  /** Modules imported with `from m import *`, whose names no binding lists. */
  private readonly starModules: string[] = [];

  constructor(imports: readonly SyntaxNode[], fromImports: readonly SyntaxNode[], private readonly text: string) {
    for (const statement of imports) this.addImport(statement);
    for (const statement of fromImports) this.addFromImport(statement);
  }

  private addImport(statement: SyntaxNode): void {
    if (!is(statement, 'import_statement')) return;
    for (const name of fields(statement, 'name')) {
      if (is(name, 'aliased_import')) {
        const module = field(name, 'name');
        const alias = field(name, 'alias');
        if (module && alias) this.bindings.set(nodeText(alias, this.text), nodeText(module, this.text));
      } else {
        // `import torch.utils.data` binds `torch`, through which the full path is reachable.
        const first = nodeText(name, this.text).split('.')[0]!;
        this.bindings.set(first, first);
      }
    }
  }

  private addFromImport(statement: SyntaxNode): void {
    if (!is(statement, 'import_from_statement')) return;
    const moduleNode = field(statement, 'module_name');
    if (!moduleNode) return;
    const module = nodeText(moduleNode, this.text).replace(/\s+/g, '');
    if (statement.children.some((c) => c.type === 'wildcard_import')) this.starModules.push(module);
    for (const name of fields(statement, 'name')) {
      if (is(name, 'aliased_import')) {
        const member = field(name, 'name');
        const alias = field(name, 'alias');
        if (member && alias) this.bindings.set(nodeText(alias, this.text), memberOf(module, nodeText(member, this.text)));
      } else {
        const member = nodeText(name, this.text);
        this.bindings.set(member.split('.')[0]!, memberOf(module, member));
      }
    }
  }

  private bindingsKey: string | undefined;

  /** All the bindings as one string: equal strings, equal answers from every method here. */
  get key(): string {
    if (this.bindingsKey === undefined) {
      this.bindingsKey = '';
      for (const [local, target] of this.bindings) this.bindingsKey += `${local}=${target};`;
      for (const module of this.starModules) this.bindingsKey += `*=${module};`;
    }
    return this.bindingsKey;
  }

  entries(): IterableIterator<[string, string]> {
    return this.bindings.entries();
  }

  /** The modules imported with `from m import *`, as written (`.model` for `from .model import *`). */
  get stars(): readonly string[] {
    return this.starModules;
  }

  resolveName(local: string): string | undefined {
    return this.bindings.get(local);
  }

  qualify(dotted: string | null): string | null {
    return qualifyThrough(dotted, (local) => this.bindings.get(local));
  }

  localNameOf(qualified: string): string | undefined {
    for (const [local, target] of this.bindings) if (target === qualified) return local;
    return undefined;
  }

  importsMatching(pattern: RegExp): boolean {
    for (const target of this.bindings.values()) if (pattern.test(target)) return true;
    return false;
  }

  get importsTorch(): boolean {
    return this.importsMatching(TORCH_FAMILY);
  }

  get importsNoTorch(): boolean {
    // A file that imports nothing at all (a snippet, a helper handed its model) is not known to be NumPy code.
    if (!this.bindings.size && !this.starModules.length) return false;
    for (const target of this.bindings.values()) if (!NO_TORCH_VALUES.test(target)) return false;
    return this.starModules.every((module) => NO_TORCH_VALUES.test(module));
  }

  get usesOtherAutogradOnly(): boolean {
    return !this.importsTorch && (this.importsMatching(OTHER_AUTOGRAD) || this.starModules.some((module) => OTHER_AUTOGRAD.test(module)));
  }

  get usesOtherFrameworkOnly(): boolean {
    return !this.importsTorch && this.importsMatching(OTHER_FRAMEWORKS);
  }
}

/**
 * The qualified name of `member` of `module` as an import writes them: `.m.x` for `from .m import x`,
 * and `.x` for `from . import x`.
 */
export function memberOf(module: string, member: string): string {
  return module.endsWith('.') ? `${module}${member}` : `${module}.${member}`;
}

/** A qualified name from PyTorch or a library built on it. */
export function isTorchFamily(qualified: string): boolean {
  return TORCH_FAMILY.test(qualified);
}

/**
 * The standard library and libraries that make no PyTorch values: code that imports nothing else
 * holds no tensor that records a graph. A list, since a library's code is not the project's to read.
 */
const NO_TORCH_VALUES = /^(__future__|abc|argparse|array|ast|asyncio|base64|bisect|builtins|bz2|calendar|collections|concurrent|configparser|contextlib|copy|csv|ctypes|dataclasses|datetime|decimal|difflib|enum|errno|fnmatch|fractions|functools|gc|getpass|glob|gzip|hashlib|heapq|hmac|html|http|importlib|inspect|io|ipaddress|itertools|json|logging|lzma|math|mimetypes|multiprocessing|numbers|operator|os|pathlib|pickle|platform|pprint|queue|random|re|secrets|select|shlex|shutil|signal|socket|sqlite3|statistics|string|struct|subprocess|sys|tarfile|tempfile|textwrap|threading|time|timeit|traceback|types|typing|unicodedata|unittest|urllib|uuid|warnings|weakref|xml|zipfile|zlib|numpy|scipy|pandas|matplotlib|seaborn|sklearn|PIL|cv2|skimage|imageio|tqdm|IPython|ipywidgets|plotly|sympy|networkx|h5py|yaml|requests|tabulate|termcolor|colorama|statsmodels|numba)(\.|$)/;

/** PyTorch and the libraries built on it: their presence means models here are `nn.Module`s. */
const TORCH_FAMILY = /^(torch|torchvision|torchaudio|torchtext|timm|transformers|diffusers|accelerate|lightning|pytorch_lightning|torch_geometric|torchmetrics|peft|ignite|detectron2|mmcv|mmdet|ultralytics|fairseq|deepspeed|open_clip|clip|segment_anything)(\.|$)/;

/** Deep learning frameworks with tensors and autograd of their own: their models and losses are not PyTorch's. */
const OTHER_AUTOGRAD = /^(paddle|mxnet|tensorflow|keras|tf_keras|jax|flax|mindspore|oneflow|megengine)(\.|$)/;

/** Frameworks whose `model.predict(...)` has nothing to do with autograd. */
const OTHER_FRAMEWORKS = /^(sklearn|tensorflow|keras|tf_keras|jax|flax|xgboost|lightgbm|catboost|paddle|mxnet|statsmodels)(\.|$)/;

/** Statements whose imports bind names for the whole module (and so for a notebook's later cells). */
const MODULE_LEVEL_BLOCKS = new Set(['module', 'block', 'if_statement', 'else_clause', 'elif_clause', 'try_statement', 'except_clause', 'finally_clause', 'with_statement']);

/**
 * The names a module binds by imports at module level (also inside `if`/`try`/`with` there, not in
 * functions or classes): local name -> qualified name.
 */
export function moduleLevelImports(root: SyntaxNode, text: string): Map<string, string> {
  const imports: SyntaxNode[] = [];
  const fromImports: SyntaxNode[] = [];
  const visit = (node: SyntaxNode): void => {
    for (const child of node.children) {
      if (child.type === 'import_statement') imports.push(child);
      else if (child.type === 'import_from_statement') fromImports.push(child);
      else if (MODULE_LEVEL_BLOCKS.has(child.type)) visit(child);
    }
  };
  visit(root);
  return new Map(new ImportTable(imports, fromImports, text).entries());
}
