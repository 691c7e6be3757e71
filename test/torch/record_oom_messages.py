"""Provokes real CUDA out-of-memory errors and records what PyTorch prints, for the explain fixtures.

    python3 test/torch/record_oom_messages.py OUT_DIR

Each case is a small script written to OUT_DIR/NAME.py and run as its own process, uncaught, so
that NAME.stderr holds the real traceback and message as a user would see it; NAME.rc its exit
status; NAME.env the allocator settings it ran with. Cases:
- too-big: one allocation larger than the whole GPU.
- fraction: torch.cuda.set_per_process_memory_fraction(0.05), then more than that.
- eval-keeps-outputs: an evaluation loop without torch.no_grad() that keeps every output on the
  GPU (OOM001 and OOM007), under a memory fraction so that it fails in seconds.
- fragmentation: many blocks freed every other one, then a request larger than any free gap.
- other-process: another process holds most of the GPU, then this one asks for more than is left.
- expandable-fraction: the fraction case with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True.
"""

import os
import subprocess
import sys
import textwrap
import time

CASES = {
    "too-big": ("", """
        import torch
        total = torch.cuda.get_device_properties(0).total_memory
        block = torch.empty(int(total * 1.5), dtype=torch.uint8, device="cuda")
    """),
    "fraction": ("", """
        import torch
        torch.cuda.set_per_process_memory_fraction(0.05)
        total = torch.cuda.get_device_properties(0).total_memory
        first = torch.empty(int(total * 0.03), dtype=torch.uint8, device="cuda")
        second = torch.empty(int(total * 0.03), dtype=torch.uint8, device="cuda")
    """),
    "eval-keeps-outputs": ("", """
        import torch
        import torch.nn as nn


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.body = nn.Sequential(nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.Conv2d(64, 64, 3, padding=1), nn.ReLU())
                self.head = nn.Conv2d(64, 21, 1)

            def forward(self, x):
                return self.head(self.body(x))


        def evaluate(model, loader):
            model.eval()
            outputs = []
            for images in loader:
                logits = model(images)
                outputs.append(logits)
            return torch.cat(outputs)


        def main():
            torch.cuda.set_per_process_memory_fraction(0.02)
            model = Net().cuda()
            loader = (torch.randn(16, 3, 128, 128, device="cuda") for _ in range(10000))
            predictions = evaluate(model, loader)
            print(predictions.shape)


        if __name__ == "__main__":
            main()
    """),
    "fragmentation": ("", """
        import torch
        torch.cuda.set_per_process_memory_fraction(0.10)
        total = torch.cuda.get_device_properties(0).total_memory
        limit = int(total * 0.10)
        block = 64 * 2**20
        blocks = []
        try:
            while True:
                blocks.append(torch.empty(block, dtype=torch.uint8, device="cuda"))
        except torch.OutOfMemoryError:
            pass
        del blocks[::2]
        torch.cuda.synchronize()
        big = torch.empty(4 * block, dtype=torch.uint8, device="cuda")
    """),
    "other-process": ("", """
        import subprocess, sys, time, torch
        total = torch.cuda.get_device_properties(0).total_memory
        holder = subprocess.Popen([sys.executable, "-c",
            "import sys, time, torch; t = torch.empty(int(sys.argv[1]), dtype=torch.uint8, device='cuda'); "
            "torch.cuda.synchronize(); print('ready', flush=True); time.sleep(60)",
            str(total - 12 * 2**30)], stdout=subprocess.PIPE, text=True)
        holder.stdout.readline()
        try:
            mine = torch.empty(8 * 2**30, dtype=torch.uint8, device="cuda")
            more = torch.empty(8 * 2**30, dtype=torch.uint8, device="cuda")
        finally:
            holder.kill()
    """),
    "expandable-fraction": ("expandable_segments:True", """
        import torch
        torch.cuda.set_per_process_memory_fraction(0.05)
        total = torch.cuda.get_device_properties(0).total_memory
        first = torch.empty(int(total * 0.03), dtype=torch.uint8, device="cuda")
        second = torch.empty(int(total * 0.03), dtype=torch.uint8, device="cuda")
    """),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, (alloc_conf, body) in CASES.items():
        script = os.path.join(out, f"{name}.py")
        with open(script, "w") as f:
            f.write(textwrap.dedent(body).lstrip())
        env = dict(os.environ)
        env.pop("PYTORCH_CUDA_ALLOC_CONF", None)
        if alloc_conf:
            env["PYTORCH_CUDA_ALLOC_CONF"] = alloc_conf
        started = time.time()
        try:
            done = subprocess.run([sys.executable, f"{name}.py"], cwd=out, env=env, capture_output=True, text=True, timeout=120)
            rc, stdout, stderr = done.returncode, done.stdout, done.stderr
        except subprocess.TimeoutExpired as expired:
            rc, stdout, stderr = "timeout", expired.stdout or "", expired.stderr or ""
        for suffix, content in (("stderr", stderr), ("stdout", stdout), ("rc", f"{rc}\n"),
                                ("env", f"PYTORCH_CUDA_ALLOC_CONF={alloc_conf}\n")):
            with open(os.path.join(out, f"{name}.{suffix}"), "w") as f:
                f.write(content if isinstance(content, str) else content.decode())
        print(f"{name}: rc={rc} in {time.time() - started:.1f}s; last line: {stderr.strip().splitlines()[-1] if stderr.strip() else ''}", flush=True)


if __name__ == "__main__":
    main()
