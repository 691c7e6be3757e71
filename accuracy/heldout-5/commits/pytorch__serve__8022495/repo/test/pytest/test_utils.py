import glob
import importlib
import json
import os
import subprocess
import sys
import tempfile
import threading
from io import TextIOWrapper
from os import path
from pathlib import Path
from queue import Queue
from subprocess import PIPE, STDOUT, Popen

import requests

# To help discover margen modules
REPO_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../")
sys.path.append(REPO_ROOT)
from ts_scripts import marsgen as mg

ROOT_DIR = os.path.join(tempfile.gettempdir(), "workspace")
MODEL_STORE = path.join(ROOT_DIR, "model_store/")
CODEBUILD_WD = path.abspath(path.join(__file__, "../../.."))


class PrintTillTheEnd(threading.Thread):
    def __init__(self, queue):
        super().__init__()
        self._queue = queue

    def run(self):
        while True:
            line = self._queue.get()
            if not line:
                break
            print(line.strip())


class Tee(threading.Thread):
    def __init__(self, reader):
        super().__init__()
        self.reader = reader
        self.queue1 = Queue()
        self.queue2 = Queue()

    def run(self):
        for line in self.reader:
            self.queue1.put(line)
            self.queue2.put(line)
        self.queue1.put(None)
        self.queue2.put(None)


def start_torchserve(
    model_store=None, snapshot_file=None, no_config_snapshots=False, gen_mar=True
):
    stop_torchserve()
    crate_mar_file_table()
    cmd = ["torchserve", "--start"]
    model_store = model_store if model_store else MODEL_STORE
    if gen_mar:
        mg.gen_mar(model_store)
    cmd.extend(["--model-store", model_store])
    if snapshot_file:
        cmd.extend(["--ts-config", snapshot_file])
    if no_config_snapshots:
        cmd.extend(["--no-config-snapshots"])
    print(cmd)

    p = Popen(cmd, stdin=PIPE, stdout=PIPE, stderr=STDOUT)
    for line in p.stdout:
        print(line.decode("utf8").strip())
        if "Model server started" in str(line).strip():
            break

    splitter = Tee(TextIOWrapper(p.stdout))
    splitter.start()
    print_thread = PrintTillTheEnd(splitter.queue1)
    print_thread.start()

    return splitter.queue2


def stop_torchserve():
    subprocess.run(["torchserve", "--stop", "--foreground"])


def delete_all_snapshots():
    for f in glob.glob("logs/config/*"):
        os.remove(f)
    assert len(glob.glob("logs/config/*")) == 0


def delete_model_store(model_store=None):
    """Removes all model mar files from model store"""
    model_store = model_store if model_store else MODEL_STORE
    for f in glob.glob(model_store + "/*.mar"):
        os.remove(f)


def torchserve_cleanup():
    stop_torchserve()
    delete_model_store()
    delete_all_snapshots()


def register_model(model_name, url):
    params = (
        ("model_name", model_name),
        ("url", url),
        ("initial_workers", "1"),
        ("synchronous", "true"),
    )
    return register_model_with_params(params)


def register_model_with_params(params):
    response = requests.post("http://localhost:8081/models", params=params)
    return response


def unregister_model(model_name):
    response = requests.delete("http://localhost:8081/models/{}".format(model_name))
    return response


def delete_mar_file_from_model_store(model_store=None, model_mar=None):
    model_store = (
        model_store
        if (model_store is not None)
        else os.path.join(ROOT_DIR, "model_store")
    )
    if model_mar is not None:
        for f in glob.glob(path.join(model_store, model_mar + "*")):
            os.remove(f)


environment_json = "../postman/environment.json"
mar_file_table = {}


def crate_mar_file_table():
    if not mar_file_table:
        with open(
            os.path.join(os.path.dirname(__file__), *environment_json.split("/")), "rb"
        ) as f:
            env = json.loads(f.read())
        for item in env["values"]:
            if item["key"].startswith("mar_path_"):
                mar_file_table[item["key"]] = item["value"]


def model_archiver_command_builder(
    model_name=None,
    version=None,
    model_file=None,
    serialized_file=None,
    handler=None,
    extra_files=None,
    force=False,
    config_file=None,
):
    # Initialize a list to store the command-line arguments
    cmd_parts = ["torch-model-archiver"]

    # Append arguments to the list
    if model_name:
        cmd_parts.append(f"--model-name {model_name}")

    if version:
        cmd_parts.append(f"--version {version}")

    if model_file:
        cmd_parts.append(f"--model-file {model_file}")

    if serialized_file:
        cmd_parts.append(f"--serialized-file {serialized_file}")

    if handler:
        cmd_parts.append(f"--handler {handler}")

    if extra_files:
        cmd_parts.append(f"--extra-files {extra_files}")

    if config_file:
        cmd_parts.append(f"--config-file {config_file}")

    if force:
        cmd_parts.append("--force")

    # Append the export-path argument to the list
    cmd_parts.append(f"--export-path {MODEL_STORE}")

    # Convert the list into a string to represent the complete command
    cmd = " ".join(cmd_parts)

    return cmd


def load_module_from_py_file(py_file: str) -> object:
    """
    This method loads a module from a py file which is not in the Python path
    """
    module_name = Path(py_file).name
    loader = importlib.machinery.SourceFileLoader(module_name, py_file)
    spec = importlib.util.spec_from_loader(module_name, loader)
    module = importlib.util.module_from_spec(spec)

    loader.exec_module(module)

    return module


def cleanup_model_store(model_store=None):
    # rm -rf $MODEL_STORE_DIR / *
    for f in glob.glob(os.path.join(model_store, "*")):
        os.remove(f)
