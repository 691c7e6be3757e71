// What every fragment writer of one file shares: its random source, its imports, its domain and
// the habits of the (imaginary) person who wrote it.
import type { Domain } from './domains';
import { ImportSet } from './python';
import type { Random } from './random';

/** A parameter: name, type hint (empty for none), default value. */
export type Param = readonly [name: string, type?: string, value?: string];

export interface Style {
  /** Function signatures carry type hints. */
  typed: boolean;
  /** Probability that a function gets a docstring. */
  docstrings: number;
  /** How progress is reported: a module logger, or print. */
  logger: 'log' | 'logger' | 'print';
  /** How the run's options are read: `args.lr`, `cfg.lr` or `config["lr"]`. */
  options: 'args' | 'cfg' | 'config';
  /** Name of the model variable in loops. */
  model: string;
  /** Name of the device variable. */
  device: string;
}

export class FileContext {
  readonly imports = new ImportSet();

  constructor(
    readonly random: Random,
    readonly domain: Domain,
    readonly style: Style,
  ) {}

  /** `args.lr`, `cfg.lr` or `config["lr"]`. */
  option(name: string): string {
    return this.style.options === 'config' ? `config["${name}"]` : `${this.style.options}.${name}`;
  }

  /** A call that reports a formatted message, importing what it needs. */
  report(fstring: string): string {
    if (this.style.logger === 'print') return `print(${fstring})`;
    this.imports.module('logging');
    return `${this.style.logger}.info(${fstring})`;
  }

  torch(): this {
    this.imports.module('torch');
    return this;
  }

  nn(): this {
    this.imports.module('torch');
    this.imports.module('torch.nn', 'nn');
    return this;
  }

  functional(): this {
    this.imports.module('torch.nn.functional', 'F');
    return this;
  }

  /** `(self, x)` or `(self, x: torch.Tensor) -> torch.Tensor`, depending on the style. */
  signature(params: readonly Param[], returns?: string): string {
    if (this.style.typed) this.importTypingNames([...params.map(([, type]) => type ?? ''), returns ?? '']);
    const parts = params.map(([name, type, value]) => {
      if (!this.style.typed || !type) return value === undefined ? name : `${name}=${value}`;
      return value === undefined ? `${name}: ${type}` : `${name}: ${type} = ${value}`;
    });
    return `(${parts.join(', ')})${this.style.typed && returns ? ` -> ${returns}` : ''}`;
  }

  /** Brings in the `typing` names a hint uses (`Optional`, `Dict`, ...). */
  importTypingNames(hints: readonly string[]): void {
    for (const hint of hints) {
      for (const name of hint.match(/\b(Optional|List|Dict|Tuple|Iterable|Iterator|Callable|Any|Sequence|Union|Mapping)\b/g) ?? []) {
        this.imports.names('typing', name);
      }
    }
  }

  maybeDoc(text: string): string[] {
    return this.random.chance(this.style.docstrings) ? [`"""${text}"""`] : [];
  }
}

export function randomStyle(random: Random): Style {
  return {
    typed: random.chance(0.45),
    docstrings: random.pick([0.1, 0.3, 0.6, 0.9]),
    logger: random.weighted([['log', 3], ['logger', 3], ['print', 2]] as const),
    options: random.weighted([['args', 4], ['cfg', 3], ['config', 1]] as const),
    model: random.weighted([['model', 8], ['net', 2], ['network', 1]] as const),
    device: random.weighted([['device', 9], ['dev', 1]] as const),
  };
}
