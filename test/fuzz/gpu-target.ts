// Random nvidia-smi output through the readout's line splitter, line classifier and block assembler:
// no throw, a line buffer that stays bounded, readings that are well formed.
import { BoundedLineSplitter } from '../../client/src/gpu/gpu-monitor';
import { GpuBlockAssembler } from '../../client/src/gpu/gpu-block-assembler';
import { classifySmiLine } from '../../client/src/gpu/nvidia-smi-parse';
import type { Random } from './random';
import type { FuzzFailure, FuzzTarget } from './target';

const PIECES = [
  '0, GPU-1, NVIDIA H100 80GB HBM3, 19180, 81559, 37', '1, GPU-2, NVIDIA A100-SXM4-80GB, [N/A], 81920, [Not Supported]',
  '', '\n', '\r\n', '\r', ',', ' ', '[N/A]', '99999999999999999999', '-1', 'NaN', 'NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver.',
  'x'.repeat(70_000), '\u0000', '\u001b[31m', 'é', '💥',
];

export class GpuOutputTarget implements FuzzTarget {
  readonly name = 'gpu-output';

  async prepare(): Promise<void> {}

  run(random: Random): FuzzFailure[] {
    const chunks: string[] = [];
    for (let i = 0, n = 1 + random.int(40); i < n; i++) chunks.push(random.pick(PIECES) + (random.int(3) === 0 ? '' : '\n'));
    const input = chunks.join('');
    const failures: FuzzFailure[] = [];
    try {
      const assembler = new GpuBlockAssembler((gpus) => {
        for (const gpu of gpus) {
          if (!Number.isInteger(gpu.index)) failures.push({ kind: 'bad-reading', detail: JSON.stringify(gpu), input });
        }
      });
      const splitter = new BoundedLineSplitter((line) => {
        if (line.length > 64 * 1024) failures.push({ kind: 'unbounded', detail: `a line of ${line.length} characters`, input });
        const classified = classifySmiLine(line);
        if (classified.kind === 'gpu') assembler.push(classified.gpu);
        else if (classified.kind === 'blank') assembler.flush();
      });
      // Split at random places, as pipes do.
      for (let at = 0; at < input.length; ) {
        const size = 1 + random.int(5000);
        splitter.push(input.slice(at, at + size));
        at += size;
      }
      splitter.end();
      assembler.flush();
    } catch (error) {
      failures.push({ kind: 'crash', detail: error instanceof Error ? (error.stack ?? error.message) : String(error), input });
    }
    return failures;
  }
}
