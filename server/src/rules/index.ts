import { OOM001 } from './autograd/OOM001-eval-without-no-grad';
import { OOM002 } from './autograd/OOM002-graph-tensor-stored';
import { OOM003 } from './autograd/OOM003-loss-accumulated-with-graph';
import { OOM004 } from './data/OOM004-oversized-batch-size';
import { OOM005 } from './data/OOM005-pin-memory-many-workers';
import { OOM006 } from './autograd/OOM006-retain-graph-in-loop';
import { OOM007 } from './autograd/OOM007-eval-outputs-kept-on-gpu';
import { OOM008 } from './autograd/OOM008-hidden-state-carried-across-batches';
import { OOM009 } from './device/OOM009-checkpoint-loaded-to-gpu';
import { OOM010 } from './device/OOM010-cuda-device-without-rank';
import { OOM011 } from './device/OOM011-empty-cache-in-loop';
import type { Rule } from './rule';

/** Every rule, in code order. */
export const ALL_RULES: readonly Rule[] = [OOM001, OOM002, OOM003, OOM004, OOM005, OOM006, OOM007, OOM008, OOM009, OOM010, OOM011];

export function ruleByCode(code: string): Rule | undefined {
  const wanted = code.trim().toUpperCase();
  return ALL_RULES.find((r) => r.meta.code === wanted);
}
