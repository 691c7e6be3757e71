// English: the source language. Every other catalogue translates these, message by message.
import type { EvalReason, LoaderName, ValueOrigin } from '../core/message-parts';
import type { Messages, OriginDetail } from './messages';

const code = (text: string) => `\`${text}\``;
/** Where a loop is: its line, and in a notebook its cell too. */
const loopPlace = (line: number, cell: number | undefined) => (cell === undefined ? `on line ${line}` : `in cell ${cell}, line ${line}`);

/** "DataLoader `train_loader`", "DataLoader returned by `train_dataloader()`". */
function loaderText(name: LoaderName | null): string {
  switch (name?.kind) {
    case 'variable': return `DataLoader ${code(name.text)}`;
    case 'key': return `DataLoader for key ${code(JSON.stringify(name.text))}`;
    case 'keyword': return `DataLoader passed as ${code(`${name.text}=`)}`;
    case 'returned': return `DataLoader returned by ${code(`${name.text}()`)}`;
    default: return 'DataLoader';
  }
}

function originName(origin: ValueOrigin): string {
  switch (origin.kind) {
    case 'argparse': return `argparse default of ${code(origin.option)}`;
    case 'name': return code(origin.name);
    case 'parameter-default': return `the default of ${code(origin.parameter)}`;
    case 'every-call': return `every call's ${code(origin.parameter)}`;
    default: return origin.kind;
  }
}

/** " (argparse default of `--batch-size`)", " (from `BATCH_SIZE`)", " (`2 * 512`)", or nothing for a literal. */
function originText({ origin, expression, through }: OriginDetail): string {
  const parts: string[] = [];
  if (origin.kind === 'expression') parts.push(code(expression));
  else if (origin.kind === 'argparse') parts.push(originName(origin));
  else if (origin.kind !== 'literal') parts.push(`from ${originName(origin)}`);
  if (through !== null) parts.push(`through ${code(through)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Where an edited literal sits, in plain text. */
function placeText(place: ValueOrigin | null): string {
  if (place === null || place.kind === 'literal' || place.kind === 'expression') return '';
  const origin = originName(place).replace(/`/g, '');
  return place.kind === 'argparse' ? ` in the ${origin}` : ` where ${origin} is set`;
}

function reasonText(reason: EvalReason): string {
  switch (reason.kind) {
    case 'eval-function': return `function ${code(reason.name)}`;
    case 'eval-loop': return `loop over ${code(reason.over)}`;
    case 'after-eval': return `code after ${code(`${reason.receiver}.eval()`)}`;
    case 'unused-function': return `function ${code(reason.name)}, whose outputs never reach backward()`;
    case 'unused-output': return reason.beside ? `the backward() of ${code(reason.beside)} uses none of its graph` : 'its output never reaches backward()';
    case 'training-off': return `${code(`${reason.fn}(..., ${reason.flag}=${reason.value})`)} skips every backward() and optimizer step of ${code(reason.fn)}`;
    case 'unguarded-call': return `other calls of ${code(reason.fn)} run it with gradients off`;
  }
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const unsafeHint = (unsafeOnly: number) => (unsafeOnly ? ` (${unsafeOnly} fixable with --unsafe-fixes)` : '');

const ITERATION_GRAPHS = "with its autograd graph, keeping every iteration's graph alive.";

export const en: Messages = {
  addCall: ({ call }) => `Add ${call}`,
  setArgument: ({ name, value, place }) => `Set ${name} to ${value}${placeText(place)}`,

  oom001UnusedGraph: ({ forward, isForwardPass, reason }) => {
    const named = reason.kind === 'eval-function' || reason.kind === 'eval-loop' || reason.kind === 'after-eval';
    const where = named ? ` in evaluation code (${reasonText(reason)})` : '';
    const why = named ? '' : `: ${reason.kind === 'unused-function' ? `it runs in ${reasonText(reason)}` : reasonText(reason)}`;
    return isForwardPass
      ? `Forward pass ${code(`${forward}(...)`)}${where} records an autograd graph that is never used${why}.`
      : `${code(`${forward}(...)`)} runs a forward pass${where} whose autograd graph is never used${why}.`;
  },
  oom001DecorateFunction: ({ fn, decorator }) => `Decorate ${fn} with @${decorator}()`,
  oom001WrapForward: ({ guard }) => `Wrap the forward pass in ${guard}()`,
  oom001WrapLoop: ({ guard }) => `Wrap the loop in ${guard}()`,
  oom001WrapEvaluation: ({ guard }) => `Wrap the evaluation in ${guard}()`,
  oom001WrapCall: ({ fn, guard }) => `Wrap the call of ${fn} in ${guard}()`,
  oom001AndMoveToCpu: ({ guardTitle, list }) => `${guardTitle} and keep ${list ?? 'the outputs'} on the CPU`,

  oom002StoredWithGraph: ({ item, how, container, outlives }) =>
    `${code(item)} still carries its autograd graph and is ${how === 'stored' ? 'stored in' : 'appended to'} ${code(container)}, which outlives ${outlives === 'iteration' ? 'the iteration' : 'the training step'}.`,

  oom003Accumulates: ({ name, addend }) => `${code(name)} accumulates ${code(addend)} ${ITERATION_GRAPHS}`,
  oom003MeterUpdate: ({ receiver, value }) => `${code(`${receiver}.update()`)} adds ${code(value)} to the meter's running sum ${ITERATION_GRAPHS}`,
  oom003AddsToTotal: ({ receiver, method, value, total }) => `${code(`${receiver}.${method}()`)} adds ${code(value)} to ${code(total)} ${ITERATION_GRAPHS}`,

  oom004BatchSize: ({ loader, perProcess, batchSize, origin, limit }) =>
    `Training ${loaderText(loader)} uses ${perProcess ? 'per-process ' : ''}batch_size ${batchSize}${originText(origin)}, at or above max-batch-size ${limit}.`,

  oom004DoesNotFit: ({ loader, perProcess, batchSize, origin, model, peak, needed, gpu, fitting }) =>
    `Training ${loaderText(loader)} uses ${perProcess ? 'per-process ' : ''}batch_size ${batchSize}${originText(origin)}: one step of ${model} is estimated at ${peak}, ${needed} with the CUDA context and allocator headroom, more than the GPU's ${gpu}; ${fitting > 0 ? `batch_size ${fitting} fits` : 'not even a batch of 1 fits'}.`,
  oom004LimitBecauseNoGpuSize: () => ` No GPU size is known to judge the step by (${code('--gpu-memory')}, ${code('gpu-memory')} in [tool.oomlint], or the GPU the editor's status bar reads), so the fixed limit applies.`,
  oom004LimitBecauseUnknown: ({ model }) => ` The step's memory cannot be estimated (${model ? `oomlint does not know the memory of ${code(model)}` : 'no model passed to an optimizer was found'}), so the fixed limit applies.`,
  oom004LowerBatch: ({ value, steps, place, accumulates }) =>
    accumulates ? `Set batch_size to ${value}${placeText(place)} and accumulate gradients over ${steps} steps in the training loop`
      : `Set batch_size to ${value}${placeText(place)}; accumulating gradients over ${steps} steps is left to do`,

  oom005PinnedWorkers: ({ loader, pinMemory, byDefault, workers, origin, limit }) =>
    `${loaderText(loader)} pins memory (${code(`pin_memory=${pinMemory}`)}${byDefault ? ', true by default' : ''}) with ${workers} workers${originText(origin)}, at or above max-pinned-workers ${limit}.`,

  oom006RetainsCarried: ({ fn, carried }) =>
    `${code('retain_graph=True')} in ${code(`${fn}(...)`)} keeps every iteration's graph attached to ${code(carried)}, which flows into the next iteration undetached.`,
  oom006RetainsUnused: ({ fn }) =>
    `${code('retain_graph=True')} in ${code(`${fn}(...)`)} keeps each iteration's autograd graph alive, yet nothing later in the iteration backpropagates through it again.`,
  oom006DetachAndRemove: ({ carried }) => `Detach ${carried} each iteration and remove retain_graph=True`,
  oom006RemoveRetainGraph: () => 'Remove retain_graph=True',

  oom007OutputKeptOnGpu: ({ value, list }) =>
    `Model output ${code(value)} is kept on the GPU in ${code(list)}, which grows on every iteration of the loop.`,

  oom008HiddenCarried: ({ names, fn, retained }) => {
    const consequence = retained
      ? 'with `retain_graph=True` every batch\'s graph and activations stay attached to it, so memory grows with each batch (or an in-place weight update makes the next backward fail)'
      : 'the next `backward()` walks into the freed graph of the batch before ("Trying to backward through the graph a second time")';
    return `${names.map(code).join(' and ')} ${names.length > 1 ? 'go' : 'goes'} from ${code(`${fn ?? 'the model'}(...)`)} back into it on the next iteration without ${code('.detach()')}, chaining each batch's autograd graph to the last: ${consequence}.`;
  },
  oom008DetachWithHelper: ({ names, helper }) => `Detach ${names.join(' and ')} with ${helper}()`,
  oom008DetachBeforeForward: ({ names }) => `Detach ${names.join(' and ')} before the next forward pass`,

  oom009NoMapLocation: ({ call, keptBy }) =>
    `${code(call)} gives no ${code('map_location')}: the checkpoint's tensors are restored onto the GPU they were saved from (the same GPU for every process of a multi-GPU run) before ${code('load_state_dict')} copies them${keptBy ? ` and ${code(keptBy.name)} keeps it there while the loop ${loopPlace(keptBy.loopLine, keptBy.loopCell)} runs` : ''}.`,
  oom009KeptOnGpu: ({ names, loopLine, loopCell }) =>
    `The checkpoint loaded onto the GPU stays referenced by ${names.map(code).join(', ')} while the loop ${loopPlace(loopLine, loopCell)} runs, keeping a second copy of the weights on the device.`,
  oom009MapToCpu: () => 'Add map_location="cpu" to torch.load',
  oom009DeleteBeforeLoop: ({ names }) => `Delete ${names.join(', ')} before the training loop`,

  oom010CurrentDevice: ({ site }) =>
    `${code(site)} uses the current CUDA device, GPU 0 in every process of this distributed run: no ${code('torch.cuda.set_device(...)')} runs before it.`,
  oom010UseRank: ({ rank }) => `Use ${rank} as the device index`,

  oom011EmptyCache: ({ call, where }) =>
    `${code(call)} ${where === 'loop' ? 'in a training loop' : 'in a hook that runs on every training step'} frees no tensor that is still referenced and slows every step (it synchronises, and the next step must allocate again with cudaMalloc). If memory grows, look for tensors kept alive: losses summed without ${code('.item()')}, outputs kept in lists, graphs retained.`,
  oom011RemoveCall: () => 'Remove the call',

  fullStop: '.',
  hoverWhy: 'Why it costs memory:',
  hoverFix: 'Fix:',
  hoverFixSeparator: '; or ',
  hoverUnsafe: ' (unsafe: review it)',
  hoverByHand: ' (by hand)',
  hoverNoFix: 'no automatic fix here; the full documentation shows the code to write instead',
  hoverFullDocumentation: 'Full documentation',
  pageDefaults: ({ severity, fix }) => `Default severity: ${severity}. Fix: ${fix}.`,
  pageOffByDefault: ({ code: rule, because }) =>
    `Off by default: ${because ?? 'its precision on real code is below 95%'}. Turn it on with \`select = ["${rule}"]\` or a \`severity\` entry for ${rule}.`,
  pageWhatItDoes: 'What it does',
  pageWhyIsThisBad: 'Why is this bad?',
  pageExample: 'Example',
  pageUseInstead: 'Use instead:',
  pageFixSafety: 'Fix safety',
  pageReferences: 'References',
  pageTranslationNote: '',

  unsafeFixTitle: ({ title }) => `${title} (unsafe)`,
  fixAllTitle: 'Fix all oomlint problems',
  ignoreOnLine: ({ code: rule }) => `Ignore ${rule} on this line`,
  showDocumentation: ({ code: rule }) => `Show documentation for ${rule}`,
  notAnalysedTooLarge: ({ lines, millions, limitMillions }) =>
    `oomlint: not analysed in the editor: this file has ${lines.toLocaleString('en')} lines (${millions} million characters), more than the ${limitMillions} million the editor analyses as you type; run \`oomlint check\` on it in a terminal.`,
  notAnalysedTooManyStatements: ({ statements, limit }) =>
    `oomlint: not analysed in the editor: this file has ${statements.toLocaleString('en')} top-level statements, more than the ${limit.toLocaleString('en')} the editor follows as you type; run \`oomlint check\` on it in a terminal.`,
  notAnalysedError: ({ error }) => `oomlint: not analysed: ${error}; run \`oomlint check\` on it in a terminal.`,
  notAnalysedOverBudget: ({ reason }) => `oomlint: ${en.overBudget({ reason })}.`,
  overBudget: ({ reason }) => {
    switch (reason.kind) {
      case 'lines':
        return `not analysed: this file has ${reason.count.toLocaleString('en')} lines, more than the ${reason.limit.toLocaleString('en')} oomlint analyses in one file`;
      case 'nodes':
        return `not analysed: this file has ${reason.count.toLocaleString('en')} syntax nodes, more than the ${reason.limit.toLocaleString('en')} oomlint analyses in one file`;
      case 'parse-time':
        return `not analysed: parsing took longer than ${reason.limitMs / 1000} s and was abandoned`;
      case 'analysis-time':
        return `not analysed: the analysis took longer than ${reason.limitMs / 1000} s and was abandoned`;
    }
  },
  configProblemNotice: ({ file, line, problem, more }) =>
    `oomlint: ${file} line ${line}: ${problem}${more > 0 ? ` (and ${more.toLocaleString('en')} more)` : ''}.`,
  configProblemShow: 'Show',
  configReplaceKey: ({ key }) => `Replace with ${key}`,
  indexingTitle: 'oomlint: indexing the workspace',
  indexingFiles: ({ done, total }) => `${done.toLocaleString('en')} / ${total.toLocaleString('en')} files`,
  estimateHoverPeak: ({ peak, model, batch }) => `**≈ ${peak} per training step** (${model}, batch ${batch}), as \`oomlint estimate\` works it out`,
  estimateHoverParts: ({ weights, gradients, optimizerState, activations, batch, backwardTransient }) =>
    `weights ${weights} · gradients ${gradients} · optimizer state ${optimizerState} · activations ${activations} · input batch ${batch} · backward transient ${backwardTransient}`,
  estimateHoverFit: ({ gpu, fits, needed, largest }) =>
    fits ? `Fits the ${gpu} GPU (needs ≈ ${needed} with the CUDA context and headroom); batch ${largest} would still fit.` : `Does not fit the ${gpu} GPU (needs ≈ ${needed} with the CUDA context and headroom); ${largest > 0 ? `batch ${largest} fits` : 'not even a batch of 1 fits'}.`,
  estimateHoverAssumed: ({ count }) => `${count} ${count === 1 ? 'input was' : 'inputs were'} assumed; \`oomlint estimate\` lists them.`,
  estimateInlayHint: ({ peak, gpu, fits, largest }) =>
    `≈ ${peak} per step${gpu === null || fits === null ? '' : fits ? `; fits the ${gpu} GPU` : `; does not fit the ${gpu} GPU, ${largest > 0 ? `batch ${largest} does` : 'nor does a batch of 1'}`}`,

  configProblem: (detail) => {
    switch (detail.kind) {
      case 'invalid-toml': return `invalid TOML: ${detail.reason} (column ${detail.column}); the defaults are used until it is fixed`;
      case 'unreadable': return `could not read: ${detail.reason}; the defaults are used`;
      case 'not-found': return 'file not found';
      case 'section-not-table': return `${code(detail.section)} must be a table; the defaults are used`;
      case 'unknown-key':
        return detail.suggestion === null
          ? `unknown key ${code(detail.key)} (known keys: ${detail.known.join(', ')})`
          : `unknown key ${code(detail.key)}; did you mean ${code(detail.suggestion)}?`;
      case 'not-string-list': return `${code(detail.key)} must be a list of strings, not ${code(detail.value)}; the default is used`;
      case 'not-selector': return `${code(detail.entry)} in ${code(detail.key)} is not a rule code or prefix (such as OOM003, OOM or ALL); it is left out`;
      case 'not-positive-integer': return `${code(detail.key)} must be a positive integer, not ${code(detail.value)}; the default is used`;
      case 'not-size': return `${code(detail.key)} must be a size such as "10MB", "512KB" or 1048576, not ${code(detail.value)}; the default is used`;
      case 'not-table':
        return detail.key === 'severity'
          ? `${code('severity')} must be a table of code = "error" | "warning" | "information" | "hint" | "off", not ${code(detail.value)}`
          : `${code('per-file-ignores')} must be a table of glob = [codes], not ${code(detail.value)}`;
      case 'not-rule-code': return `${code(detail.code)} in ${code('severity')} is not a rule code (such as OOM003)`;
      case 'bad-severity': return `severity of ${detail.code} must be one of ${detail.levels.join(', ')}, not ${code(detail.value)}`;
      case 'pattern-too-long':
        return `a pattern in ${code(detail.key)} is ${detail.length.toLocaleString('en')} characters long, more than the ${detail.limit.toLocaleString('en')} a pattern may have; it is ignored`;
      case 'patterns-too-long':
        return `the patterns of this file come to more than ${detail.limit.toLocaleString('en')} characters; this one and the ones after it are ignored`;
      case 'limit-not-raised':
        return `a project's own ${code(detail.key)} cannot raise the limit above ${detail.limit} (this file asks for ${code(detail.value)}), so larger files are still skipped; pass --max-file-size, or name this file with --config, to raise it`;
      case 'gitignore-wildcards-too-long':
        return `the lines with wildcards of this .gitignore come to more than ${detail.limit.toLocaleString('en')} characters; ${plural(detail.count, 'line')} from here on are not applied, so the files they would leave out are checked`;
      case 'more-problems': return `and ${detail.count.toLocaleString('en')} more problem${detail.count === 1 ? '' : 's'} in this file`;
    }
  },
  configErrorLabel: 'configuration error:',
  configWarningLabel: 'configuration warning:',

  summaryWouldFix: ({ fixes, unsafeOnly }) => `Would fix ${plural(fixes, 'problem')}${unsafeHint(unsafeOnly)}.`,
  summaryNoFixes: ({ unsafeOnly }) => `No fixes available${unsafeHint(unsafeOnly)}.`,
  summaryFoundAfterFixing: ({ total, fixed, remaining, unsafeOnly }) =>
    `Found ${plural(total, 'problem')} (${[`${fixed} fixed`, `${remaining} remaining`, ...(unsafeOnly ? [`${unsafeOnly} fixable with --unsafe-fixes`] : [])].join(', ')}).`,
  summaryFound: ({ total, fixable, unsafeOnly }) => {
    const parts = [...(fixable ? [`${fixable} fixable with --fix`] : []), ...(unsafeOnly ? [`${unsafeOnly} with --unsafe-fixes`] : [])];
    return `Found ${plural(total, 'problem')}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
  },
  summaryAllPassed: 'All checks passed!',
  summaryFixesNotApplied: ({ files }) => `Fixes were not applied to ${plural(files, 'file')} (see above); their problems are listed as found.`,
  summaryNotChecked: ({ files, noProblems }) => `${noProblems ? 'No problems found, but ' : ''}${plural(files, 'file')} could not be checked.`,
};
