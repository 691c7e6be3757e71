#!/usr/bin/env bash
# Everything the project measures on a real NVIDIA GPU, in one run (the device machine lends one for
# minutes at a time): real nvidia-smi output for the status-bar fixtures, the memory each flagged
# pattern holds against its fix, what the fixes oomlint writes do to real programs, the fix-safety
# corpus run on CUDA, the peak of each estimate program's training step against `oomlint estimate`,
# and real out-of-memory messages for the explain fixtures.
# Usage: bash scripts/gpu-evidence.sh OUT_DIR   (needs nvidia-smi and a python3 with CUDA PyTorch)
# Writes OUT_DIR/gpu-evidence.tar.gz and OUT_DIR/gpu-evidence.log.
# The fix-safety corpus needs its fixed copies: made there when Node, dist/cli.js and
# out/test/fix-safety/prepare.js are present, else taken from FIX_SAFETY_PREPARED, a folder that
# `node out/test/fix-safety/prepare.js DIR` wrote on a machine with Node (carry it along).
set -u
out="${1:?usage: gpu-evidence.sh OUT_DIR}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
export PYTHONUNBUFFERED=1
{
  echo "== nvidia-smi"
  bash "$root/scripts/record-nvidia-smi.sh" "$work/nvidia-smi"
  echo "== gpu_memory_check.py"
  (cd "$root/test/torch" && timeout 200 python3 gpu_memory_check.py --out "$work/gpu-memory-check.json")
  echo "rc=$?"
  echo "== gpu_extra_checks.py"
  (cd "$root/test/torch" && timeout 120 python3 gpu_extra_checks.py --out "$work/gpu-extra-checks.json" >/dev/null)
  echo "rc=$?"
  echo "== gpu_loader_checks.py"
  (cd "$root/test/torch" && timeout 200 python3 gpu_loader_checks.py --out "$work/gpu-loader.json" >/dev/null)
  echo "rc=$?"
  echo "== fix-check: the programs of test/torch/fix-check as written and as oomlint fixed them"
  timeout 400 python3 "$root/test/torch/fix-check/run_fix_check.py" "$work/h200-fix-check.json"
  echo "rc=$?"
  echo "== fix-safety: the programs of test/fix-safety on CUDA, as written and as oomlint fixed them"
  prepared="${FIX_SAFETY_PREPARED:-}"
  if [ -z "$prepared" ] && command -v node >/dev/null && [ -f "$root/dist/cli.js" ] && [ -f "$root/out/test/fix-safety/prepare.js" ]; then
    prepared="$work/fix-safety-copies"
    node "$root/out/test/fix-safety/prepare.js" "$prepared"
  fi
  if [ -n "$prepared" ] && [ -f "$prepared/manifest.json" ]; then
    # --repeat runs each program twice as written: a kernel without a deterministic mode shows as such.
    timeout 300 python3 "$root/test/fix-safety/run_programs.py" "$prepared/manifest.json" --device cuda --repeat --parallel 4 --out "$work/fix-safety-cuda.json"
    echo "rc=$?"
    rm -rf "$work/fix-safety-copies"
  else
    echo "skipped: no fixed copies (no Node here, and FIX_SAFETY_PREPARED names no folder with a manifest.json)"
  fi
  echo "== estimate: the programs of test/estimate on CUDA, torch.cuda.max_memory_allocated() of the second step"
  timeout 500 python3 "$root/test/estimate/run_programs.py" --cuda "$work/estimate-cuda.json"
  echo "rc=$?"
  if command -v node >/dev/null && [ -f "$root/dist/cli.js" ]; then
    node "$root/dist/cli.js" estimate --device cuda --format json "$root/test/estimate/programs" > "$work/estimate-cuda-estimates.json"
    python3 "$root/test/estimate/compare.py" "$work/estimate-cuda-estimates.json" "$work/estimate-cuda.json"
  else
    echo "no Node here: compare later with test/estimate/compare.py and oomlint estimate --device cuda"
  fi
  echo "== record_oom_messages.py"
  timeout 200 python3 "$root/test/torch/record_oom_messages.py" "$work/oom-messages"
  echo "rc=$?"
} 2>&1 | tee "$out/gpu-evidence.log"
tar -czf "$out/gpu-evidence.tar.gz" -C "$work" .
rm -rf "$work"
