"""Runs each program of this folder as written and as oomlint fixed it, on a real GPU.

    python3 test/torch/fix-check/run_fix_check.py OUT.json

For every PROGRAM.py here there are the versions `oomlint check --fix` (safe fixes) and
`oomlint check --fix --unsafe-fixes` (all fixes) wrote, in fixed-safe/ and fixed-all/ (made by
scripts/fix-check-versions.mjs). Each version runs in its own process with nothing capped,
recording torch.cuda.max_memory_allocated() and whether it completed. Then the version as
written and each fixed version run again under torch.cuda.set_per_process_memory_fraction() set
a fifth above the largest peak of the fixed versions (plus 128 MiB for the allocator's rounding).
"""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

WRAPPER = """
import json, runpy, sys, time, torch
cap = float(sys.argv[2])
if cap > 0:
    torch.cuda.set_per_process_memory_fraction(cap)
started = time.time()
outcome, message = "completed", None
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except torch.OutOfMemoryError as error:
    outcome, message = "out of memory", str(error).split(". ")[0] + "."
torch.cuda.synchronize()
print("RESULT " + json.dumps({"outcome": outcome, "message": message, "peak_bytes": torch.cuda.max_memory_allocated(), "seconds": round(time.time() - started, 2)}))
"""


def run(path, cap=0.0):
    """One process running `path`; its outcome, peak GPU memory and the exact text it ran."""
    with open(path) as f:
        text = f.read()
    done = subprocess.run([sys.executable, "-c", WRAPPER, path, str(cap)], capture_output=True, text=True, timeout=150, cwd=os.path.dirname(path))
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return {**json.loads(line[len("RESULT "):]), "text": text}
    return {"outcome": "failed", "rc": done.returncode, "stderr_tail": done.stderr[-2000:], "text": text}


def main():
    import torch

    total = torch.cuda.get_device_properties(0).total_memory
    report = {"gpu": torch.cuda.get_device_name(0), "gpu_total_bytes": total, "torch": torch.__version__, "programs": {}}
    for name in sorted(n for n in os.listdir(HERE) if n.endswith(".py") and n != os.path.basename(__file__)):
        entry = {}
        for variant, folder in (("as written", HERE), ("safe fixes", os.path.join(HERE, "fixed-safe")), ("all fixes", os.path.join(HERE, "fixed-all"))):
            path = os.path.join(folder, name)
            if os.path.exists(path):
                entry[variant] = run(path)
        fixed_peaks = [entry[v]["peak_bytes"] for v in ("safe fixes", "all fixes") if entry.get(v, {}).get("outcome") == "completed"]
        if fixed_peaks:
            cap_bytes = int(max(fixed_peaks) * 1.2) + 128 * 2**20
            entry["cap_bytes"] = cap_bytes
            for variant, folder in (("as written", HERE), ("safe fixes", os.path.join(HERE, "fixed-safe")), ("all fixes", os.path.join(HERE, "fixed-all"))):
                path = os.path.join(folder, name)
                if os.path.exists(path):
                    entry[f"{variant}, capped"] = run(path, cap_bytes / total)
        report["programs"][name] = entry
        print(name, json.dumps({k: ({kk: vv for kk, vv in v.items() if kk != "text"} if isinstance(v, dict) else v) for k, v in entry.items()}), flush=True)
    with open(sys.argv[1], "w") as f:
        json.dump(report, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
