// The remedies for a cause, ranked for the case at hand: training, an inference server (vLLM), an
// image app, a notebook, DeepSpeed or several ranks, and only those the platform and the PyTorch that
// printed the message can use (no `expandable_segments` before 2.1, on Windows, or on most ROCm). Pure.
import type { OomCause, OomRemedy } from '../l10n/explain-messages';
import type { DiagnosisContext } from './diagnose-oom';
import { useCase, type LogFacts } from './log-context';
import type { MemoryBreakdown } from './memory-breakdown';
import type { OomMessage } from './oom-message';

export interface ChosenRemedy {
  id: OomRemedy;
  /** The allocator's environment variable the remedy names. */
  conf: string;
}

const GiB = 1024 ** 3;

function allocConfVariable(message: OomMessage): string {
  return message.allocConf ?? (message.backend === 'hip' ? 'PYTORCH_HIP_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF');
}

/** The allocator option against fragmentation that this PyTorch, platform and backend have, if any. */
function allocatorOption(message: OomMessage, facts: LogFacts | undefined): OomRemedy | undefined {
  if (message.backend !== 'cuda' && message.backend !== 'hip') return undefined;
  if (message.form === '2018-cached') return 'upgrade-for-allocator-options';
  if (message.form === '2020-reserved') return message.hint ? (message.backend === 'hip' ? 'max-split-size-rocm' : 'max-split-size') : 'upgrade-for-allocator-options';
  if (message.form !== '2023-process') return undefined;
  if (message.backend === 'hip') return 'max-split-size-rocm';
  // expandable_segments needs the driver API PyTorch uses on Linux only.
  return facts?.platform === 'windows' ? 'max-split-size' : 'expandable-segments';
}

function seeProcesses(message: OomMessage): OomRemedy {
  return message.backend === 'hip' ? 'see-processes-hip' : 'see-processes-cuda';
}

/** The remedies for the program's own tensors filling the device, by what it was doing. */
function ownTensors(message: OomMessage, b: MemoryBreakdown, context: DiagnosisContext): OomRemedy[] {
  const facts = context.facts;
  const phase = context.phase;
  const remedies: OomRemedy[] =
    phase === 'backward'
      ? ['smaller-batch', 'mixed-precision', 'checkpointing', 'numbers-not-tensors']
      : phase === 'training'
        ? ['smaller-batch', 'mixed-precision', 'checkpointing', 'numbers-not-tensors', 'no-grad']
        : phase === 'evaluation'
          ? ['no-grad', 'smaller-batch', 'mixed-precision', 'numbers-not-tensors']
          : ['no-grad', 'smaller-batch', 'mixed-precision', 'checkpointing', 'numbers-not-tensors'];
  // PyTorch's own expandable_segments hint is kept when the unused reserve would cover the request.
  const option = allocatorOption(message, facts);
  const hinted = message.hint === 'expandable_segments' && option && b.reservedUnallocated !== undefined && b.requested !== undefined && b.reservedUnallocated >= b.requested;
  let ranked: OomRemedy[] = hinted ? [remedies[0]!, option, ...remedies.slice(1)] : remedies;
  if (message.backend === 'mps') ranked = ['mps-smaller-model', 'mps-empty-cache', ...ranked.filter((r) => r !== 'checkpointing'), 'mps-watermark'];
  switch (facts ? useCase(facts) : 'training') {
    case 'image-app':
      // The app's own code is not the user's to change: what its settings can do comes first.
      ranked = ['image-app-smaller', ...ranked.filter((r) => !['no-grad', 'checkpointing', 'numbers-not-tensors'].includes(r))];
      break;
    case 'notebook':
      ranked = ['notebook-free', ...ranked];
      break;
    case 'distributed':
      if (facts?.deepspeed) ranked = ['deepspeed-zero-offload', ...ranked];
      break;
    default:
      break;
  }
  if (facts?.dataParallel) ranked.push('distributed-data-parallel');
  return ranked;
}

function vllmRemedies(message: OomMessage): OomRemedy[] {
  switch (message.vllmKind) {
    case 'kv-cache-tokens':
    case 'kv-cache-memory':
      return ['vllm-max-model-len', 'vllm-memory-utilization-raise', 'vllm-more-gpus'];
    case 'no-cache-blocks':
      return ['vllm-memory-utilization-raise', 'vllm-more-gpus', 'vllm-max-model-len'];
    case 'sampler-warmup':
      return ['vllm-max-num-seqs', 'vllm-memory-utilization-lower'];
    default:
      return ['vllm-memory-utilization-lower', 'vllm-max-num-seqs', 'vllm-max-model-len', 'vllm-more-gpus'];
  }
}

function remediesFor(cause: OomCause, message: OomMessage, b: MemoryBreakdown, context: DiagnosisContext): OomRemedy[] {
  const facts = context.facts;
  const imageApp = facts?.imageApp === true;
  if (message.framework !== 'pytorch') return [message.framework === 'jax' ? 'jax-preallocation' : 'tensorflow-memory', 'smaller-batch'];
  switch (cause) {
    case 'memory-fraction':
      return ['raise-memory-fraction', 'smaller-batch', 'mixed-precision'];
    case 'fragmentation': {
      const option = allocatorOption(message, facts);
      return [...(imageApp ? ['image-app-smaller' as const] : []), ...(option ? [option] : []), 'empty-cache-between-phases', 'smaller-batch', 'mixed-precision'];
    }
    case 'huge-allocation': {
      const xpu: OomRemedy[] = message.backend === 'xpu' ? ['xpu-block-limit'] : [];
      if (imageApp || message.backend === 'mps') return [...xpu, 'image-app-smaller', 'look-at-shapes', 'process-in-chunks'];
      return [...xpu, 'look-at-shapes', 'process-in-chunks', 'mixed-precision-halves-tensor', ...(context.phase === 'evaluation' ? [] : ['checkpointing-in-backward' as const])];
    }
    case 'outside-pytorch':
      if (message.backend === 'mps') return ['mps-other-allocations', 'mps-empty-cache', 'mps-watermark'];
      if (message.vllmKind === 'startup-free-memory') return [seeProcesses(message), 'vllm-memory-utilization-lower'];
      if (facts?.distributed) return ['set-device-per-rank', seeProcesses(message), 'stop-or-other-gpu'];
      return [seeProcesses(message), 'stop-or-other-gpu', 'memory-outside-pytorch-here'];
    case 'ranks-on-one-gpu':
      return ['set-device-per-rank', seeProcesses(message)];
    case 'own-tensors':
      return ownTensors(message, b, context);
    case 'leak-over-time':
      return ['leak-rules', 'numbers-not-tensors', ...(context.phase === 'backward' ? [] : ['no-grad' as const]), 'smaller-batch'];
    case 'outside-allocator': {
      const first: OomRemedy[] = imageApp ? ['image-app-smaller'] : facts?.notebook ? ['notebook-free'] : [];
      return [
        ...first,
        seeProcesses(message),
        ...(facts?.distributed ? ['set-device-per-rank' as const] : []),
        'leave-headroom',
        ...(message.form === 'cuda-error' ? ['cuda-launch-blocking' as const] : []),
      ];
    }
    case 'host-memory':
      return ['host-memory-loading', ...(b.requested !== undefined && b.requested >= 16 * GiB ? ['look-at-shapes' as const] : []), 'process-in-chunks'];
    case 'kv-cache':
      return vllmRemedies(message);
    case 'invalid-size':
      return ['invalid-size-check-shapes', 'look-at-shapes'];
    case 'undetermined': {
      if (message.form === 'thc') return ['smaller-batch', ...(context.phase === 'backward' ? [] : ['no-grad' as const]), 'numbers-not-tensors'];
      const covered = b.free !== undefined && b.requested !== undefined && b.free >= b.requested;
      const windows = facts?.platform === 'windows' || facts?.platform === undefined;
      return [
        ...(message.truncated || b.free === undefined ? ['paste-whole-message' as const] : []),
        ...(covered && message.backend === 'cuda' ? ['unprinted-memory-fraction' as const] : []),
        ...(windows && message.backend === 'cuda' ? ['windows-wddm' as const] : []),
        'smaller-batch',
      ];
    }
  }
}

export function chooseRemedies(cause: OomCause, message: OomMessage, b: MemoryBreakdown, context: DiagnosisContext): ChosenRemedy[] {
  const conf = allocConfVariable(message);
  const seen = new Set<OomRemedy>();
  return remediesFor(cause, message, b, context)
    .filter((id) => !seen.has(id) && seen.add(id))
    .map((id) => ({ id, conf }));
}
