"""Distil a WallZero network into a smaller one (a cheaper evaluation).

    cd training
    /usr/bin/python3 distill.py --teacher ../models/wallzero.onnx --data DIR \\
        --blocks 6 --channels 48 --minutes 35 --out ckpt/student.pt \\
        --export student.onnx --model-id wz-0012-d6x48

The teacher is the shipped ONNX model, rebuilt as a PyTorch network
(onnx_to_checkpoint.rebuild). The student starts from the teacher's own
weights, pruned: the residual stream keeps the ``--channels`` channels
whose weights carry the most (the L2 norm of what each writes into the
stream, summed over the stem and every block), each block keeps as many
inner channels by the same measure, and the heads read the kept stream
channels. Its batch-norm layers are then re-expressed with statistics
measured on real positions, as when continuing from an ONNX file. With
``--blocks`` below the teacher's, the blocks whose residual branches write
the least are dropped.

Training matches the teacher's outputs on the positions of ``--data`` (any
.npz chunks, e.g. ``wallzero selfplay`` with few visits and many sampled
plies for variety; their own targets are not used): the policy by the
cross-entropy of the teacher's softmax, the value by the cross-entropy of
its (win, draw, loss) probabilities, the margin by Huber loss and the
ownership by squared error of the tanh outputs. Every ``--log-every`` steps
a JSON line reports the losses and, on held-out positions, the policy's
top-1 agreement and the mean value error against the teacher.

The teacher's outputs for every training position are computed once, at
the start (the policy logits are kept as float16), so a training step runs
only the student, not the teacher on every batch as
``--teacher-every-step`` still does (it needs no memory for the targets;
docs/notes/2026-12-01-distilled-students.md has the cost of each).

Whether the student may replace the teacher is decided in Go, not here:
``wallzero bench compare`` (agreement, errors, speed) and a match at equal
visits (docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

import wallzero  # noqa: F401  (sets OMP_WAIT_POLICY before torch threads start)
import torch  # noqa: E402  (after wallzero)
import torch.nn.functional as F  # noqa: E402

from onnx_to_checkpoint import calibrate, load_features, rebuild  # noqa: E402
from wallzero import checkpoint  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.data import ReplayWindow, unpack_features  # noqa: E402
from wallzero.export import export_onnx, normalise_training_json  # noqa: E402
from wallzero.model import ModelConfig, RawOutputs, WallZeroNet  # noqa: E402


def log(obj: dict) -> None:
    print(json.dumps(obj), flush=True)


def stream_importance(t: WallZeroNet) -> torch.Tensor:
    """How much each residual-stream channel is written: the L2 norms of
    the stem's and of every block's second convolution's output filters."""
    imp = t.stem[0].weight.flatten(1).norm(dim=1)
    for blk in t.blocks:
        imp = imp + blk.b[0].weight.flatten(1).norm(dim=1)
    return imp


def inner_importance(blk) -> torch.Tensor:
    """How much each inner channel of a block carries: the norm of its
    filter in the first convolution times the norm of what the second
    convolution reads from it."""
    return blk.a[0].weight.flatten(1).norm(dim=1) * blk.b[0].weight.transpose(0, 1).flatten(1).norm(dim=1)


def copy_bn(dst: torch.nn.BatchNorm2d, src: torch.nn.BatchNorm2d, idx: torch.Tensor) -> None:
    for name in ("weight", "bias", "running_mean", "running_var"):
        getattr(dst, name).copy_(getattr(src, name)[idx])


def prune(teacher: WallZeroNet, blocks: int, channels: int, kept_blocks: list[int] | None = None,
          inner: int = 0) -> WallZeroNet:
    """A student of the given size initialised from the teacher's weights
    (see the module comment). kept_blocks, when given, names the teacher's
    blocks the student keeps (in order); by default those whose residual
    branches write the most. inner is the width inside each block (0: the
    same as channels)."""
    tc = teacher.config
    inner = inner or channels
    if blocks > tc.blocks or channels > tc.channels or inner > tc.inner_channels:
        raise SystemExit(f"student {blocks}x{channels} (inner {inner}) is larger than the teacher "
                         f"{tc.blocks}x{tc.channels} (inner {tc.inner_channels})")
    cfg = ModelConfig(blocks=blocks, channels=channels, policy_channels=tc.policy_channels,
                      value_channels=tc.value_channels, value_hidden=tc.value_hidden, inner_channels=inner)
    s = WallZeroNet(cfg)
    with torch.no_grad():
        keep = torch.sort(torch.topk(stream_importance(teacher), channels).indices).values
        if kept_blocks is None:
            # Blocks ranked by what their residual branch writes.
            strength = torch.stack([blk.b[0].weight.norm() for blk in teacher.blocks])
            kept_blocks = sorted(torch.topk(strength, blocks).indices.tolist())
        if len(kept_blocks) != blocks:
            raise SystemExit(f"kept blocks {kept_blocks}: want {blocks}")

        s.stem[0].weight.copy_(teacher.stem[0].weight[keep])
        copy_bn(s.stem[1], teacher.stem[1], keep)
        for sb, ti in zip(s.blocks, kept_blocks):
            tb = teacher.blocks[ti]
            kept_inner = torch.sort(torch.topk(inner_importance(tb), inner).indices).values
            sb.a[0].weight.copy_(tb.a[0].weight[kept_inner][:, keep])
            copy_bn(sb.a[1], tb.a[1], kept_inner)
            sb.b[0].weight.copy_(tb.b[0].weight[keep][:, kept_inner])
            copy_bn(sb.b[1], tb.b[1], keep)
        s.policy_conv[0].weight.copy_(teacher.policy_conv[0].weight[:, keep])
        copy_bn(s.policy_conv[1], teacher.policy_conv[1], torch.arange(tc.policy_channels))
        s.policy_out.load_state_dict(teacher.policy_out.state_dict())
        s.value_conv[0].weight.copy_(teacher.value_conv[0].weight[:, keep])
        copy_bn(s.value_conv[1], teacher.value_conv[1], torch.arange(tc.value_channels))
        for name in ("value_fc", "value_out", "margin_out"):
            getattr(s, name).load_state_dict(getattr(teacher, name).state_dict())
        s.ownership_out.weight.copy_(teacher.ownership_out.weight[:, keep])
        s.ownership_out.bias.copy_(teacher.ownership_out.bias)
    return s


def measured_blocks(teacher: WallZeroNet, blocks: int, x: torch.Tensor) -> tuple[list[int], list[dict]]:
    """The teacher's blocks to keep, chosen by measurement: blocks are
    dropped one at a time, each time the one whose removal (all channels
    kept) leaves the network closest to the teacher on the positions x
    (top-1 policy agreement first, then the smaller value error). Returns
    the kept blocks and, per drop, every candidate's figures."""
    kept = list(range(teacher.config.blocks))
    trials = []
    while len(kept) > blocks:
        scores = []
        for b in kept:
            rest = [k for k in kept if k != b]
            cand = prune(teacher, len(rest), teacher.config.channels, rest)
            scores.append({"drop": b, **agreement(cand, teacher, x)})
        best = max(scores, key=lambda r: (r["top1_agreement"], -r["value_error"]))
        trials.append({"kept": list(kept), "candidates": scores, "dropped": best["drop"]})
        kept.remove(best["drop"])
    return kept, trials


def distill_losses(out: RawOutputs, target: RawOutputs) -> dict[str, torch.Tensor]:
    """The four distillation terms and their sum (weights as in training)."""
    policy = -(F.softmax(target.policy, dim=1) * F.log_softmax(out.policy, dim=1)).sum(dim=1).mean()
    value = -(F.softmax(target.value, dim=1) * F.log_softmax(out.value, dim=1)).sum(dim=1).mean()
    ownership = ((torch.tanh(out.ownership) - torch.tanh(target.ownership)) ** 2).sum(dim=1).mean() / C.SQUARES
    margin = F.smooth_l1_loss(out.margin, target.margin, beta=1.0)
    total = policy + value + 1.5 * ownership + 0.5 * margin
    return {"total": total, "policy": policy, "value": value, "ownership": ownership, "margin": margin}


class Targets:
    """The teacher's raw outputs for every position of a chunk, computed
    once; the policy logits as float16 (their rounding, about 0.01 at the
    largest logits, is far below what distillation resolves)."""

    def __init__(self, teacher: WallZeroNet, features: np.ndarray, batch: int = 1024):
        n = len(features)
        self.policy = np.empty((n, C.NUM_ACTIONS), dtype=np.float16)
        self.value = np.empty((n, 3), dtype=np.float32)
        self.margin = np.empty((n, 1), dtype=np.float32)
        self.ownership = np.empty((n, C.SQUARES), dtype=np.float32)
        teacher.eval()
        with torch.no_grad():
            for i in range(0, n, batch):
                out = teacher(torch.from_numpy(unpack_features(features[i:i + batch])))
                for name, arr in zip(RawOutputs._fields, out):
                    getattr(self, name)[i:i + batch] = arr.numpy()

    def __len__(self) -> int:
        return len(self.value)

    def take(self, idx: np.ndarray) -> RawOutputs:
        return RawOutputs(*(torch.from_numpy(getattr(self, name)[idx]).float() for name in RawOutputs._fields))


def batches(features: np.ndarray, batch: int, seed: int):
    """Endless shuffled (sorted-within-batch) index batches over the
    positions and their unpacked features."""
    rng = np.random.default_rng(seed)
    n = len(features)
    b = min(batch, n)
    while True:
        perm = rng.permutation(n)
        for i in range(0, n - b + 1, b):
            idx = np.sort(perm[i:i + b])
            yield idx, torch.from_numpy(unpack_features(features[idx]))


def agreement(student: WallZeroNet, teacher: WallZeroNet, x: torch.Tensor) -> dict[str, float]:
    """Top-1 policy agreement and mean error of the expected result
    (win + draw/2) on the positions x, both networks in eval mode."""
    student.eval()
    with torch.no_grad():
        a, b = student(x), teacher(x)
    student.train()
    ev = torch.tensor([1.0, 0.5, 0.0])
    va, vb = F.softmax(a.value, dim=1) @ ev, F.softmax(b.value, dim=1) @ ev
    return {
        "top1_agreement": float((a.policy.argmax(1) == b.policy.argmax(1)).float().mean()),
        "value_error": float((va - vb).abs().mean()),
    }


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 distill.py", description=__doc__.split("\n")[0])
    p.add_argument("--teacher", required=True, help="teacher ONNX model")
    p.add_argument("--data", required=True, help="directory of .npz chunks giving the positions")
    p.add_argument("--blocks", type=int, default=6)
    p.add_argument("--channels", type=int, default=48)
    p.add_argument("--inner", type=int, default=0,
                   help="width inside each residual block, a bottleneck narrower than the stream (0: --channels)")
    p.add_argument("--drop-by", choices=("norm", "measured"), default="norm",
                   help="with fewer blocks than the teacher: drop the blocks whose residual branches write the least "
                   "(norm), or those whose removal changes the teacher's outputs least on held-out positions (measured)")
    p.add_argument("--init", help="continue this student (an ONNX file distill.py exported) instead of pruning the teacher")
    p.add_argument("--minutes", type=float, default=30, help="training time")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3, help="AdamW learning rate, cosine to 5%% over the run")
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--holdout", type=int, default=4096, help="positions kept out of training for the checks")
    p.add_argument("--teacher-every-step", action="store_true",
                   help="run the teacher on every batch instead of computing its outputs once at the start")
    p.add_argument("--log-every", type=int, default=200)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, help="student checkpoint to write")
    p.add_argument("--export", help="student ONNX file to write at the end")
    p.add_argument("--model-id", default="", help="model id of the exported ONNX file")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    teacher, meta = rebuild(Path(args.teacher))
    teacher.eval()
    for prm in teacher.parameters():
        prm.requires_grad_(False)

    window = ReplayWindow.load(args.data)
    n = len(window)
    if n <= args.holdout + args.batch:
        raise SystemExit(f"{args.data}: {n} positions, too few for a hold-out of {args.holdout}")
    rng = np.random.default_rng(args.seed)
    perm = rng.permutation(n)
    held = window.data.slice(np.sort(perm[: args.holdout]))
    train_features = window.data.features[np.sort(perm[args.holdout:])]
    x_held = torch.from_numpy(unpack_features(held.features))

    if args.init:
        # Continue an earlier student (its exported ONNX file); its size
        # replaces --blocks and --channels.
        student, _ = rebuild(Path(args.init))
        args.blocks, args.channels = student.config.blocks, student.config.channels
        args.inner = student.config.inner_channels
    else:
        kept = None
        if args.drop_by == "measured" and args.blocks < teacher.config.blocks:
            kept, trials = measured_blocks(teacher, args.blocks, x_held)
            for t in trials:
                log({"event": "drop_block", **t})
        student = prune(teacher, args.blocks, args.channels, kept, args.inner)
    calibrate(student, load_features(Path(args.data), 8192, args.seed))
    student.train()
    log({"event": "start", "teacher": args.teacher, "teacher_model_id": meta.get("wallzero.model_id", ""), "init": args.init or "",
         "student": student.config.to_dict(), "positions": n, "holdout": args.holdout,
         **{f"init_{k}": v for k, v in agreement(student, teacher, x_held).items()}})

    targets = None
    if not args.teacher_every_step:
        t0 = time.monotonic()
        targets = Targets(teacher, train_features)
        log({"event": "targets", "positions": len(targets), "seconds": round(time.monotonic() - t0, 1)})

    opt = torch.optim.AdamW(student.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    budget = args.minutes * 60
    start = time.monotonic()
    sums: dict[str, float] = {}
    step = 0
    for idx, x in batches(train_features, args.batch, args.seed):
        elapsed = time.monotonic() - start
        if elapsed >= budget:
            break
        frac = elapsed / budget
        for g in opt.param_groups:
            g["lr"] = args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * frac)))
        if targets is not None:
            target = targets.take(idx)
        else:
            with torch.no_grad():
                target = teacher(x)
        losses = distill_losses(student(x), target)
        opt.zero_grad(set_to_none=True)
        losses["total"].backward()
        opt.step()
        step += 1
        for k, v in losses.items():
            sums[k] = sums.get(k, 0.0) + float(v)
        if step % args.log_every == 0:
            log({"event": "train", "step": step, "seconds": round(time.monotonic() - start, 1),
                 "lr": opt.param_groups[0]["lr"], **{k: round(v / args.log_every, 4) for k, v in sums.items()},
                 **agreement(student, teacher, x_held)})
            sums = {}
    seconds = time.monotonic() - start
    student.eval()
    stats = {"steps": step, "seconds": round(seconds, 1), "samples": step * args.batch, "positions": n,
             "teacher": meta.get("wallzero.model_id", ""), **agreement(student, teacher, x_held)}
    checkpoint.save(args.out, student, step=step, stats=stats)
    log({"event": "done", **stats})
    if args.export:
        training = normalise_training_json(json.dumps({"distilled_from": stats["teacher"], **stats}))
        size = f"{args.blocks}x{args.channels}"
        if student.config.inner_channels != args.channels:
            size += f"b{student.config.inner_channels}"
        export_onnx(student, args.export, args.model_id or f"{stats['teacher']}-d{size}", training)
    return 0


if __name__ == "__main__":
    sys.exit(main())
