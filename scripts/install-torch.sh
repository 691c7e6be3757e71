#!/usr/bin/env bash
# Makes sure some Python on this machine can `import torch` and `import torchvision`, installing
# Debian's CPU builds (python3-torch, python3-torchvision) with apt-get when none can: the estimate's
# training programs build torchvision models. Prints the interpreter that works on its last line.
#
# The python3 first on PATH is often a pyenv or venv interpreter that cannot see Debian's
# dist-packages, so after installing we also look for Debian's own python3 in the system bin
# folders. OOMLINT_PYTHON, when set, is tried first.
set -euo pipefail

SYSTEM_PATH="/usr/local/bin:/usr/bin:/bin"

candidate_pythons() {
  if [[ -n "${OOMLINT_PYTHON:-}" ]]; then
    printf '%s\n' "$OOMLINT_PYTHON"
  fi
  command -v python3 || true
  PATH="$SYSTEM_PATH" command -v python3 || true
}

find_python_with_torch() {
  local python
  while IFS= read -r python; do
    [[ -z "$python" ]] && continue
    if "$python" -c 'import torch, torchvision' >/dev/null 2>&1; then
      printf '%s\n' "$python"
      return 0
    fi
  done < <(candidate_pythons)
  return 1
}

if python="$(find_python_with_torch)"; then
  echo "torch and torchvision already importable" >&2
  printf '%s\n' "$python"
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "no Python with torch and torchvision found, and installing them needs root" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3-torch python3-torchvision

if python="$(find_python_with_torch)"; then
  printf '%s\n' "$python"
  exit 0
fi
echo "python3-torch and python3-torchvision installed, but no python3 found that imports both" >&2
exit 1
