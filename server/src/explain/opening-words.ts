// The words every form of an out-of-memory message holds: the parser looks for them, and the joining
// of a terminal's cut rows checks whether a cut fell inside them.

const ALTERNATIVES = [
  String.raw`(CUDA|HIP|XPU) out of memory(?! occurred when warming)`,
  'MPS backend out of memory',
  String.raw`(?:CUDA|HIP) error: out of memory`,
  'CUBLAS_STATUS_ALLOC_FAILED',
  'CUDNN_STATUS_ALLOC_FAILED',
  'Unable to find a valid cuDNN algorithm',
  String.raw`cuda runtime error ?\(2\) ?: ?out of memory`,
  'error=2 : out of memory',
  String.raw`(?:can't allocate memory|not enough memory): you tried to allocate`,
  'Current platform can NOT allocate memory block',
  'OOM when allocating tensor',
  '(?:RESOURCE_EXHAUSTED|Resource exhausted): Out of memory',
  'No available memory for the cache blocks',
  'that can be stored in KV cache',
  'KV cache is needed, which is larger than the available KV cache memory',
  'on startup is less than desired GPU memory utilization',
  'out of memory occurred when warming up sampler',
];

/** Which alternative matched says the form (see `parse-oom`). */
export const OPENING_WORDS_SOURCE = ALTERNATIVES.join('|');
export const OPENING_WORDS = new RegExp(OPENING_WORDS_SOURCE);
