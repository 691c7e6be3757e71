// Groups the GPU rows that loop-mode nvidia-smi prints into one reading per interval. nvidia-smi
// prints no separator between intervals, so a block ends when a GPU index comes round again, when a
// blank line arrives, or when the caller flushes (after a quiet spell, or when the process ends).
import type { GpuRow } from './nvidia-smi-parse';

export class GpuBlockAssembler {
  private pending: GpuRow[] = [];

  constructor(private readonly onBlock: (gpus: GpuRow[]) => void) {}

  /** Adds one GPU row; emits the pending block first if this GPU is already in it. */
  push(gpu: GpuRow): void {
    if (this.pending.some((row) => row.index === gpu.index)) this.flush();
    this.pending.push(gpu);
  }

  /** Emits the pending block, if any. */
  flush(): void {
    if (this.pending.length === 0) return;
    const block = this.pending;
    this.pending = [];
    this.onBlock(block);
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }
}
