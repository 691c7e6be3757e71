// What GPU status bars commonly do: run `nvidia-smi --query-gpu=...` once per interval and parse
// its output. The benchmark compares this with the extension's one long-lived `nvidia-smi -lms`.
import { execFile } from 'node:child_process';
import { GPU_QUERY_FIELDS, parseGpuQueryOutput } from '../../client/src/gpu/nvidia-smi-parse';

export class SpawnPerIntervalPoller {
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  readings = 0;

  constructor(
    private readonly nvidiaSmiPath: string,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    const poll = () => {
      if (this.inFlight) return;
      this.inFlight = new Promise<void>((resolve) => {
        execFile(this.nvidiaSmiPath, [`--query-gpu=${GPU_QUERY_FIELDS.join(',')}`, '--format=csv,noheader,nounits'], (error, stdout) => {
          if (!error && parseGpuQueryOutput(stdout).length) this.readings++;
          this.inFlight = undefined;
          resolve();
        });
      });
    };
    poll();
    this.timer = setInterval(poll, this.intervalMs);
  }

  /** Stops polling and waits for a reading in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.inFlight;
  }
}
