"""Train the three- and four-player network on self-play chunks and export it.

    cd training
    /usr/bin/python3 train_multi.py --data data/mp3 data/mp4 --window 250000 --steps 2000 \\
        --out-checkpoint checkpoints/mp.pt --out-onnx models/mp-0001.onnx --model-id mp-0001 \\
        [--init checkpoints/mp.pt] [--blocks 6 --channels 48] [--check models/mp-0001.check.json]

The replay window is the newest ``--window`` samples of the ``--data``
directories (wallzero.multi_data). ``--players 4`` (or 3) trains a network
of one player count: the window holds that count's samples alone and the
export says so (``wallzero.players``), so the service serves it for that
count only (``serve -mp4-model``, models/wallzero-mp4.onnx). Without ``--init`` the network is
fresh (``--blocks`` x ``--channels``, default 6 x 48); with it, training
continues from that checkpoint: its weights, its optimizer state when the
optimizer is the same, its step counter and cumulative statistics.

Optimizer: AdamW (default, lr 2e-3) or SGD with momentum 0.9, weight decay
1e-4 on the weights (not on biases or BatchNorm), and a cosine decay of the
learning rate over the run's steps down to ``--lr-min-frac`` of ``--lr``.

Output: JSON lines on stdout: ``{"event": "start", ...}``, ``{"event":
"train", "step", "loss", "policy", "value", "lr", "samples_per_sec"}``
every ``--log-every`` steps (loss terms averaged over the interval), then
``{"event": "done", ...}``. At the end the checkpoint is written, then the
ONNX model (wallzero.multi_export) with the training summary in its
metadata, checked by onnx.checker and, when Python has onnxruntime,
compared with PyTorch. ``--check FILE`` writes random inputs and PyTorch's
outputs for the Go side's comparison.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import wallzero  # noqa: F401  (sets OMP_WAIT_POLICY before torch threads start)
import torch  # noqa: E402  (after wallzero)

from wallzero import multi_checkpoint as ckpt  # noqa: E402
from wallzero.multi_data import MultiWindow  # noqa: E402
from wallzero.multi_export import compare_onnxruntime, export_onnx, players_label, write_check  # noqa: E402
from wallzero.multi_losses import compute_losses  # noqa: E402
from wallzero.multi_model import MultiConfig, MultiNet  # noqa: E402
from wallzero.multi_symmetry import augment  # noqa: E402
from wallzero.train import make_optimizer  # noqa: E402

# The names train.make_optimizer knows the optimizers by.
OPTIMIZERS = {"adamw": "adam", "sgd": "sgd"}


def log(obj: dict[str, Any]) -> None:
    print(json.dumps(obj), flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 train_multi.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", nargs="+", required=True, metavar="DIR", help="directories of .npz chunks (searched recursively)")
    p.add_argument("--window", type=int, default=250_000, help="replay window in samples (newest)")
    p.add_argument("--players", default="3,4", help="player counts to train on and serve the model for: 3,4, 3 or 4")
    p.add_argument("--steps", type=int, required=True, help="optimizer steps to run")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--optimizer", choices=sorted(OPTIMIZERS), default="adamw")
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--lr-schedule", choices=("cosine", "constant"), default="cosine")
    p.add_argument("--lr-min-frac", type=float, default=0.05, help="cosine: final learning rate as a share of --lr")
    p.add_argument("--momentum", type=float, default=0.9, help="sgd")
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--q-weight", type=float, default=0.5, help="share of the value target from the search's q")
    p.add_argument("--init", help="checkpoint to continue from")
    p.add_argument("--out-checkpoint", required=True, help="checkpoint to write at the end")
    p.add_argument("--out-onnx", help="ONNX model to write at the end")
    p.add_argument("--model-id", help="model id in the ONNX metadata (default: --out-onnx's name without .onnx)")
    p.add_argument("--check", help="write random inputs and PyTorch's outputs to this JSON file")
    p.add_argument("--blocks", type=int, help="residual blocks of a new network (default 6)")
    p.add_argument("--channels", type=int, help="channels of a new network (default 48)")
    p.add_argument("--augment", action="store_true",
                   help="turn every sample by a random board symmetry (wallzero/multi_symmetry.py)")
    p.add_argument("--log-every", type=int, default=50)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2, help="torch.set_num_threads")
    a = p.parse_args(argv)
    if a.steps < 0 or a.batch < 1 or a.window < 1 or a.log_every < 1:
        p.error("--steps must be >= 0; --batch, --window and --log-every positive")
    if not 0 <= a.q_weight <= 1:
        p.error("--q-weight must lie in [0, 1]")
    try:
        a.players = players_label(a.players)
    except ValueError as e:
        p.error(f"--players: {e}")
    if a.model_id is None and a.out_onnx:
        a.model_id = Path(a.out_onnx).name.removesuffix(".onnx")
    if a.check and not a.model_id:
        p.error("--check needs --model-id or --out-onnx")
    return a


def build(args: argparse.Namespace) -> tuple[MultiNet, torch.optim.Optimizer, int, dict[str, Any], str]:
    """Network, optimizer, step and stats: from --init or fresh."""
    name = OPTIMIZERS[args.optimizer]
    if args.init:
        net, state = ckpt.load_model(args.init)
        for k in ("blocks", "channels"):
            want = getattr(args, k)
            if want is not None and want != getattr(net.config, k):
                raise SystemExit(f"--{k} {want} but --init {args.init} has {k}={getattr(net.config, k)}")
        opt = make_optimizer(name, net, args.lr, args.momentum, args.weight_decay)
        saved = state.get("optimizer")
        if saved and saved.get("name") == args.optimizer:
            opt.load_state_dict(saved["state"])
        for gr, wd in zip(opt.param_groups, (args.weight_decay, 0.0)):  # the command line wins
            gr["lr"], gr["weight_decay"] = args.lr, wd
            if name == "sgd":
                gr["momentum"] = args.momentum
        stats = dict(state.get("stats", {}))
        stats["init"] = str(args.init)
        return net, opt, int(state["step"]), stats, "init"
    torch.manual_seed(args.seed)
    cfg = MultiConfig(blocks=args.blocks if args.blocks is not None else MultiConfig.blocks,
                      channels=args.channels if args.channels is not None else MultiConfig.channels)
    net = MultiNet(cfg)
    return net, make_optimizer(name, net, args.lr, args.momentum, args.weight_decay), 0, {}, "fresh"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)

    t_load = time.time()
    window = MultiWindow.load(args.data, args.window, players=tuple(int(n) for n in args.players.split(",")))
    load_seconds = time.time() - t_load
    net, opt, step, stats, origin = build(args)
    start_step = step
    log({"event": "start", "origin": origin, "step": step, "steps": args.steps,
         "config": net.config.to_dict(), "parameters": sum(p.numel() for p in net.parameters()),
         "optimizer": args.optimizer, "lr": args.lr, "augment": args.augment, "batch": args.batch,
         "served_for": args.players,
         "window": len(window), "files": len(window.files), "players": window.players_count(),
         "full_fraction": round(window.full_fraction(), 4), "load_seconds": round(load_seconds, 2),
         "threads": torch.get_num_threads()})

    net.train()
    batches = window.batches(args.batch, seed=args.seed * 1_000_003 + step)
    turn = torch.Generator().manual_seed(args.seed * 1_000_003 + step)
    acc: dict[str, float] = {}
    acc_n = samples = samples_int = 0
    last: dict[str, float] = {}
    t0 = t_int = time.time()
    for i in range(args.steps):
        if args.lr_schedule == "cosine":
            f = i / max(args.steps, 1)
            lr = args.lr * (args.lr_min_frac + (1 - args.lr_min_frac) * 0.5 * (1 + math.cos(math.pi * f)))
            for gr in opt.param_groups:
                gr["lr"] = lr
        batch = next(batches)
        if args.augment:
            batch = augment(batch, turn)
        losses = compute_losses(net(batch.features), batch, q_weight=args.q_weight)
        vals = {k: v.detach().item() for k, v in losses.items()}
        if not math.isfinite(vals["total"]):
            raise FloatingPointError(f"step {step + 1}: loss is {vals['total']}")
        opt.zero_grad(set_to_none=True)
        losses["total"].backward()
        opt.step()
        step += 1
        n = batch.features.shape[0]
        samples += n
        samples_int += n
        for k, v in vals.items():
            acc[k] = acc.get(k, 0.0) + v
        acc_n += 1
        if step % args.log_every == 0 or i == args.steps - 1:
            now = time.time()
            last = {("loss" if k == "total" else k): round(v / acc_n, 5) for k, v in acc.items()}
            log({"event": "train", "step": step, **last, "lr": opt.param_groups[0]["lr"],
                 "samples_per_sec": round(samples_int / max(now - t_int, 1e-9), 1)})
            acc, acc_n, t_int, samples_int = {}, 0, now, 0
    seconds = time.time() - t0

    stats["samples"] = stats.get("samples", 0) + samples
    stats["seconds"] = round(stats.get("seconds", 0.0) + seconds, 3)
    ckpt.save(args.out_checkpoint, net, opt, args.optimizer, step, stats)
    net.eval()
    summary = {"event": "done", "step": step, "steps": step - start_step, "samples": samples,
               "seconds": round(seconds, 3), "samples_per_sec": round(samples / max(seconds, 1e-9), 1),
               "loss": last, "window": len(window), "checkpoint": str(args.out_checkpoint)}
    if args.out_onnx:
        training = {"samples": stats["samples"], "steps": step, "losses": last, "seconds": stats["seconds"],
                    "window": len(window), "players": window.players_count(), "origin": origin,
                    **({"init": str(args.init)} if args.init else {})}
        model = export_onnx(net, args.out_onnx, args.model_id, json.dumps(training), players=args.players)
        summary.update(onnx=str(args.out_onnx), onnx_bytes=Path(args.out_onnx).stat().st_size,
                       onnx_nodes=len(model.graph.node), model_id=args.model_id)
        diff = compare_onnxruntime(net, args.out_onnx)
        summary["onnxruntime_max_diff"] = diff  # None: no onnxruntime in Python, not compared
        if diff is not None and diff > 1e-3:
            raise SystemExit(f"{args.out_onnx}: ONNX Runtime's outputs differ from PyTorch's by {diff}")
    if args.check:
        write_check(net, args.check, args.model_id)
        summary["check"] = str(args.check)
    log(summary)
    return summary


if __name__ == "__main__":
    main(sys.argv[1:])
