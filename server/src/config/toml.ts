// smol-toml publishes ES-module type declarations beside its CommonJS build, so TypeScript (this
// project compiles to CommonJS) rejects a plain import. Its CommonJS entry is the same library:
// load that, typed from the declarations. Everything else imports TOML parsing from here.
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };

// eslint-disable-next-line @typescript-eslint/no-require-imports
const smolToml = require('smol-toml') as typeof SmolToml;

export const parseToml = smolToml.parse;
export const TomlError = smolToml.TomlError;
