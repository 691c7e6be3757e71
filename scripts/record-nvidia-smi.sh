#!/usr/bin/env bash
# Records real nvidia-smi output on a GPU machine, one file per case, for the status-bar fixtures in
# test/fixtures/nvidia-smi/. Each case writes NAME.out (stdout exactly as printed), NAME.err and
# NAME.rc (exit status).
# Usage: bash scripts/record-nvidia-smi.sh OUT_DIR
set -u
out="${1:?usage: record-nvidia-smi.sh OUT_DIR}"
mkdir -p "$out"
fmt='--format=csv,noheader,nounits'
gpu_query='--query-gpu=index,name,memory.used,memory.total,utilization.gpu'
gpu_query_uuid='--query-gpu=index,uuid,name,memory.used,memory.total,utilization.gpu'
apps_query='--query-compute-apps=gpu_uuid,pid,process_name,used_memory'

record() {
  local name=$1
  shift
  "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.rc"
}

date -u +%Y-%m-%dT%H:%M:%SZ >"$out/recorded-at.txt"
record version nvidia-smi --version
record plain-idle nvidia-smi
record gpu-idle nvidia-smi "$gpu_query" "$fmt"
record gpu-uuid-idle nvidia-smi "$gpu_query_uuid" "$fmt"
record gpu-uuid-header-idle nvidia-smi "$gpu_query_uuid" --format=csv
record apps-idle nvidia-smi "$apps_query" "$fmt"
record invalid-field nvidia-smi --query-gpu=index,no.such.field "$fmt"

# Two PyTorch processes: one holds 20 GiB and keeps the GPU busy, one holds 4 GiB and idles, so the
# recording shows several compute apps and a non-zero utilisation.
work=$(mktemp -d)
holder='import sys, time, torch
gib = int(sys.argv[1]); busy = sys.argv[2] == "busy"
block = torch.empty(gib * 2**30, dtype=torch.uint8, device="cuda")
a = torch.randn(4096, 4096, device="cuda")
torch.cuda.synchronize()
open(sys.argv[3], "w").close()
deadline = time.time() + 90
while time.time() < deadline:
    if busy:
        a = (a @ a).clamp_(-1, 1)
        torch.cuda.synchronize()
    else:
        time.sleep(0.2)'
python3 -c "$holder" 20 busy "$work/busy.ready" >"$out/holder-busy.log" 2>&1 &
busy_pid=$!
python3 -c "$holder" 4 idle "$work/idle.ready" >"$out/holder-idle.log" 2>&1 &
idle_pid=$!
for _ in $(seq 1 240); do
  [ -e "$work/busy.ready" ] && [ -e "$work/idle.ready" ] && break
  kill -0 "$busy_pid" 2>/dev/null && kill -0 "$idle_pid" 2>/dev/null || break
  sleep 0.5
done
echo "busy=$busy_pid idle=$idle_pid" >"$out/holder-pids.txt"
sleep 2 # let the utilisation counter see the busy process
record gpu-loaded nvidia-smi "$gpu_query" "$fmt"
record gpu-uuid-loaded nvidia-smi "$gpu_query_uuid" "$fmt"
record apps-loaded nvidia-smi "$apps_query" "$fmt"
record plain-loaded nvidia-smi
record loop-lms500-loaded timeout 3 nvidia-smi "$gpu_query_uuid" "$fmt" -lms 500
kill "$busy_pid" "$idle_pid" 2>/dev/null
wait "$busy_pid" "$idle_pid" 2>/dev/null
rm -rf "$work"

record loop-lms500-idle timeout 3 nvidia-smi "$gpu_query" "$fmt" -lms 500
record loop-l1-idle timeout 3 nvidia-smi "$gpu_query_uuid" "$fmt" -l 1
ls -l "$out"
