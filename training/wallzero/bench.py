"""Training throughput benchmark on synthetic data (no files needed).

    cd training
    /usr/bin/python3 -m wallzero.bench --blocks 6 --channels 64 --batch 256 --steps 20

Times full optimizer steps (batch assembly from a packed in-memory window,
forward, the four losses, backward, SGD step) after ``--warmup`` steps, and
prints one JSON line with samples/sec, plus the torch/BLAS setup so that runs
under different environments can be compared, and ``other_cpu_cores``: CPU
used by other processes meanwhile (a run with more than ~0.1 was disturbed;
with OpenMP's busy-waiting threads even a little contention costs a lot).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np
import torch

from . import contract as C
from .data import ReplayWindow, check_arrays, pack_features
from .losses import compute_losses
from .model import ModelConfig, WallZeroNet, count_parameters
from .train import make_optimizer


def synthetic_window(n: int, seed: int = 0) -> ReplayWindow:
    rng = np.random.default_rng(seed)
    x = (rng.random((n, C.FEATURE_SIZE)) < 0.25).astype(np.uint8)
    pol = rng.random((n, C.NUM_ACTIONS)).astype(np.float32)
    pol /= pol.sum(1, keepdims=True)
    chunk = check_arrays(dict(  # check_arrays fills the optional arrays
        features=pack_features(x),
        policy=pol.astype(np.float16),
        full=(rng.random(n) < 0.5).astype(np.uint8),
        value=rng.integers(-1, 2, n).astype(np.int8),
        ownership=rng.integers(-1, 2, (n, C.SQUARES)).astype(np.int8),
        margin=rng.normal(0, 8, n).astype(np.float32),
    ), "synthetic")
    return ReplayWindow(chunk, [])


def blas_info() -> str:
    """Which libblas the process mapped (from /proc/self/maps)."""
    try:
        with open("/proc/self/maps") as f:
            libs = sorted({l.split()[-1] for l in f if "blas" in l or "lapack" in l})
        return ",".join(libs)
    except OSError:
        return "?"


def _cpu_busy_seconds() -> float:
    """Busy CPU seconds of the whole machine so far (/proc/stat), or nan."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        idle = v[3] + v[4]  # idle + iowait
        return (sum(v[:8]) - idle) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(prog="python3 -m wallzero.bench")
    p.add_argument("--blocks", type=int, default=6)
    p.add_argument("--channels", type=int, default=64)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--window", type=int, default=4096)
    p.add_argument("--device", default="cpu", help="torch device, e.g. cuda")
    p.add_argument("--forward-only", action="store_true", help="time inference (eval, no grad) instead")
    a = p.parse_args(argv)
    torch.set_num_threads(a.threads)
    torch.manual_seed(0)
    dev = torch.device(a.device)
    net = WallZeroNet(ModelConfig(blocks=a.blocks, channels=a.channels)).to(dev)
    opt = make_optimizer("sgd", net, 0.02, 0.9, 1e-4)
    batches = synthetic_window(max(a.window, a.batch)).batches(a.batch)

    def step():
        b = next(batches)
        if dev.type != "cpu":
            b = type(b)(*(t.to(dev, non_blocking=True) for t in b))
        if a.forward_only:
            with torch.no_grad():
                net(b.features)
            return
        l = compute_losses(net(b.features), b)
        opt.zero_grad(set_to_none=True)
        l["total"].backward()
        opt.step()

    net.eval() if a.forward_only else net.train()
    for _ in range(a.warmup):
        step()
    busy0, own0 = _cpu_busy_seconds(), sum(os.times()[:2])
    t = time.perf_counter()
    for _ in range(a.steps):
        step()
    if dev.type == "cuda":
        torch.cuda.synchronize()
    dt = time.perf_counter() - t
    # CPU used by other processes during the run, in cores: > ~0.1 means the
    # measurement was disturbed.
    others = max(0.0, (_cpu_busy_seconds() - busy0) - (sum(os.times()[:2]) - own0)) / dt
    res = {
        "event": "bench", "mode": "forward" if a.forward_only else "train",
        "blocks": a.blocks, "channels": a.channels, "parameters": count_parameters(net),
        "device": str(dev), "batch": a.batch, "steps": a.steps, "seconds": round(dt, 3),
        "samples_per_sec": round(a.steps * a.batch / dt, 1), "threads": torch.get_num_threads(),
        "other_cpu_cores": round(others, 2),
        "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY", "(libgomp default)"),
        "glibc_tunables": os.environ.get("GLIBC_TUNABLES", ""), "blas": blas_info(),
    }
    print(json.dumps(res), flush=True)
    return res


if __name__ == "__main__":
    main(sys.argv[1:])
