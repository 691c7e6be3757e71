import type { Fix } from '../../core/types';
import { field, is, type SyntaxNode } from '../../parser/syntax';
import { deviceChosenElsewhere, devicePinningAt, isBareCudaString, JOINS_DISTRIBUTED_RUN, localRankNames, qualifiedCallee, startsDistributed } from './distributed';
import { joined } from '../../semantic/group-by';
import { StatementFact, type SemanticModel } from '../../semantic/model';
import { callArguments, methodCall, nodeText } from '../../semantic/names';
import { scopeOf } from '../../semantic/scopes';
import { nodesIn } from '../../semantic/subtree';
import type { RuleMessages } from '../../l10n/messages';
import type { Rule } from '../rule';

export const OOM010: Rule = {
  meta: {
    code: 'OOM010',
    name: 'cuda-device-without-rank',
    summary: 'Distributed training puts tensors on the default GPU (GPU 0) in every process',
    defaultSeverity: 'warning',
    fixable: 'sometimes',
    doc: {
      whatItDoes: `In a file that starts distributed training itself (\`init_process_group\`, a \`DistributedDataParallel\`
wrapper, \`torch.multiprocessing.spawn\`, or a read of the \`LOCAL_RANK\` that torchrun sets), checks
\`.cuda()\` with no argument, \`.to("cuda")\` (also \`.to(device="cuda")\`), torch functions given \`device="cuda"\`
(\`torch.empty(1, device="cuda")\`) and \`torch.device("cuda")\` with no index
that run before any \`torch.cuda.set_device(...)\`. The path is followed through the code of the
function before the call (a \`set_device\` in any earlier branch counts), helpers of the file called
there, \`with torch.cuda.device(...)\` blocks, and the callers of the function before their call; it
starts at module level or in a function started by \`spawn\` or \`Process(target=...)\`. A function that
is not called in the file (so may be called after set-up elsewhere) and a call of another file's
helper named like a set-up (\`init_distributed_mode(args)\`, \`setup(rank)\`) before the code end the search
without a report. Not reported: a device with an index (\`.cuda(local_rank)\`, \`"cuda:1"\`,
\`torch.device("cuda", rank)\`), a device held in a variable (\`.to(device)\`), files that use Accelerate,
Lightning, DeepSpeed or similar libraries (they set the device), and files that set
\`CUDA_VISIBLE_DEVICES\` themselves (each process then sees its own GPU as GPU 0). Nor is a call in a branch of an
\`if\` whose other branch starts distributed training (\`else: model = nn.DataParallel(model).cuda()\` after
\`if distributed:\` wraps in \`DistributedDataParallel\`): that branch runs in a single process.`,
      whyIsThisBad: `Every process of a distributed run sees all of the machine's GPUs, and until \`torch.cuda.set_device\` is
called each one's current device is GPU 0. A bare \`"cuda"\` means the current device, so each process
creates a CUDA context on GPU 0 (several hundred MB each) and puts its model, optimiser state and
batches there. With eight processes, GPU 0 holds eight contexts and up to eight copies of the model and
runs out of memory, while the others hold one each, or \`DistributedDataParallel\` fails because the
module is not on the process's own device.`,
      example: `dist.init_process_group("nccl")
local_rank = int(os.environ["LOCAL_RANK"])
model = Net().cuda()
model = DDP(model, device_ids=[local_rank])`,
      useInstead: `dist.init_process_group("nccl")
local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
model = Net().cuda()
model = DDP(model, device_ids=[local_rank])`,
      fixSafety: `The fix is unsafe. It names the local rank that the file already has, and is offered only when exactly
one such name is visible at the call (\`local_rank\`, a name read from \`LOCAL_RANK\`, or the first parameter
of a function started by \`spawn\`): \`.cuda()\` becomes \`.cuda(local_rank)\`, \`torch.device("cuda")\` becomes
\`torch.device("cuda", local_rank)\` and \`"cuda"\` in \`.to(...)\` or \`device=\` becomes \`f"cuda:{local_rank}"\`. On several
machines the process index may not be the local rank, and other bare \`"cuda"\` devices in the file stay
as they were; calling \`torch.cuda.set_device(local_rank)\` once at the start is often the better change.`,
      references: [
        { title: 'torch.cuda.set_device', url: 'https://pytorch.org/docs/stable/generated/torch.cuda.set_device.html' },
        { title: 'torchrun: LOCAL_RANK and the environment it sets', url: 'https://pytorch.org/docs/stable/elastic/run.html' },
        { title: 'CUDA semantics: the current device', url: 'https://pytorch.org/docs/stable/notes/cuda.html' },
        { title: 'DistributedDataParallel (device_ids and one process per GPU)', url: 'https://pytorch.org/docs/stable/generated/torch.nn.parallel.DistributedDataParallel.html' },
      ],
    },
  },
  kinds: ['module'],
  visit(_node, ctx) {
    const { model } = ctx;
    if (!startsDistributed.of(model) || deviceChosenElsewhere.of(model)) return;
    for (const site of joined(BARE_CUDA_SITES.ofEach(model))) {
      if (inSingleProcessBranch(model, site.call)) continue;
      const usedAt = usePoint(model, site);
      if (!usedAt || devicePinningAt(model, usedAt) !== 'unpinned') continue;
      const ranks = localRankNames(model, site.call);
      ctx.report({
        node: site.report,
        message: ctx.messages.oom010CurrentDevice({ site: nodeText(site.report, model.text).replace(/\s+/g, ' ') }),
        fixes: ranks.length === 1 ? [rankFix(model, site, ranks[0]!, ctx.messages)] : [],
      });
    }
  },
};

/**
 * `call` sits in one branch of an `if` whose other branch starts distributed training (`if
 * distributed: ... DistributedDataParallel(...) else: model.cuda()`): the processes of a distributed
 * run take the other branch, so this one runs in a single process, where GPU 0 is the right GPU.
 */
function inSingleProcessBranch(model: SemanticModel, call: SyntaxNode): boolean {
  for (let child = call, p = call.parent; p; child = p, p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'class_definition') return false;
    if (p.type !== 'if_statement') continue;
    const branches = p.children.filter((c) => c.fieldName === 'consequence' || c.fieldName === 'alternative');
    if (branches.some((branch) => branch !== child && nodesIn(branch, ['call']).some((c) => JOINS_DISTRIBUTED_RUN.test(qualifiedCallee(model, c) ?? '')))) return true;
  }
  return false;
}

interface CudaSite {
  kind: 'cuda-method' | 'device-string' | 'device-call';
  call: SyntaxNode;
  /** What the diagnostic covers. */
  report: SyntaxNode;
  /** The `"cuda"` literal, for `.to(...)`, `device=` and `torch.device(...)`. */
  literal: SyntaxNode | null;
}

/** A top-level statement's calls whose text holds the word `cuda`: every bare CUDA site names it. */
const CALLS_NAMING_CUDA = new StatementFact('calls naming cuda', (model: SemanticModel, statement: SyntaxNode) =>
  model.nodesOfKindIn(statement, 'call').filter((call) => model.text.slice(call.start, call.end).includes('cuda')),
);

/**
 * A top-level statement's bare CUDA sites, in document order. What a call is depends on its subtree and
 * on what its callee's name stands for under the file's imports: an open document keeps the sites with
 * the statement while the imports stay the same.
 */
const BARE_CUDA_SITES = new StatementFact(
  'bare CUDA sites',
  (model: SemanticModel, statement: SyntaxNode) => CALLS_NAMING_CUDA.of(model, statement).flatMap((call) => bareCudaSite(model, call) ?? []),
);

/** The bare CUDA site `call` is, if any: one of CALLS_NAMING_CUDA, since every form names the device with the word itself (`.cuda()`, "cuda"). */
function bareCudaSite(model: SemanticModel, call: SyntaxNode): CudaSite | null {
  const args = is(call, 'call') ? field(call, 'arguments') : null;
  if (!is(args, 'argument_list')) return null;
  const { positional, keywords } = callArguments(call, model.text);
  const m = methodCall(call, model.text);
  if (m?.method === 'cuda' && args.children.every((c) => !c.named)) {
    return { kind: 'cuda-method', call, report: call, literal: null };
  }
  if (m?.method === 'to') {
    const device = keywords.get('device') ?? positional[0];
    if (device && isBareCudaString(device, model.text)) return { kind: 'device-string', call, report: call, literal: device };
    return null;
  }
  // `torch.empty(1, device="cuda")`: a torch function allocates there at once.
  const device = keywords.get('device');
  if (device && isBareCudaString(device, model.text) && /^torch\./.test(qualifiedCallee(model, call) ?? '')) {
    return { kind: 'device-string', call, report: call, literal: device };
  }
  if (qualifiedCallee(model, call) === 'torch.device' && positional.length === 1 && keywords.size === 0 && isBareCudaString(positional[0], model.text)) {
    return { kind: 'device-call', call, report: call, literal: positional[0]! };
  }
  return null;
}

/**
 * Where the bare device takes effect. A `torch.device("cuda")` object names "the current device"
 * only when a tensor is put there, so for `device = torch.device("cuda")` that is the first read of
 * `device` in the same scope; as a parameter default it is the caller's business.
 */
function usePoint(model: SemanticModel, site: CudaSite): SyntaxNode | null {
  if (site.kind !== 'device-call') return site.call;
  let holder = site.call;
  while (holder.parent && (holder.parent.type === 'parenthesized_expression' || holder.parent.type === 'conditional_expression')) holder = holder.parent;
  const parent = holder.parent;
  if (parent?.type === 'default_parameter' || parent?.type === 'typed_default_parameter') return null;
  if (!is(parent, 'assignment') || holder.fieldName !== 'right') return site.call;
  const target = field(parent, 'left');
  if (target?.type !== 'identifier') return null;
  const name = nodeText(target, model.text);
  const scope = scopeOf(site.call);
  return nodesIn(scope, ['identifier']).find((id) => id.start > parent.end && scopeOf(id) === scope && id.fieldName !== 'attribute' && nodeText(id, model.text) === name) ?? null;
}

function rankFix(model: SemanticModel, site: CudaSite, rank: string, messages: RuleMessages): Fix {
  const title = messages.oom010UseRank({ rank });
  if (site.kind === 'cuda-method') {
    const args = field(site.call as SyntaxNode & { type: 'call' }, 'arguments')!;
    return { title, applicability: 'unsafe', edits: [{ start: args.start + 1, end: args.end - 1, newText: rank }] };
  }
  const literal = site.literal!;
  if (site.kind === 'device-call') {
    return { title, applicability: 'unsafe', edits: [{ start: literal.end, end: literal.end, newText: `, ${rank}` }] };
  }
  const quote = nodeText(literal, model.text).slice(-1);
  return { title, applicability: 'unsafe', edits: [{ start: literal.start, end: literal.end, newText: `f${quote}cuda:{${rank}}${quote}` }] };
}
