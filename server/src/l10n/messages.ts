// The message catalogue's shape: one function per message id, taking the message's parameters as
// data. Each language implements all of it (the compiler checks), so rules hand over names, numbers
// and small enumerations, never finished English sentences to be translated after the fact.
import type { ValueOrigin } from '../semantic/argparse';
import type { LoaderName } from '../semantic/dataloaders';
import type { EvalReason } from '../semantic/eval-context';

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

  oom002StoredWithGraph(p: { item: string; how: 'stored' | 'appended'; container: string; outlives: 'iteration' | 'training-step' }): string;

  oom003Accumulates(p: { name: string; addend: string }): string;
  oom003MeterUpdate(p: { receiver: string; value: string }): string;
  oom003AddsToTotal(p: { receiver: string; method: string; value: string; total: string }): string;

  oom004BatchSize(p: { loader: LoaderName | null; perProcess: boolean; batchSize: number; origin: OriginDetail; limit: number }): string;

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
  notAnalysedError(p: { error: string }): string;
  configProblemDiagnostic(p: { problem: string }): string;
  configProblemNotice(p: { file: string; line: number; problem: string; more: number }): string;
  configProblemShow: string;
}

/** The closing lines of `oomlint check`'s text report. */
export interface CliMessages {
  summaryWouldFix(p: { fixes: number; unsafeOnly: number }): string;
  summaryNoFixes(p: { unsafeOnly: number }): string;
  summaryFoundAfterFixing(p: { total: number; fixed: number; remaining: number; unsafeOnly: number }): string;
  summaryFound(p: { total: number; fixable: number; unsafeOnly: number }): string;
  summaryAllPassed: string;
  summaryNotChecked(p: { files: number; noProblems: boolean }): string;
}

/** What an out-of-memory message's numbers say caused it. */
export type OomCause = 'memory-fraction' | 'fragmentation' | 'huge-allocation' | 'outside-pytorch' | 'own-tensors' | 'undetermined';

/** The remedies an explanation can give; each language words them, the code picks and orders them. */
export const OOM_REMEDIES = [
  'no-grad',
  'smaller-batch',
  'mixed-precision',
  'checkpointing',
  'numbers-not-tensors',
  'distributed-data-parallel',
  'raise-memory-fraction',
  'max-split-size',
  'expandable-segments',
  'empty-cache-between-phases',
  'look-at-shapes',
  'process-in-chunks',
  'mixed-precision-halves-tensor',
  'checkpointing-in-backward',
  'mps-close-other-programs',
  'mps-free-outside-pytorch',
  'mps-smaller-model',
  'see-processes-hip',
  'see-processes-cuda',
  'stop-or-other-gpu',
  'memory-outside-pytorch-here',
  'paste-whole-message',
  'unprinted-memory-fraction',
  'windows-wddm',
] as const;

export type OomRemedy = (typeof OOM_REMEDIES)[number];

/** Sizes come formatted ("1.50 GiB"); percentages as "38%". */
export interface ExplainMessages {
  oomCauseName(p: { cause: OomCause }): string;
  oomHeadline(p: { cause: OomCause; allowed: string; reservedUnallocated: string; requested: string; capacity: string; outsidePyTorch: string; allocatedByPyTorch: string }): string;
  /** `device`: `GPU n`, or null for the MPS limit. */
  oomEvidenceRequested(p: { size: string; share: { percent: string; gpu: string | null; capacity: string } | null }): string;
  oomEvidenceFree(p: { size: string }): string;
  oomEvidenceAllocated(p: { size: string }): string;
  oomEvidenceReservedUnallocated(p: { size: string }): string;
  oomEvidencePrivatePools(p: { size: string }): string;
  oomEvidenceOutside(p: { size: string; mps: boolean; percent: string | null }): string;
  oomEvidenceNonPyTorchInProcess(p: { size: string }): string;
  oomEvidenceProcess(p: { pid: number; size: string; likelyThisProcess: boolean }): string;
  oomEvidenceAllowed(p: { size: string }): string;
  oomEvidenceTruncated: string;
  /** `conf`: the allocator's environment variable (PYTORCH_CUDA_ALLOC_CONF or PYTORCH_HIP_ALLOC_CONF). */
  oomRemedy(p: { remedy: OomRemedy; conf: string }): string;

  // `oomlint explain`'s text report and the editor's explanation.
  oomWhat(p: { backend: 'cuda' | 'hip' | 'mps'; gpu: string }): string;
  oomForm(p: { form: '2018-cached' | '2020-reserved' | '2023-process' | 'mps'; truncated: boolean }): string;
  oomCauseLine(p: { cause: string; headline: string }): string;
  oomBarLegend: string;
  /** "function `train`" (`quoted`) or "function train". */
  oomFunction(p: { name: string; quoted: boolean }): string;
  oomRanOut(p: { phase: 'backward' | 'evaluation' | 'training'; shown: string; where: string }): string;
  oomYourCode: string;
  oomFrame(p: { where: string; fn: string }): string;
  oomFailingLine: string;
  oomFindingAt(p: { code: string; line: number; message: string }): string;
  oomMoreFindings(p: { more: number; file: string }): string;
  oomRemediesHeading: string;
}

export interface Messages extends RuleMessages, PageMessages, EditorMessages, CliMessages {}
