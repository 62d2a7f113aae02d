#!/usr/bin/env bash
# Makes sure Debian's Python stack for the learner is installed: PyTorch
# (python3-torch), onnx, numpy, pytest and the OpenMP OpenBLAS. There is no
# PyPI here: everything comes from apt. Installs when run as root, otherwise
# says what is missing.
set -euo pipefail
pkgs="python3-torch python3-onnx python3-numpy python3-pytest libopenblas0-openmp"
if /usr/bin/python3 -c 'import torch, onnx, numpy, pytest' 2>/dev/null && [ -e /usr/lib/x86_64-linux-gnu/openblas-openmp ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "python-deps: missing Debian packages; run as root: apt-get install -y $pkgs" >&2
  exit 1
fi
echo "python-deps: installing $pkgs (apt)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null
