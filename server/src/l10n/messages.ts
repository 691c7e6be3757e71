// The message catalogue's shape: one function per message id, taking the message's parameters as
// data. Each language implements all of it (the compiler checks), so rules hand over names, numbers
// and small enumerations, never finished English sentences to be translated after the fact.
import type { OverBudgetReason } from '../core/budget';
import type { EvalReason, LoaderName, ValueOrigin } from '../core/message-parts';
import type { ConfigProblemDetail } from '../core/config-problem';

/** Where a resolved number came from, as a message says it. */
export interface OriginDetail {
  origin: ValueOrigin;
  /** The argument's own code, spaces collapsed (for `expression`). */
  expression: string;
  /** The `**kwargs` the argument came through, if any. */
  through: string | null;
}

export interface RuleMessages {
  // Fix titles several rules share. Titles are plain text: menus do not render Markdown.
  /** "Add .detach()": `call` is the code appended. */
  addCall(p: { call: string }): string;
  /** "Set batch_size to 256", with where the edited literal sits when it is not the argument itself. */
  setArgument(p: { name: string; value: string; place: ValueOrigin | null }): string;

  oom001UnusedGraph(p: { forward: string; isForwardPass: boolean; reason: EvalReason }): string;
  oom001DecorateFunction(p: { fn: string; decorator: string }): string;
  oom001WrapForward(p: { guard: string }): string;
  oom001WrapLoop(p: { guard: string }): string;
  oom001WrapEvaluation(p: { guard: string }): string;
  oom001WrapCall(p: { fn: string; guard: string }): string;
  /** The guard's title, then moving the outputs it reveals as kept on the GPU (OOM007) to the CPU; `list` when they all go to one. */
  oom001AndMoveToCpu(p: { guardTitle: string; list: string | null }): string;

  oom002StoredWithGraph(p: { item: string; how: 'stored' | 'appended'; container: string; outlives: 'iteration' | 'training-step' }): string;

  oom003Accumulates(p: { name: string; addend: string }): string;
  oom003MeterUpdate(p: { receiver: string; value: string }): string;
  oom003AddsToTotal(p: { receiver: string; method: string; value: string; total: string }): string;

  oom004BatchSize(p: { loader: LoaderName | null; perProcess: boolean; batchSize: number; origin: OriginDetail; limit: number }): string;
  /** The step estimated at `batchSize` needs `needed` (peak, CUDA context, headroom), more than the GPU's `gpu`; sizes are formatted. */
  oom004DoesNotFit(p: { loader: LoaderName | null; perProcess: boolean; batchSize: number; origin: OriginDetail; model: string; peak: string; needed: string; gpu: string; fitting: number }): string;
  /** Appended to oom004BatchSize when a GPU size is set but the model's memory is unknown: why the fixed limit applies. */
  oom004LimitBecauseUnknown(p: { model: string | null }): string;
  /** Appended to oom004BatchSize when no GPU size is known to judge the step by: why the fixed limit applies, and where to give one. */
  oom004LimitBecauseNoGpuSize(): string;
  /** Fix title: lower the batch to one that fits, with the accumulation steps that keep the effective batch. */
  /** `accumulates`: the fix rewrites the training loop too; otherwise the title says the accumulation is left to do. */
  oom004LowerBatch(p: { value: number; steps: number; place: ValueOrigin | null; accumulates: boolean }): string;

  oom005PinnedWorkers(p: { loader: LoaderName | null; pinMemory: string; byDefault: boolean; workers: number; origin: OriginDetail; limit: number }): string;

  oom006RetainsCarried(p: { fn: string; carried: string }): string;
  oom006RetainsUnused(p: { fn: string }): string;
  oom006DetachAndRemove(p: { carried: string }): string;
  oom006RemoveRetainGraph(): string;

  oom007OutputKeptOnGpu(p: { value: string; list: string }): string;

  oom008HiddenCarried(p: { names: readonly string[]; fn: string | null; retained: boolean }): string;
  oom008DetachWithHelper(p: { names: readonly string[]; helper: string }): string;
  oom008DetachBeforeForward(p: { names: readonly string[] }): string;

  /** `loopCell`: in a notebook, the cell of the loop, and `loopLine` its line within the cell. */
  oom009NoMapLocation(p: { call: string; keptBy: { name: string; loopLine: number; loopCell?: number } | null }): string;
  oom009KeptOnGpu(p: { names: readonly string[]; loopLine: number; loopCell?: number }): string;
  oom009MapToCpu(): string;
  oom009DeleteBeforeLoop(p: { names: readonly string[] }): string;

  oom010CurrentDevice(p: { site: string }): string;
  oom010UseRank(p: { rank: string }): string;

  oom011EmptyCache(p: { call: string; where: 'loop' | 'hook' }): string;
  oom011RemoveCall(): string;
}

/** What a rule's page and its hover say around the rule's own text. */
export interface PageMessages {
  /** Ends a sentence: "." or "。". */
  fullStop: string;
  hoverWhy: string;
  hoverFix: string;
  hoverFixSeparator: string;
  hoverUnsafe: string;
  hoverByHand: string;
  hoverNoFix: string;
  hoverFullDocumentation: string;
  pageDefaults(p: { severity: string; fix: 'always' | 'sometimes' | 'none' }): string;
  /** `because`: the rule's own reason (English: rules state it in their metadata), else low precision. */
  pageOffByDefault(p: { code: string; because: string | undefined }): string;
  pageWhatItDoes: string;
  pageWhyIsThisBad: string;
  pageExample: string;
  pageUseInstead: string;
  pageFixSafety: string;
  pageReferences: string;
  /** Under a translated page: the English page is the reference. */
  pageTranslationNote: string;
}

/** The editor's own words: code-action titles, notices, configuration problems. */
export interface EditorMessages {
  unsafeFixTitle(p: { title: string }): string;
  fixAllTitle: string;
  ignoreOnLine(p: { code: string }): string;
  /** The light bulb's entry that opens a rule's page (ESLint's and Ruff's "Show documentation for …"). */
  showDocumentation(p: { code: string }): string;
  notAnalysedTooLarge(p: { lines: number; millions: string; limitMillions: number }): string;
  /** A document with more top-level statements than the editor follows at each keystroke (a notebook of thousands of cells). */
  notAnalysedTooManyStatements(p: { statements: number; limit: number }): string;
  notAnalysedError(p: { error: string }): string;
  /** A file over a limit of the analysis (see analysis/budget.ts): the whole message, in the editor. */
  notAnalysedOverBudget(p: { reason: OverBudgetReason }): string;
  /** The same for the command line: why the file was not analysed, after its name and code. */
  overBudget(p: { reason: OverBudgetReason }): string;
  configProblemNotice(p: { file: string; line: number; problem: string; more: number }): string;
  configProblemShow: string;
  /** The quick fix for a misspelt key. */
  configReplaceKey(p: { key: string }): string;
  /** The title of the progress shown while the workspace's Python files are indexed. */
  indexingTitle: string;
  /** How far the indexing is: files done of the files found. */
  indexingFiles(p: { done: number; total: number }): string;
  /** The estimate's hover: its headline, its parts (sizes formatted), the fit to the target GPU, and how many inputs were assumed. */
  estimateHoverPeak(p: { peak: string; model: string; batch: number }): string;
  estimateHoverParts(p: { weights: string; gradients: string; optimizerState: string; activations: string; batch: string; backwardTransient: string }): string;
  estimateHoverFit(p: { gpu: string; fits: boolean; needed: string; largest: number }): string;
  estimateHoverAssumed(p: { count: number }): string;
  /** The hint at the end of a batch size's or model's line: the step's peak and, with a GPU size, the fit. */
  estimateInlayHint(p: { peak: string; gpu: string | null; fits: boolean | null; largest: number }): string;
}

/** What is wrong with a configuration file, wherever it is shown (editor, terminal, CI annotations). */
export interface ConfigMessages {
  configProblem(detail: ConfigProblemDetail): string;
  /** The label before a problem in `oomlint check`'s output. */
  configErrorLabel: string;
  configWarningLabel: string;
}

/** The closing lines of `oomlint check`'s text report. */
export interface CliMessages {
  summaryWouldFix(p: { fixes: number; unsafeOnly: number }): string;
  summaryNoFixes(p: { unsafeOnly: number }): string;
  summaryFoundAfterFixing(p: { total: number; fixed: number; remaining: number; unsafeOnly: number }): string;
  summaryFound(p: { total: number; fixable: number; unsafeOnly: number }): string;
  summaryAllPassed: string;
  summaryNotChecked(p: { files: number; noProblems: boolean }): string;
  /** Files whose fixes were held back or could not be written (each named above the summary). */
  summaryFixesNotApplied(p: { files: number }): string;
}

// The out-of-memory explanation's words have a catalogue of their own.
export { OOM_CAUSES, OOM_REMEDIES } from './explain-messages';
export type { ExplainMessages, OomCause, OomHeadlineParams, OomNote, OomRemedy } from './explain-messages';

export interface Messages extends RuleMessages, PageMessages, EditorMessages, ConfigMessages, CliMessages {}
