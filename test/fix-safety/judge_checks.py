"""Checks run_programs.judge() on made-up runs, one per outcome (run by fix-safety.test.ts).

The corpus shows most outcomes on real programs; this holds the rules for all of them, also those
today's corpus does not reach (more memory kept, a result recorded in another order).
"""

import run_programs


def run(records=(), measures=(), error=None):
    return {"records": [list(r) for r in records], "measures": list(measures), "error": error}


def alive(nodes=0, saved=0, peak=0, recorded=0, cuda=None):
    measure = {"graph_nodes": nodes, "saved_bytes": saved, "peak_saved_bytes": peak, "recorded_bytes": recorded}
    if cuda is not None:
        measure["cuda_bytes"] = cuda
    return measure


LOSS = ("loss", {"float": "0.5"})
WEIGHTS = ("weights", {"tensor": "float32", "sha256": "ab"})
BASE = run([LOSS, WEIGHTS], [alive(10, 100, 200, 300), alive(20, 100, 200, 300)])


def check(observed, outcome, detail_part=""):
    assert observed[0] == outcome, observed
    assert detail_part in observed[1], observed


check(run_programs.judge(BASE, None, [], "cpu"), "unchanged")
check(run_programs.judge(BASE, run(error="AttributeError: x"), [], "cpu"), "breaks", "AttributeError")
check(run_programs.judge(BASE, run([LOSS, ("weights", {"tensor": "float32", "sha256": "cd"})], BASE["measures"]), [], "cpu"), "changes-results", "weights")
check(run_programs.judge(BASE, run([WEIGHTS, LOSS], BASE["measures"]), [], "cpu"), "changes-results", "order")
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], BASE["measures"][:1]), [], "cpu"), "changes-results", "iterations")
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], [alive(10, 100, 200, 300), alive(21, 100, 200, 300)]), [], "cpu"), "more-memory", "graph_nodes at iteration 2")
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], BASE["measures"]), ["OOM002"], "cpu"), "no-saving", "OOM002")
# A claim the CPU cannot see (moving outputs off the GPU) is not held against a run on the CPU.
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], BASE["measures"]), ["OOM007"], "cpu"), "identical")
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], [alive(10, 100, 200, 300), alive(10, 100, 200, 300)]), ["OOM002"], "cpu"), "identical")
check(run_programs.judge(BASE, run([LOSS, WEIGHTS], [alive(10, 100, 200, 0), alive(20, 100, 200, 0)]), ["OOM001"], "cpu"), "identical")
# On a GPU the allocator's bytes count too.
cuda_base = run([LOSS], [alive(1, cuda=1000)])
check(run_programs.judge(cuda_base, run([LOSS], [alive(1, cuda=1200)]), [], "cuda"), "more-memory", "cuda_bytes")
check(run_programs.judge(cuda_base, run([LOSS], [alive(1, cuda=1000)]), ["OOM007"], "cuda"), "no-saving")
check(run_programs.judge(cuda_base, run([LOSS], [alive(1, cuda=800)]), ["OOM007"], "cuda"), "identical")
print("judge checks passed")
