"""Runs the fix-safety corpus as written and as oomlint fixed it, and judges each fix level.

    python3 test/fix-safety/run_programs.py MANIFEST.json --out RESULTS.json [--device cpu|cuda]
        [--parallel N] [--repeat] [--timeout SECONDS]

MANIFEST.json (written by test/fix-safety/harness.ts) lists each program with up to three copies,
paths relative to the manifest: "as written", "safe fixes" (what `oomlint check --fix` wrote) and
"all fixes" (`--fix --unsafe-fixes`); a level is null when it left the program as written (or, for
all fixes, as the safe fixes left it). With each level come the rules whose applied fixes claim to
save memory.

Each run is a child forked from this process once torch is imported (gc.freeze() keeps the objects
imported so far out of the census's heap walks), with one intra-op thread, a fixed seed, and
FIX_SAFETY_DEVICE set for the program to read. The child runs the program's entry file (or a
notebook's code cells in order) with the saved-tensor census installed, and sends back what the
program recorded with probe.record(), its probe.measure() series and any exception.

A fix level is judged against the run as written:
- unchanged: the level changed nothing;
- breaks: it raises where the program as written ran;
- changes-results: it runs, but some recorded result differs (tensors are compared bitwise);
- more-memory: same results, but some measure is higher at some iteration;
- no-saving: same results, nothing higher, but a fix claimed to save memory and no measure is lower;
- identical: same results, no measure higher, and lower where a fix claimed a saving.
With --repeat the program as written runs twice first; when the two runs differ, every level is
judged "nondeterministic" instead (a GPU kernel without a deterministic mode, say).

Each program as written also runs once bare, without the census and with probe.measure() doing
nothing; its "control" says whether it recorded the same results, so that the instrumentation is
shown not to change what it watches (autograd skips its in-place check for saved tensors when
hooks are installed; the census makes that check itself).
"""

import argparse
import contextlib
import gc
import json
import os
import select
import signal
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ("safe fixes", "all fixes")
# The rules whose fixes claim a saving that the census sees on any device: autograd graphs or
# saved activations kept alive. On a GPU, moving outputs and checkpoints off it saves device memory.
CLAIMS_GRAPH = {"OOM001", "OOM002", "OOM003", "OOM006", "OOM008"}
CLAIMS_DEVICE = {"OOM007", "OOM009"}
MAX_DETAIL = 200


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("manifest")
    parser.add_argument("--out", required=True)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--parallel", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--repeat", action="store_true", help="run each program as written twice, to catch nondeterminism")
    parser.add_argument("--timeout", type=float, default=120.0)
    return parser.parse_args()


def notebook_sources(path):
    """The code cells of a notebook, with IPython's magics and shell lines left out."""
    with open(path, encoding="utf8") as f:
        notebook = json.load(f)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        yield "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("%", "!")))


def run_entry(path):
    import runpy

    if path.endswith(".ipynb"):
        namespace = {"__name__": "__main__", "__file__": path}
        for index, source in enumerate(notebook_sources(path)):
            exec(compile(source, f"{os.path.basename(path)}:cell {index + 1}", "exec"), namespace)
    else:
        runpy.run_path(path, run_name="__main__")


def describe_error(error, program_dir):
    """Type and first line of the message, and the innermost frame in the program's own files."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    # An exception raised in an autograd hook comes back with its type name in its message.
    message = message.removeprefix(f"{type(error).__name__}: ")
    where = ""
    for frame in traceback.extract_tb(error.__traceback__):
        if frame.filename.startswith(program_dir) or ".ipynb:cell" in frame.filename:
            where = f" (in {os.path.basename(frame.filename)}, {frame.name})"
    return f"{type(error).__name__}: {message}"[:MAX_DETAIL] + where


def child(job, device, result_path):
    """Runs one program in this forked process and writes what it recorded to result_path."""
    import torch

    import probe

    program_dir = os.path.dirname(job["entry"])
    log = open(result_path + ".log", "w")
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)
    os.chdir(program_dir)
    sys.path.insert(0, program_dir)
    sys.argv = [job["entry"]]
    torch.set_num_threads(1)
    torch.manual_seed(0)
    if device.startswith("cuda"):
        torch.use_deterministic_algorithms(True, warn_only=True)
    census = None if job.get("bare") else probe.PeakCensus()
    probe.start(census)
    error = None
    started = time.perf_counter()
    try:
        with census if census is not None else contextlib.nullcontext():
            run_entry(job["entry"])
    except SystemExit as exit_:
        if exit_.code not in (None, 0):
            error = describe_error(exit_, program_dir)
    except BaseException as exception:  # noqa: BLE001 - any failure of the program is its outcome
        error = describe_error(exception, program_dir)
    seconds = time.perf_counter() - started
    sys.stdout.flush()
    sys.stderr.flush()
    with open(result_path, "w") as f:
        json.dump({**probe.results(), "error": error, "seconds": round(seconds, 3)}, f)


def output_tail(result_path):
    try:
        with open(result_path + ".log", errors="replace") as f:
            return f.read()[-1500:]
    except OSError:
        return ""


def run_all(jobs, device, parallel, timeout):
    """Runs the jobs in forked children, `parallel` at a time; returns their results by job id."""
    scratch = tempfile.mkdtemp(prefix="fix-safety-runs-")
    pending = list(jobs)
    running = {}
    results = {}
    started = 0
    try:
        while pending or running:
            while pending and len(running) < parallel:
                job = pending.pop(0)
                result_path = os.path.join(scratch, f"{started}.json")
                started += 1
                pid = os.fork()
                if pid == 0:
                    code = 0
                    try:
                        child(job, device, result_path)
                    except BaseException:  # noqa: BLE001 - the parent reports a missing result
                        code = 1
                    os._exit(code)
                running[pid] = (job, result_path, time.monotonic())
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                for other, (job, result_path, begun) in list(running.items()):
                    if time.monotonic() - begun > timeout:
                        os.kill(other, signal.SIGKILL)
                select.select([], [], [], 0.01)
                continue
            job, result_path, begun = running.pop(pid)
            try:
                with open(result_path) as f:
                    result = json.load(f)
            except (OSError, ValueError):
                late = time.monotonic() - begun > timeout
                result = {"records": [], "measures": [], "error": f"the run {'timed out' if late else 'died'} (status {status})", "seconds": round(time.monotonic() - begun, 3)}
            result["output_tail"] = output_tail(result_path)
            results[job["id"]] = result
    finally:
        for pid in running:
            os.kill(pid, signal.SIGKILL)
        for name in os.listdir(scratch):
            os.remove(os.path.join(scratch, name))
        os.rmdir(scratch)
    return results


def differing_records(base, other):
    names = []
    base_records = dict((name, value) for name, value in base["records"])
    other_records = dict((name, value) for name, value in other["records"])
    for name in sorted(set(base_records) | set(other_records)):
        if base_records.get(name) != other_records.get(name):
            names.append(name)
    if [name for name, _ in base["records"]] != [name for name, _ in other["records"]] and not names:
        names.append("(order of records)")
    return names


def series(run, key):
    return [m.get(key, 0) for m in run["measures"]]


def judge(base, run, claims, device):
    """The outcome of one fix level against the program as written, and a line saying why."""
    if run is None:
        return "unchanged", ""
    if run["error"]:
        return "breaks", run["error"]
    changed = differing_records(base, run)
    if changed:
        return "changes-results", "changed: " + ", ".join(changed)
    keys = ["graph_nodes", "saved_bytes", "peak_saved_bytes", "recorded_bytes"] + (["cuda_bytes"] if device.startswith("cuda") else [])
    if len(base["measures"]) != len(run["measures"]):
        return "changes-results", f"measured {len(run['measures'])} iterations, as written {len(base['measures'])}"
    for key in keys:
        for index, (before, after) in enumerate(zip(series(base, key), series(run, key))):
            if after > before:
                return "more-memory", f"{key} at iteration {index + 1}: {after} > {before} as written"
    claimed = set(claims) & (CLAIMS_GRAPH | (CLAIMS_DEVICE if device.startswith("cuda") else set()))
    if claimed and all(sum(series(run, key)) == sum(series(base, key)) for key in keys):
        return "no-saving", "no measure lower, though " + ", ".join(sorted(claimed)) + " claimed a saving"
    return "identical", ""


def main():
    args = parse_args()
    # Set before torch is imported, for the children to inherit.
    os.environ["FIX_SAFETY_RUNNER"] = "1"
    os.environ["FIX_SAFETY_DEVICE"] = args.device
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    sys.dont_write_bytecode = True
    sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "torch")]
    import warnings

    warnings.filterwarnings("ignore")
    # What the programs import, imported once here so that each child starts with it.
    import numpy  # noqa: F401
    import torch
    import torch.nn.functional  # noqa: F401
    import torch.utils.data  # noqa: F401

    import probe  # noqa: F401

    with open(args.manifest) as f:
        manifest = json.load(f)
    base_dir = os.path.dirname(os.path.abspath(args.manifest))
    jobs = []
    for program in manifest["programs"]:
        variants = program["variants"]
        copies = [("as written", variants["as written"]), ("as written, bare", variants["as written"])]
        if args.repeat:
            copies.append(("as written, again", variants["as written"]))
        copies += [(level, variants[level]) for level in LEVELS if variants.get(level)]
        for variant, entry in copies:
            jobs.append({"id": f"{program['name']}\t{variant}", "entry": os.path.join(base_dir, entry), "bare": variant == "as written, bare"})
    gc.collect()
    gc.freeze()
    started = time.perf_counter()
    results = run_all(jobs, args.device, max(1, args.parallel), args.timeout)
    report = {"device": args.device, "torch": torch.__version__, "seconds": round(time.perf_counter() - started, 2), "programs": {}}
    for program in manifest["programs"]:
        name = program["name"]
        runs = {variant: results.get(f"{name}\t{variant}") for variant in ("as written", "as written, bare", "as written, again", *LEVELS)}
        base = runs["as written"]
        bare = runs["as written, bare"]
        entry = {"runs": {k: v for k, v in runs.items() if v is not None}}
        if bare["error"] != base["error"]:
            entry["control"] = f"differs without the census: {bare['error'] or 'ran'}, with it: {base['error'] or 'ran'}"
        elif differing_records(base, bare):
            entry["control"] = "differs without the census: changed: " + ", ".join(differing_records(base, bare))
        else:
            entry["control"] = "same"
        if base["error"]:
            entry["failed as written"] = base["error"]
        for level, key in zip(LEVELS, ("safe", "unsafe")):
            claims = program.get("claims", {}).get(level, [])
            if base["error"]:
                outcome = ("failed-as-written", base["error"])
            elif runs["as written, again"] is not None and judge(base, runs["as written, again"], [], args.device)[0] != "identical":
                outcome = ("nondeterministic", judge(base, runs["as written, again"], [], args.device)[1])
            elif level == "all fixes" and program["variants"].get(level) is None:
                # All fixes wrote what the safe fixes wrote: no unsafe fix to judge.
                outcome = ("none", "")
            else:
                outcome = judge(base, runs[level], claims, args.device)
            entry[key] = {"outcome": outcome[0], "detail": outcome[1]}
        report["programs"][name] = entry
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    width = max((len(name) for name in report["programs"]), default=0)
    for name, entry in report["programs"].items():
        print(f"{name:<{width}}  safe: {entry['safe']['outcome']:<16} unsafe: {entry['unsafe']['outcome']:<16} {entry['safe']['detail'] or entry['unsafe']['detail']}")
    print(f"{len(jobs)} runs on {args.device} in {report['seconds']} s")


if __name__ == "__main__":
    main()
