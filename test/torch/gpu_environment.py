"""What the GPU scripts of this folder record about the machine they ran on, and how they save reports."""

import datetime
import json
import platform
import subprocess

import torch


def driver_version():
    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=30, check=True,
        )
        return out.stdout.strip().splitlines()[0]
    except (OSError, subprocess.SubprocessError, IndexError):
        return None


def environment(device):
    info = {
        "date_utc": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "cudnn": torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None,
        "device": str(device),
    }
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        info["gpu"] = props.name
        info["gpu_total_memory_bytes"] = props.total_memory
        info["driver"] = driver_version()
    return info


def save_report(report, path):
    """Writes the report as JSON to `path` (when given) and returns the text."""
    text = json.dumps(report, indent=1)
    if path:
        with open(path, "w") as f:
            f.write(text + "\n")
    return text
