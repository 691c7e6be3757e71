// What the log says around a message that its numbers do not: the platform, the program (an
// inference server, an image app, a notebook, DeepSpeed, several ranks), and how long it ran. Pure.
// Each fact is one bounded search: the whole log is scanned a fixed number of times.
import type { TracebackFrame } from './frames';
import type { OomMessage } from './oom-message';

export type Platform = 'windows' | 'wsl' | 'macos' | 'linux';
export type UseCase = 'inference-server' | 'image-app' | 'notebook' | 'distributed' | 'training';

export interface LogFacts {
  platform?: Platform;
  vllm: boolean;
  deepspeed: boolean;
  imageApp: boolean;
  notebook: boolean;
  /** Rank prefixes, torchrun, DistributedDataParallel or FSDP in the log. */
  distributed: boolean;
  dataParallel: boolean;
}

/** How much of the log's start and end the program is recognised from (a 64 MiB log is not scanned whole). */
const FACTS_WINDOW = 1024 * 1024;

const WINDOWS_PATH = /(?:^|[\s"'(])[A-Za-z]:\\(?:Users|Program|ProgramData|Windows|AI|SD|Python|[\w .-]{1,40}\\)|python_embeded|\\site-packages\\|\.exe\b/m;
const WSL = /microsoft-standard-WSL|\bWSL2?\b/;
const MACOS = /\/Users\/[^/\s]{1,60}\/|\/Applications\/|\/opt\/homebrew\/|\bmacOS\b|\bDarwin\b/;
const LINUX_PATH = /(?:^|[\s"'(])\/(?:home|usr|opt|root|mnt|data|workspace|scratch)\/[^\s"']/m;
const VLLM = /\bvllm[\\/]|\bvLLM\b|EngineCore|VllmWorker|LLMEngine|gpu_memory_utilization/;
const DEEPSPEED = /\bdeepspeed[\\/]|\bDeepSpeed\b|\[deepspeed\]|ZeRO stage|zero_optimization/i;
const IMAGE_APP = /ComfyUI|comfy[\\/]|stable-diffusion-webui|sd-webui|webui[\\/]modules|InvokeAI|Fooocus|Forge|Wan2GP|FramePack|pinokio|diffusers[\\/]|KSampler|VAEDecode|txt2img|img2img/;
const NOTEBOOK = /Cell In\s?\[\d+\]|<ipython-input-|ipykernel|IPython[\\/]core|jupyter/i;
const DISTRIBUTED = /\[(?:rank|default)\d{1,5}\]:|torchrun|torch[\\/]distributed[\\/]|DistributedDataParallel|FullyShardedDataParallel|init_process_group|LOCAL_RANK|\bNCCL\b/;
const DATA_PARALLEL = /data_parallel\.py|parallel_apply|nn\.DataParallel|Caught [\w]+ in replica \d+ on device/;

function scanWindows(text: string): string[] {
  if (text.length <= 2 * FACTS_WINDOW) return [text];
  return [text.slice(0, FACTS_WINDOW), text.slice(text.length - FACTS_WINDOW)];
}

/** Facts about the whole log. */
export function logFacts(text: string): LogFacts {
  const parts = scanWindows(text);
  const any = (pattern: RegExp) => parts.some((part) => pattern.test(part));
  const platform: Platform | undefined = any(WSL) ? 'wsl' : any(WINDOWS_PATH) ? 'windows' : any(MACOS) ? 'macos' : any(LINUX_PATH) ? 'linux' : undefined;
  return {
    ...(platform ? { platform } : {}),
    vllm: any(VLLM),
    deepspeed: any(DEEPSPEED),
    imageApp: any(IMAGE_APP),
    notebook: any(NOTEBOOK),
    distributed: any(DISTRIBUTED),
    dataParallel: any(DATA_PARALLEL),
  };
}

/** The facts for one message: the log's, and what its frames and source add. */
export function messageFacts(log: LogFacts, message: OomMessage): LogFacts {
  const paths = message.frames.map((f) => f.file).join('\n');
  const facts = { ...log };
  if (message.source.startsWith('rank')) facts.distributed = true;
  if (/\\/.test(paths) && /^[A-Za-z]:\\/m.test(paths)) facts.platform = facts.platform === 'wsl' ? 'wsl' : 'windows';
  if (message.backend === 'mps') facts.platform = 'macos';
  if (message.frames.some((f) => /data_parallel\.py|parallel_apply/.test(f.file))) facts.dataParallel = true;
  if (message.frames.some((f) => /[\\/]vllm[\\/]/.test(f.file)) || message.vllmKind) facts.vllm = true;
  if (message.frames.some((f) => /[\\/]deepspeed[\\/]/.test(f.file))) facts.deepspeed = true;
  if (message.frames.some((f) => f.file.startsWith('Cell In[') || f.file.startsWith('<ipython-input-'))) facts.notebook = true;
  return facts;
}

/** The case the remedies are ranked for. */
export function useCase(facts: LogFacts): UseCase {
  if (facts.vllm) return 'inference-server';
  if (facts.imageApp) return 'image-app';
  if (facts.notebook) return 'notebook';
  if (facts.distributed || facts.deepspeed) return 'distributed';
  return 'training';
}

/** How far before a message its epoch counter is looked for. */
const PROGRESS_WINDOW = 256 * 1024;
const EPOCH = /\bepoch\b\s*(?:[:=#[(]\s*)?(\d{1,6})(?:\s*(?:\/|of)\s*(\d{1,6}))?/gi;
const EPOCH_PROSE = /\b(?:after|on|at|in|during)\s+(?:the\s+)?(\d{1,6})(?:st|nd|rd|th)?\s+epochs?\b|\bafter\s+(\d{1,6})\s+epochs\b/gi;

/**
 * The epoch the program was in when it ran out, when the log or the text pasted with it says so
 * (`Epoch 21/100`, `epoch: 21`, "on the 21st epoch"); undefined when it does not, or says epoch 0 or 1.
 */
export function epochBefore(text: string, offset: number, after = 2048): number | undefined {
  const window = text.slice(Math.max(0, offset - PROGRESS_WINDOW), Math.min(text.length, offset + after));
  let epoch: number | undefined;
  for (const match of window.matchAll(EPOCH)) {
    const value = Number(match[1]);
    const total = match[2] === undefined ? undefined : Number(match[2]);
    // A zero-based counter's 20 is the 21st epoch; either way more than one epoch ran.
    if (total === undefined || value <= total) epoch = value;
  }
  for (const match of window.matchAll(EPOCH_PROSE)) epoch = Number(match[1] ?? match[2]);
  return epoch !== undefined && epoch >= 2 ? epoch : undefined;
}

/** Frames inside the user's code that tell the phase, and the rest. */
export type { TracebackFrame };
