"""GPU measurements for the rules gpu_memory_check.py does not cover: OOM008, OOM009 and OOM011.

    python3 test/torch/gpu_extra_checks.py --out gpu-extra.json

- OOM008: an LSTM trained over consecutive chunks with its state (h, c) carried from chunk to
  chunk, weights updated through `.data` (the form that runs without an error, as in older code);
  the state detached at the top of the loop body in the fixed loop. Records
  torch.cuda.memory_allocated() after every iteration.
- OOM009: a checkpoint saved from GPU tensors, loaded back with torch.load() without map_location
  (its tensors land on the GPU they were saved from) and with map_location="cpu". Records the GPU
  memory the loaded object holds.
- OOM011: torch.cuda.empty_cache() called every iteration of a training loop against the same
  loop without it: seconds per iteration and the allocator's cudaMalloc count (num_alloc_retries is
  not what it changes; the cudaMalloc calls are), to show it costs time and returns no memory the
  next iteration does not take back.

Every number is bytes or seconds; the JSON also records the GPU, driver and versions.
"""

import argparse
import gc
import os
import tempfile
import time

import torch
import torch.nn.functional as F

from gpu_environment import environment, save_report

WIDTH = 1024


def sync():
    torch.cuda.synchronize()


def lstm_loop(iterations, detach):
    """OOM008: returns memory_allocated after every iteration, relative to before the loop."""
    gc.collect()
    sync()
    torch.cuda.empty_cache()
    torch.manual_seed(0)
    lstm = torch.nn.LSTM(WIDTH, WIDTH).cuda()
    generator = torch.Generator(device="cuda").manual_seed(1)
    chunks = [
        (torch.randn(32, 16, WIDTH, device="cuda", generator=generator),
         torch.randn(32, 16, WIDTH, device="cuda", generator=generator))
        for _ in range(4)
    ]
    sync()
    baseline = torch.cuda.memory_allocated()
    readings = []
    hidden = None
    for step in range(iterations):
        inputs, targets = chunks[step % len(chunks)]
        if detach and hidden is not None:
            hidden = tuple(h.detach() for h in hidden)
        output, hidden = lstm(inputs, hidden)
        loss = F.mse_loss(output, targets)
        lstm.zero_grad()
        # retain_graph silences "backward through the graph a second time"; updating through .data
        # keeps autograd's version check quiet, so the carried graph is never noticed.
        loss.backward(retain_graph=not detach)
        with torch.no_grad():
            for parameter in lstm.parameters():
                parameter.data.add_(parameter.grad, alpha=-1e-4)
        del output, loss
        sync()
        readings.append(torch.cuda.memory_allocated() - baseline)
    del hidden, lstm, chunks
    return {"growth_bytes_after_each_iteration": readings}


def checkpoint_load(tmp):
    """OOM009: GPU bytes held by a checkpoint loaded without and with map_location."""
    torch.manual_seed(0)
    state = {f"layer{i}.weight": torch.randn(4096, 4096, device="cuda") for i in range(8)}
    path = os.path.join(tmp, "checkpoint.pt")
    torch.save({"model": state, "epoch": 3}, path)
    size_on_disk = os.path.getsize(path)
    del state
    gc.collect()
    sync()
    torch.cuda.empty_cache()
    results = {"checkpoint_file_bytes": size_on_disk}
    for name, kwargs in (("without_map_location", {}), ("map_location_cpu", {"map_location": "cpu"})):
        sync()
        before = torch.cuda.memory_allocated()
        loaded = torch.load(path, **kwargs)
        sync()
        results[name] = {
            "gpu_bytes_held": torch.cuda.memory_allocated() - before,
            "device_of_first_tensor": str(next(iter(loaded["model"].values())).device),
        }
        del loaded
        gc.collect()
        sync()
        torch.cuda.empty_cache()
    return results


def empty_cache_loop(iterations, call_empty_cache):
    """OOM011: seconds per iteration and cudaMalloc calls, with and without empty_cache()."""
    gc.collect()
    sync()
    torch.cuda.empty_cache()
    torch.manual_seed(0)
    model = torch.nn.Sequential(*[torch.nn.Linear(4096, 4096) for _ in range(8)]).cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=1e-4)
    inputs = torch.randn(2048, 4096, device="cuda")
    for _ in range(3):  # warm-up, untimed
        model(inputs).square().mean().backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    sync()
    stats_before = torch.cuda.memory_stats()
    started = time.perf_counter()
    for _ in range(iterations):
        loss = model(inputs).square().mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        del loss
        if call_empty_cache:
            torch.cuda.empty_cache()
    sync()
    elapsed = time.perf_counter() - started
    stats_after = torch.cuda.memory_stats()
    result = {
        "seconds_per_iteration": elapsed / iterations,
        "cuda_malloc_calls": stats_after.get("num_device_alloc", 0) - stats_before.get("num_device_alloc", 0),
        "cuda_free_calls": stats_after.get("num_device_free", 0) - stats_before.get("num_device_free", 0),
        "peak_reserved_bytes": torch.cuda.max_memory_reserved(),
    }
    del model, optimizer, inputs
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out")
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args()
    report = {
        "environment": environment(torch.device("cuda")),
        "OOM008": {
            "model": f"LSTM({WIDTH}, {WIDTH}), chunks of 32 steps x 16 sequences",
            "bad_state_carried": lstm_loop(args.iterations, detach=False),
            "fixed_state_detached": lstm_loop(args.iterations, detach=True),
        },
    }
    with tempfile.TemporaryDirectory() as tmp:
        report["OOM009"] = checkpoint_load(tmp)
    report["OOM011"] = {
        "model": "8 x Linear(4096, 4096), batch 2048, SGD",
        "bad_empty_cache_every_iteration": empty_cache_loop(args.iterations, True),
        "fixed_no_empty_cache": empty_cache_loop(args.iterations, False),
    }
    print(save_report(report, args.out))


if __name__ == "__main__":
    main()
