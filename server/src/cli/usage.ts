// Help text for each command.
import type { HelpTopic } from './args';

const MAIN = `Usage: oomlint <command> [options]

Finds the PyTorch code patterns behind "CUDA out of memory" and fixes them.

Commands:
  check [PATH...]   Check Python files (default: the current folder)
  rule CODE         Show a rule's documentation (--all lists every rule)
  explain [FILE|-]  Explain a CUDA out-of-memory error from a log or a pasted traceback
  estimate [PATH...] Estimate the GPU memory of a training step, and whether it fits

Options:
  -h, --help        Show help (also: oomlint <command> --help)
  -V, --version     Show the version
`;

const CHECK = `Usage: oomlint check [options] [PATH...]

Checks the .py and .ipynb files named and those found in the folders named (default: the current folder),
skipping what .gitignore files, \`exclude\` in [tool.oomlint], virtualenvs and caches leave out.
A file or folder named explicitly is always checked.

Options:
  --format FORMAT     text (default), json (ruff-compatible), sarif, github
  --fix               Apply safe fixes to the files
  --unsafe-fixes      Also apply unsafe fixes (implies --fix unless --diff is given)
  --diff              Print a unified diff of the fixes instead of writing them
  --select CODES      Comma-separated codes or prefixes to check, instead of the
                      configuration's select and ignore
  --ignore CODES      Comma-separated codes or prefixes to skip, besides the configuration's
  --config FILE       Read settings from FILE instead of the nearest pyproject.toml
  --exit-zero         Exit with 0 even when problems are found
  -q, --quiet         Print only the problems, no summary
  --statistics        Print how many times each rule fired instead of each problem
  --no-color          Do not colour the output (also: NO_COLOR=1)
  -j, --jobs N        Check files on N threads (default: half the CPU cores; 1 for none)
  --max-file-size S   Skip and report files larger than S (default: 10MB)
  --lang LANG         Language of messages and fix titles: en, zh-cn, ru (default: from
                      LC_ALL, LC_MESSAGES or LANG; json and sarif stay English unless given)
  -h, --help          Show this help

Exit status: 0 no problems, 1 problems found (or, with --diff, changes to make),
2 bad usage, a bad configuration, or a file that could not be read or decoded.
`;

const RULE = `Usage: oomlint rule [--lang LANG] CODE
       oomlint rule [--lang LANG] --all

Prints the documentation of a rule (such as OOM003) as Markdown, or lists every rule.
--lang picks en, zh-cn or ru (default: from LC_ALL, LC_MESSAGES or LANG).
`;

const EXPLAIN = `Usage: oomlint explain [options] [FILE|-]

Reads a log or a pasted traceback (standard input when FILE is - or missing), finds every
out-of-memory message in it (CUDA, ROCm HIP, Apple MPS; PyTorch 1.0 onwards), and says from its
numbers what filled the memory: fragmentation, another process, the program's own tensors, or one
huge allocation, with the remedies that fit, most likely to help first. Frames of the traceback in
your own files are listed with oomlint's findings in those files.

Options:
  --format FORMAT     text (default) or json
  --lang LANG         Language of the explanation: en, zh-cn, ru (default: from LC_ALL,
                      LC_MESSAGES or LANG; json stays English unless given)
  -h, --help          Show this help

Exit status: 0 explained at least one message, 1 no out-of-memory message found,
2 bad usage or a log that could not be read.
`;

const ESTIMATE = `Usage: oomlint estimate [options] [PATH...]

For each training setup in the files (the model passed to an optimizer, the training DataLoader's
batch size, the precision, the input size), estimates the peak memory PyTorch allocates in one
training step, with its parts: weights, gradients, optimizer state, activations saved for backward,
the input batch and the backward pass's transient memory. The CUDA context and the allocator's
headroom are said apart. Every input says the line it came from, or that it was assumed; what
cannot be known is said instead of a number.

Options:
  --gpu-memory SIZE   The GPU to fit (such as 24GB or 80GiB; default: gpu-memory in
                      [tool.oomlint]): says whether the step fits, the largest batch that
                      does, and the gradient accumulation that keeps the effective batch
  --format FORMAT     text (default) or json
  --device DEVICE     cuda (default) or cpu: the optimizer's defaults differ between them
  -h, --help          Show this help

Exit status: 0 estimated (or found nothing to estimate), 2 bad usage or a file that could not be read.
`;

export function usageText(topic: HelpTopic): string {
  return topic === 'check' ? CHECK : topic === 'rule' ? RULE : topic === 'explain' ? EXPLAIN : topic === 'estimate' ? ESTIMATE : MAIN;
}
