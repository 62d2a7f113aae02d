"""Train a network of either player format on the replay window of
self-play data directories, and optionally export it.

    cd training
    /usr/bin/python3 -m wallzero.train --data ../training/data --checkpoint ckpt/latest.pt \\
        --steps 500 --batch 256 --lr 0.02 --window 250000 [--init parent.pt] [--blocks 6 --channels 64]
    /usr/bin/python3 -m wallzero.train --players 4 --data data/mp3 data/mp4 --window 250000 --steps 2000 \\
        [--checkpoint checkpoints/mp.pt] --out-checkpoint checkpoints/mp-0002.pt \\
        --out-onnx models/mp-0002.onnx [--check models/mp-0002.check.json] [--augment]

``--format two`` (the default) trains the two-player network; ``--format
multi`` or ``--players 3,4`` (or 3, or 4) the three- and four-player one
(contract.Format). With one player count the window holds that count's
samples alone and the export says so (``wallzero.players``), so the
service serves it for that count only. The format sets the defaults: the
two-player learner uses SGD (lr 0.02) at a constant learning rate and a
6 x 64 network, the multi-player one AdamW (lr 2e-3) with a cosine decay
and a 6 x 48 network. ``--augment`` turns every multi-player sample by a
random board symmetry (wallzero.symmetry).

Resumable: when ``--checkpoint`` exists the model, optimizer and step are
loaded from it and training continues (``--blocks/--channels`` must then
match or be omitted, ``--init`` is ignored); the checkpoint is written
back there, or to ``--out-checkpoint``. Otherwise the network is built
from ``--init`` (weights only, fresh optimizer) or freshly initialised.
``--out-onnx`` exports the network at the end (wallzero.export) with the
training summary in its metadata, compared with ONNX Runtime when Python
has it; ``--check`` writes random inputs and PyTorch's outputs for the Go
side's comparison.

``--steps N`` runs N more steps; ``--until-step T`` instead runs until the
checkpoint's step counter reaches T (idempotent after a crash). The
checkpoint is saved every ``--save-every`` steps, at the end, and on Ctrl-C.

Output: JSON lines on stdout, one ``{"event": "start", ...}``, one
``{"event": "train", "step": .., "loss": .., "policy": .., "value": ..,
"ownership": .., "margin": .., "lr": .., "samples_per_sec": ..}`` (two
players; the multi-player loss has policy and value alone) every
``--log-every`` steps (loss terms averaged over the interval) and a final
``{"event": "done", ...}`` summary (also written to ``--summary-out``).

Streaming (GPU) training: ``--follow`` trains while self-play still writes
into ``--data``: new chunk files are loaded every ``--reload-seconds``,
training waits until ``--min-samples`` exist and never uses more than
``--max-reuse`` training samples per sample generated so far (KataGo's
fixed ratio of training rows to data rows, so a fast learner does not
overfit the first games). ``--seconds`` bounds the run by time, and
``--lr-schedule cosine`` anneals the learning rate to ``--lr-min-frac`` of
``--lr`` over the run (by steps or by time, whichever is further along).
On a CUDA device the window lives on the GPU (``data.DeviceWindow``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import torch

from . import checkpoint as ckpt
from .contract import TWO, get_format
from .data import DeviceWindow, ReplayWindow
from .export import compare_onnxruntime, export_onnx, players_label, write_check
from .losses import LossWeights, compute_losses
from .model import WallZeroNet, count_parameters, default_config
from .symmetry import augment

DEFAULT_LR = {"sgd": 0.02, "adam": 1e-3, "adamw": 1e-3}
# The multi-player learner's default learning rate, whatever the optimizer.
MULTI_LR = 2e-3
# "adam" and "adamw" both name AdamW (the two learners' names for it), so
# either continues the other's optimizer state.
OPTIMIZER_KIND = {"sgd": "sgd", "adam": "adam", "adamw": "adam"}


def log(obj: dict[str, Any]) -> None:
    """One JSON line on stdout."""
    print(json.dumps(obj, sort_keys=False), flush=True)


def make_optimizer(name: str, net: WallZeroNet, lr: float, momentum: float, weight_decay: float):
    """SGD (momentum, nesterov off) or Adam(W). Weight decay applies to the
    conv and linear weights, not to biases or BatchNorm parameters."""
    decay = [p for p in net.parameters() if p.ndim > 1]
    no_decay = [p for p in net.parameters() if p.ndim <= 1]
    groups = [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    kind = OPTIMIZER_KIND.get(name)
    if kind == "sgd":
        return torch.optim.SGD(groups, lr=lr, momentum=momentum)
    if kind == "adam":
        return torch.optim.AdamW(groups, lr=lr)
    raise ValueError(f"unknown optimizer {name!r}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, with the format's defaults filled in (``fmt``,
    ``optimizer``, ``lr``, ``lr_schedule``, ``players``)."""
    p = argparse.ArgumentParser(prog="python3 -m wallzero.train", description=__doc__.split("\n\n")[0])
    p.add_argument("--format", choices=("two", "multi"), help="player format (default from --players, else two)")
    p.add_argument("--players", help="2, or 3,4, 3 or 4: the format, and the player counts a multi-player "
                   "network trains on and is served for")
    p.add_argument("--data", required=True, nargs="+", metavar="DIR",
                   help="directories of .npz chunks (searched recursively)")
    p.add_argument("--checkpoint", help="checkpoint to resume from (when it exists) and save to")
    p.add_argument("--out-checkpoint", help="save here instead of --checkpoint")
    p.add_argument("--init", help="checkpoint to take initial weights from when --checkpoint does not exist")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--steps", type=int, help="optimizer steps to run now")
    g.add_argument("--until-step", type=int, help="run until the checkpoint's step counter reaches this")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--optimizer", choices=sorted(OPTIMIZER_KIND),
                   help="sgd (default with two players) or adam/adamw (AdamW, default with more)")
    p.add_argument("--lr", type=float,
                   help="learning rate (default 0.02 for sgd, 0.001 for adam; 0.002 with more than two players)")
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--window", type=int, default=250_000, help="replay window in samples (newest)")
    p.add_argument("--blocks", type=int, help="residual blocks of a new network (default 6)")
    p.add_argument("--channels", type=int, help="channels of a new network (default 64; 48 with more than two players)")
    p.add_argument("--log-every", type=int, default=50)
    p.add_argument("--save-every", type=int, default=500)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2, help="torch.set_num_threads")
    p.add_argument("--device", default="cpu", help="torch device (cpu, cuda); checkpoints are loadable on CPU")
    p.add_argument("--summary-out", help="also write the final summary JSON here")
    p.add_argument("--q-mix", "--q-weight", type=float, default=0.5,
                   help="share of the value target from the search's q (the rest from the game result)")
    p.add_argument("--augment", action="store_true",
                   help="multi-player: turn every sample by a random board symmetry (wallzero/symmetry.py)")
    p.add_argument("--out-onnx", help="ONNX model to export at the end")
    p.add_argument("--model-id", help="model id in the ONNX metadata (default: --out-onnx's name without .onnx)")
    p.add_argument("--check", help="write random inputs and PyTorch's outputs to this JSON file")
    p.add_argument("--seconds", type=float, help="stop after this many seconds of training")
    p.add_argument("--lr-schedule", choices=("constant", "cosine"),
                   help="default constant with two players, cosine with more")
    p.add_argument("--lr-min-frac", type=float, default=0.05, help="cosine: final learning rate as a share of --lr")
    p.add_argument("--follow", action="store_true", help="--data is still being written: keep loading new chunks")
    p.add_argument("--reload-seconds", type=float, default=30.0, help="--follow: how often to look for new chunks")
    p.add_argument("--min-samples", type=int, default=1, help="--follow: wait until the window holds this many")
    p.add_argument("--max-reuse", type=float, default=0.0,
                   help="--follow: at most this many training samples per sample generated (0: no limit)")
    a = p.parse_args(argv)
    try:
        a.fmt = get_format(a.format or a.players or "two")
        if a.players and get_format(a.players) != a.fmt:
            p.error(f"--players {a.players} is not the {a.fmt.name}-player format")
        a.players = "2" if a.fmt == TWO else players_label(a.players or a.fmt.players)
    except ValueError as e:
        p.error(f"--players: {e}")
    multi = a.fmt != TWO
    if a.optimizer is None:
        a.optimizer = "adamw" if multi else "sgd"
    if a.lr is None:
        a.lr = MULTI_LR if multi else DEFAULT_LR[a.optimizer]
    if a.lr_schedule is None:
        a.lr_schedule = "cosine" if multi else "constant"
    if a.steps is None and a.until_step is None and a.seconds is None:
        p.error("one of --steps, --until-step or --seconds is required")
    if (a.steps is not None and a.steps < 0) or a.batch < 1 or a.window < 1 or a.log_every < 1:
        p.error("--steps must be >= 0; --batch, --window and --log-every positive")
    if not 0 <= a.q_mix <= 1:
        p.error("--q-mix must lie in [0, 1]")
    if not (a.checkpoint or a.out_checkpoint):
        p.error("--checkpoint or --out-checkpoint is required")
    a.out_checkpoint = a.out_checkpoint or a.checkpoint
    if a.augment and not multi:
        p.error("--augment: the two-player chunks are turned by self-play; there are no tables here")
    if (a.follow or a.device != "cpu") and len(a.data) > 1:
        p.error("--follow and a --device window read one --data directory")
    if (a.follow or a.device != "cpu") and a.players not in ("2", "3,4"):
        p.error("--follow and a --device window keep every player count: --players 3 or 4 needs the CPU window")
    if a.model_id is None and a.out_onnx:
        a.model_id = Path(a.out_onnx).name.removesuffix(".onnx")
    if a.check and not a.model_id:
        p.error("--check needs --model-id or --out-onnx")
    return a


def build(args: argparse.Namespace):
    """Network, optimizer, step and stats, from the checkpoint, --init or fresh."""
    path = Path(args.checkpoint) if args.checkpoint else None
    if path is not None and path.exists():
        net, state = ckpt.load_model(path, args.fmt)
        net.to(args.device)
        cfg = net.config
        for k in ("blocks", "channels"):
            want = getattr(args, k)
            if want is not None and want != getattr(cfg, k):
                raise SystemExit(f"--{k} {want} but checkpoint {path} has {k}={getattr(cfg, k)}")
        opt = make_optimizer(args.optimizer, net, args.lr, args.momentum, args.weight_decay)
        saved = state.get("optimizer")
        if saved and OPTIMIZER_KIND.get(saved.get("name")) == OPTIMIZER_KIND[args.optimizer]:
            opt.load_state_dict(saved["state"])
        elif saved:
            log({"event": "warning", "message": f"optimizer changed from {saved.get('name')} to {args.optimizer}: fresh optimizer state"})
        for gr in opt.param_groups:  # the command line wins over the saved hyper-parameters
            gr["lr"] = args.lr
            if OPTIMIZER_KIND[args.optimizer] == "sgd":
                gr["momentum"] = args.momentum
        for gr, wd in zip(opt.param_groups, (args.weight_decay, 0.0)):
            gr["weight_decay"] = wd
        stats = dict(state.get("stats", {}))
        if Path(args.out_checkpoint) != path:
            stats["init"] = str(path)  # continued into another checkpoint
        return net, opt, int(state["step"]), stats, "resume"
    if args.init:
        net, state = ckpt.load_model(args.init, args.fmt)
        for k in ("blocks", "channels"):
            want = getattr(args, k)
            if want is not None and want != getattr(net.config, k):
                raise SystemExit(f"--{k} {want} but --init {args.init} has {k}={getattr(net.config, k)}")
        stats = {"init": str(args.init)}
        origin = "init"
    else:
        torch.manual_seed(args.seed)
        net = WallZeroNet(default_config(args.fmt, args.blocks, args.channels), args.fmt)
        stats, origin = {}, "fresh"
    net.to(args.device)
    opt = make_optimizer(args.optimizer, net, args.lr, args.momentum, args.weight_decay)
    return net, opt, 0, stats, origin


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)

    t_load = time.time()
    on_device = args.device != "cpu"
    counts = tuple(int(n) for n in args.players.split(","))
    if args.follow or on_device:
        window = DeviceWindow(args.data[0], args.window, args.device, args.fmt)
        window.refresh()
        while args.follow and len(window) < args.min_samples:
            time.sleep(min(5.0, args.reload_seconds))
            window.refresh()
        if not len(window):
            raise SystemExit(f"{args.data}: no samples")
    else:
        window = ReplayWindow.load(args.data, args.window, args.fmt, None if args.fmt == TWO else counts)
    load_seconds = time.time() - t_load
    if on_device and torch.cuda.is_available():
        torch.backends.cudnn.benchmark = True

    net, opt, step, stats, origin = build(args)
    start_step = step
    if args.until_step is not None:
        target = args.until_step
    elif args.steps is not None:
        target = step + args.steps
    else:
        target = None  # --seconds alone
    log({
        "event": "start", "format": args.fmt.name, "origin": origin, "step": step, "target_step": target,
        "config": net.config.to_dict(), "parameters": count_parameters(net),
        "optimizer": args.optimizer, "lr": args.lr, "batch": args.batch,
        "window": len(window), "files": len(window.files),
        "full_fraction": round(window.full_fraction(), 4), "load_seconds": round(load_seconds, 2),
        "threads": torch.get_num_threads(), "device": str(args.device),
        **({} if args.fmt == TWO else {"augment": args.augment, "served_for": args.players,
                                       "players": window.players_count()}),
    })

    weights = LossWeights(q_mix=args.q_mix)
    net.train()
    batches = window.batches(args.batch, seed=args.seed * 1_000_003 + step)
    turn = torch.Generator().manual_seed(args.seed * 1_000_003 + step)  # --augment's symmetries
    acc: dict[str, float] = {}
    acc_n = 0
    last: dict[str, float] = {}
    samples = 0
    t0 = t_int = t_reload = time.time()
    samples_int = 0
    waited = 0.0

    def progress() -> float:
        """How far along the run is, 0..1, by steps or time."""
        f = 0.0
        if target is not None and target > start_step:
            f = (step - start_step) / (target - start_step)
        if args.seconds:
            f = max(f, (time.time() - t0) / args.seconds)
        return min(1.0, f)

    def finished() -> bool:
        return (target is not None and step >= target) or (
            args.seconds is not None and time.time() - t0 >= args.seconds)

    def save():
        stats_now = dict(stats)
        stats_now["samples"] = stats.get("samples", 0) + samples
        stats_now["seconds"] = round(stats.get("seconds", 0.0) + (time.time() - t0), 3)
        ckpt.save(args.out_checkpoint, net, opt, args.optimizer, step, stats_now)
        return stats_now

    try:
        while not finished():
            if args.follow:
                now = time.time()
                if now - t_reload >= args.reload_seconds:
                    window.refresh()
                    t_reload = now
                if args.max_reuse and samples >= args.max_reuse * window.total_seen:
                    time.sleep(1.0)  # wait for self-play
                    waited += 1.0
                    t_reload = 0.0
                    continue
            if args.lr_schedule == "cosine":
                lr = args.lr * (args.lr_min_frac + (1 - args.lr_min_frac) * 0.5 * (1 + math.cos(math.pi * progress())))
                for gr in opt.param_groups:
                    gr["lr"] = lr
            batch = next(batches)
            if args.augment:
                batch = augment(batch, turn)
            out = net(batch.features)
            losses = compute_losses(out, batch, weights)
            vals = {k: v.detach().item() for k, v in losses.items()}
            if not math.isfinite(vals["total"]):
                # Not saved: the checkpoint keeps the last good state.
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
            if step % args.log_every == 0 or finished():
                now = time.time()
                last = {k: v / acc_n for k, v in acc.items()}
                log({"event": "train", "step": step,
                     **{("loss" if k == "total" else k): round(v, 5) for k, v in last.items()},
                     "lr": opt.param_groups[0]["lr"],
                     "samples_per_sec": round(samples_int / max(now - t_int, 1e-9), 1)})
                acc, acc_n, t_int, samples_int = {}, 0, now, 0
            if args.save_every and step % args.save_every == 0 and not finished():
                save()
    except KeyboardInterrupt:
        log({"event": "interrupted", "step": step})
    if acc_n:  # steps since the last log line (a time limit ended the run)
        last = {k: v / acc_n for k, v in acc.items()}
    saved = save()

    seconds = time.time() - t0
    summary = {
        "event": "done", "step": step, "steps": step - start_step, "samples": samples,
        "window": len(window), "files": len(window.files),
        "samples_generated": getattr(window, "total_seen", len(window)), "waited_seconds": waited,
        "seconds": round(seconds, 3), "samples_per_sec": round(samples / max(seconds, 1e-9), 1),
        "loss": {k: round(v, 5) for k, v in last.items()},
        "config": net.config.to_dict(), "checkpoint": str(args.out_checkpoint),
    }
    if args.out_onnx:
        summary.update(export(args, net, step, saved, summary, window.players_count(), origin))
    if args.check:
        net.eval()
        write_check(net, args.check, args.model_id)
        summary["check"] = str(args.check)
    log(summary)
    if args.summary_out:
        Path(args.summary_out).write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def export(args: argparse.Namespace, net: WallZeroNet, step: int, stats: dict[str, Any],
           summary: dict[str, Any], players: dict[str, int], origin: str) -> dict[str, Any]:
    """Export the trained network to ``--out-onnx`` with the training
    summary in its metadata, and compare ONNX Runtime's outputs with
    PyTorch's where Python has it; returns the summary's export fields."""
    net.eval()
    training = {"samples": stats["samples"], "steps": step,
                "losses": {("loss" if k == "total" else k): v for k, v in summary["loss"].items()},
                "seconds": stats["seconds"], "window": summary["window"], "origin": origin,
                **({} if args.fmt == TWO else {"players": players}),
                **({"init": stats["init"]} if "init" in stats else {})}
    model = export_onnx(net, args.out_onnx, args.model_id, json.dumps(training),
                        None if args.fmt == TWO else args.players)
    diff = compare_onnxruntime(net, args.out_onnx)  # None: no onnxruntime in Python, not compared
    if diff is not None and diff > 1e-3:
        raise SystemExit(f"{args.out_onnx}: ONNX Runtime's outputs differ from PyTorch's by {diff}")
    return {"onnx": str(args.out_onnx), "onnx_bytes": Path(args.out_onnx).stat().st_size,
            "onnx_nodes": len(model.graph.node), "model_id": args.model_id, "onnxruntime_max_diff": diff}


if __name__ == "__main__":
    main(sys.argv[1:])
