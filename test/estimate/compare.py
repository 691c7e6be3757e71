"""Compares `oomlint estimate --format json` of the programs with their measurements, as a Markdown table.

Usage: python3 compare.py ESTIMATES.json MEASURED.json
(ESTIMATES.json: `node dist/cli.js estimate --device cpu|cuda --format json test/estimate/programs`;
MEASURED.json: run_programs.py's output.) The last line gives the median absolute error of the peak.
"""
import json
import os
import statistics
import sys

MIB = 1024 * 1024


def main():
    estimates = json.load(open(sys.argv[1]))["estimates"]
    measured = json.load(open(sys.argv[2]))["programs"]
    by_file = {os.path.basename(e["file"]): e for e in estimates}
    rows = []
    peak_errors = []
    print("| program | model | batch | weights+grads+state est. / meas. (MiB) | saved est. / meas. (MiB) | err | peak est. / meas. (MiB) | err |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name in sorted(measured):
        m = measured[name]
        e = by_file.get(name)
        if "error" in m or not e or e["peakBytes"] is None:
            print(f"| {name} | {e and e['model']} | | | | | | not compared |")
            continue
        p = e["parts"]
        resident_est = p["weights"] + p["gradients"] + p["optimizerState"]
        resident_meas = m["weightsBytes"] + m["gradientBytes"] + m["optimizerStateBytes"]
        saved_err = (p["activations"] - m["savedBytes"]) / m["savedBytes"]
        peak_err = (e["peakBytes"] - m["peakBytes"]) / m["peakBytes"]
        peak_errors.append(abs(peak_err))
        print(f"| {name} | {e['model']} | {e['batchSize']} | {resident_est / MIB:.1f} / {resident_meas / MIB:.1f} | "
              f"{p['activations'] / MIB:.1f} / {m['savedBytes'] / MIB:.1f} | {100 * saved_err:+.1f}% | "
              f"{e['peakBytes'] / MIB:.1f} / {m['peakBytes'] / MIB:.1f} | {100 * peak_err:+.1f}% |")
        rows.append(name)
    if peak_errors:
        print(f"\nMedian absolute error of the peak over {len(peak_errors)} programs: {100 * statistics.median(peak_errors):.1f}% (largest {100 * max(peak_errors):.1f}%)")


if __name__ == "__main__":
    main()
