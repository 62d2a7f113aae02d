"""Export a network of either player format to ONNX for the Go engine
(ONNX Runtime).

    cd training
    /usr/bin/python3 -m wallzero.export --checkpoint ckpt/latest.pt --out wz-0003.onnx \\
        --model-id wz-0003 --training-json '{"games": 2000, ...}' [--check wz-0003.check.json]
    /usr/bin/python3 -m wallzero.export --random --blocks 6 --channels 64 --seed 0 [--perturb] \\
        --out random-6x64.onnx --model-id random-6x64 [--check random-6x64.check.json]
    /usr/bin/python3 -m wallzero.export --random --players 4 --blocks 1 --channels 8 \\
        --out mp4-tiny.onnx --model-id mp4-tiny

A checkpoint's format is its own (wallzero.checkpoint); ``--format`` or
``--players`` picks the format of a ``--random`` network, and
``--players`` also says whom a multi-player model is served for.

Two players: one input ``features`` float32 [N, 49, 7, 7] and the outputs
``policy`` [N, 2597] (logits), ``value`` [N, 3] (win/draw/loss
probabilities), ``margin`` [N, 1] (squares) and ``ownership`` [N, 49]
(tanh). Three and four players (docs/multiplayer-network.md): ``features``
[N, 34, 7, 7], ``policy`` [N, 2695] and ``value`` [N, 4] (each seat's
share of the win; seat 3 is 0 with three players). N is dynamic
("batch"), opset 17, exported in eval mode (torch folds BatchNorm into the
convolutions), the input planes padded inside the graph for ONNX
Runtime's blocked layout (wallzero.align). Metadata (``metadata_props``):

    wallzero.format    "1"
    wallzero.features  "wallzero-btrh-49-v1" | "wallzero-mp-34-v1"
    wallzero.actions   "wallzero-actions-53x49-v1" | "wallzero-mp-actions-55x49-v1"
    wallzero.heads     "policy,value,margin,ownership" | "policy,value"
    wallzero.players   multi-player only: "3,4", or the one count of a
                       network of its own ("4")
    wallzero.model_id  --model-id
    wallzero.blocks    e.g. "6"
    wallzero.channels  e.g. "64"
    wallzero.inner_channels  two players, only when the blocks are narrower
                       inside than the stream (a bottleneck), e.g. "48"
    wallzero.training  --training-json / --training-json-file (compact JSON)

``--check FILE`` writes a JSON with ``--check-samples`` (4) random binary
inputs (multi-player: with valid player-count planes) and the PyTorch
outputs for them, so a Go test can compare ONNX Runtime's outputs::

    {"model_id": ..., "seed": ..., "inputs": [[2401 | 1666 ints 0/1], ...],
     "policy": [[2597 | 2695], ...], "value": [[3 | 4], ...],
     "margin": [[1], ...], "ownership": [[49], ...]}

Each input is flat in [plane][row][col] order; the outputs are row-major
per sample, floats printed with float32 precision.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import torch

from . import checkpoint as ckpt
from . import contract as C
from .align import align_input_channels
from .contract import TWO, Format, get_format
from .model import ExportModule, ModelConfig, WallZeroNet
from .onnx_io import save_onnx

# Multi-player planes of seat 3 (empty with three players) and of the wall
# breaks (three players only).
SEAT3_PLANES = (3, 7, 11, 15, 20, 24, 28)
BREAK_PLANES = (21, 22, 23, 24)


def players_label(players: str) -> str:
    """Multi-player ``players`` ("3,4", "3" or "4") checked and in order;
    the service serves the model for these counts alone
    (inference.ModelInfo.Players)."""
    try:
        counts = sorted({int(f) for f in players.split(",")})
    except ValueError:
        raise ValueError(f"players {players!r}: want 3, 4 or 3,4") from None
    if not counts or any(n not in (3, 4) for n in counts):
        raise ValueError(f"players {players!r}: want 3, 4 or 3,4")
    return ",".join(map(str, counts))


def metadata(net: WallZeroNet, model_id: str, training: str, players: str | None = None) -> dict[str, str]:
    """The ``metadata_props`` of ``net``'s model, in the order they are
    written; ``players`` (multi-player only) defaults to the format's."""
    fmt = net.fmt
    props = {
        "wallzero.format": C.META_FORMAT,
        "wallzero.features": fmt.feature_set_id,
        "wallzero.actions": fmt.action_layout,
        "wallzero.heads": fmt.heads,
    }
    if fmt != TWO:
        props["wallzero.players"] = players_label(players or fmt.players)
    props["wallzero.model_id"] = model_id
    props["wallzero.blocks"] = str(net.config.blocks)
    props["wallzero.channels"] = str(net.config.channels)
    if fmt == TWO and net.config.inner_channels != net.config.channels:
        props["wallzero.inner_channels"] = str(net.config.inner_channels)
    props["wallzero.training"] = training
    return props


def normalise_training_json(text: str) -> str:
    """Parse and re-serialise compactly; refuse anything but a JSON object."""
    obj = json.loads(text)
    if not isinstance(obj, dict):
        raise ValueError("the training summary must be a JSON object")
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def export_onnx(net: WallZeroNet, out: os.PathLike, model_id: str, training: str = "{}",
                players: str | None = None) -> onnx.ModelProto:
    """Export ``net`` (in eval mode) to ``out`` with the WallZero metadata
    of its format (a multi-player one served for ``players``, default
    "3,4"); written to a temporary file and renamed. Returns the checked
    model."""
    if not model_id:
        raise ValueError("model id is required")
    training = normalise_training_json(training)
    fmt, cfg = net.fmt, net.config
    size = f"{cfg.blocks}x{cfg.channels}" + (f", inner {cfg.inner_channels}" if fmt == TWO else "")
    doc = f"{fmt.doc_title} {model_id} ({size})"
    return write_onnx(net, ExportModule(net), fmt.planes, fmt.output_names,
                      metadata(net, model_id, training, players), fmt.producer, doc, out)


def write_onnx(net: torch.nn.Module, module: torch.nn.Module, planes: int, output_names: tuple[str, ...],
               props: dict[str, str], producer: str, doc: str, out: os.PathLike) -> onnx.ModelProto:
    """Trace ``module`` (``net`` wrapped for export, ``net`` in eval mode
    meanwhile) on a ``[1, planes, 7, 7]`` input named ``features`` with a
    dynamic batch, pad its input planes (align), set the metadata ``props``,
    check the graph and write it to ``out`` through a temporary file."""
    was_training = net.training
    net.eval()
    try:
        dummy = torch.zeros(1, planes, C.BOARD, C.BOARD)
        buf = io.BytesIO()
        dyn = {name: {0: "batch"} for name in (C.INPUT_NAME,) + tuple(output_names)}
        kwargs = {}
        if "dynamo" in inspect.signature(torch.onnx.export).parameters:
            kwargs["dynamo"] = False  # torch >= 2.9 defaults to the dynamo exporter
        with torch.no_grad():
            torch.onnx.export(
                module, dummy, buf,
                input_names=[C.INPUT_NAME], output_names=list(output_names),
                dynamic_axes=dyn, opset_version=C.OPSET, do_constant_folding=True,
                training=torch.onnx.TrainingMode.EVAL, **kwargs,
            )
    finally:
        net.train(was_training)
    model = align_input_channels(onnx.load_from_string(buf.getvalue()))
    onnx.helper.set_model_props(model, props)
    model.producer_name = producer
    model.doc_string = doc
    onnx.checker.check_model(model, full_check=True)
    save_onnx(model, out)
    return model


def perturb(net: torch.nn.Module, seed: int) -> None:
    """Randomise every BatchNorm's affine parameters and running statistics
    and enlarge the output layers, so a test fixture's outputs vary strongly
    between inputs (a fresh network's are nearly constant: its residual
    blocks start as the identity and its output layers are tiny). Works on
    both formats (the multi-player network has no margin or ownership
    head)."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.weight.copy_(torch.rand(m.weight.shape, generator=g) + 0.5)
                m.bias.copy_(torch.rand(m.bias.shape, generator=g) * 0.4 - 0.2)
                m.running_mean.copy_(torch.rand(m.running_mean.shape, generator=g) * 0.4 - 0.2)
                m.running_var.copy_(torch.rand(m.running_var.shape, generator=g) + 0.5)
        for name in ("policy_out", "value_out", "margin_out", "ownership_out"):
            if hasattr(net, name):
                getattr(net, name).weight.mul_(50.0)


def random_inputs(n: int, seed: int, fmt: Format = TWO) -> np.ndarray:
    """``n`` random binary inputs [n, planes, 7, 7] of ``fmt`` (each plane
    has its own density). Multi-player inputs have valid constant planes:
    three players for even samples, four for odd ones (plane 29 or 30),
    seat 3 empty and breaks only with three, plane 31/32 random, plane 33
    all ones."""
    rng = np.random.default_rng(seed)
    density = rng.uniform(0.0, 0.6, size=(n, fmt.planes, 1, 1))
    x = (rng.random((n, fmt.planes, C.BOARD, C.BOARD)) < density).astype(np.float32)
    if fmt == TWO:
        return x
    for i in range(n):
        three = i % 2 == 0
        x[i, 21:25] = rng.random((4, 1, 1)) < 0.5  # break still held: constant planes
        x[i, 25:29] = rng.random((4, 1, 1)) < 0.7  # in play
        x[i, list(SEAT3_PLANES if three else BREAK_PLANES)] = 0
        x[i, C.PLANE_THREE_PLAYERS] = float(three)
        x[i, C.PLANE_FOUR_PLAYERS] = float(not three)
        x[i, 31] = float(rng.random() < 0.3)
        x[i, 32] = float(rng.random() < 0.3)
        x[i, 33] = 1.0
    return x


def torch_outputs(net: WallZeroNet, x: np.ndarray) -> dict[str, np.ndarray]:
    """The exported outputs of ``net`` (eval mode) for inputs ``x``."""
    was_training = net.training
    net.eval()
    try:
        with torch.no_grad():
            outs = ExportModule(net)(torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32)))
    finally:
        net.train(was_training)
    return {k: v.numpy() for k, v in zip(net.fmt.output_names, outs)}


def _f32_list(a: np.ndarray) -> list[list[float]]:
    # str() of a numpy float32 is its shortest round-tripping repr.
    return [[float(str(v)) for v in row] for row in a.astype(np.float32).reshape(len(a), -1)]


def write_check(net: WallZeroNet, path: os.PathLike, model_id: str, n: int = 4, seed: int = 1234) -> dict[str, Any]:
    """Write ``n`` random inputs and the PyTorch outputs for them as JSON."""
    x = random_inputs(n, seed, net.fmt)
    outs = torch_outputs(net, x)
    doc: dict[str, Any] = {
        "model_id": model_id,
        "seed": seed,
        "inputs": x.reshape(n, -1).astype(np.int64).tolist(),
    }
    for k in net.fmt.output_names:
        doc[k] = _f32_list(outs[k])
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    return doc


def compare_onnxruntime(net: WallZeroNet, path: os.PathLike, n: int = 4, seed: int = 1234) -> float | None:
    """The largest absolute difference between ONNX Runtime's outputs for
    the model at ``path`` and PyTorch's, or None when Python has no
    onnxruntime (the Go tests compare the --check file instead)."""
    try:
        import onnxruntime as ort
    except ImportError:
        return None
    names = list(net.fmt.output_names)
    x = random_inputs(n, seed, net.fmt)
    want = torch_outputs(net, x)
    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    got = dict(zip(names, sess.run(names, {C.INPUT_NAME: x})))
    return max(float(np.abs(got[k] - want[k]).max()) for k in names)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 -m wallzero.export", description="Export a WallZero network to ONNX.")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--checkpoint", help="checkpoint written by wallzero.train")
    src.add_argument("--random", action="store_true", help="export a freshly initialised network")
    p.add_argument("--format", choices=("two", "multi"),
                   help="with --random: the player format (default from --players, else two)")
    p.add_argument("--players", help="2, 3, 4 or 3,4: the format of a --random network, and the counts a "
                   "multi-player model is served for (default 3,4)")
    p.add_argument("--blocks", type=int, default=6, help="with --random")
    p.add_argument("--channels", type=int, help="with --random (default 64 with two players, 48 with more)")
    p.add_argument("--inner", type=int, default=0, help="with --random: width inside each block (0: --channels)")
    p.add_argument("--seed", type=int, default=0, help="with --random: torch seed of the initialisation")
    p.add_argument("--perturb", action="store_true",
                   help="with --random: randomise BatchNorm statistics and enlarge the output layers (test fixtures)")
    p.add_argument("--out", required=True, help="ONNX file to write")
    p.add_argument("--model-id", required=True, help='e.g. "wz-0003"')
    tj = p.add_mutually_exclusive_group()
    tj.add_argument("--training-json", help="training summary, a JSON object string")
    tj.add_argument("--training-json-file", help="file holding the training summary JSON object")
    p.add_argument("--check", help="write random inputs and PyTorch outputs to this JSON file")
    p.add_argument("--check-samples", type=int, default=4)
    p.add_argument("--check-seed", type=int, default=1234)
    p.add_argument("--threads", type=int, default=2, help="torch.set_num_threads")
    a = p.parse_args(argv)
    try:
        a.fmt = get_format(a.format or a.players or "two")
        if a.players and get_format(a.players) != a.fmt:
            p.error(f"--players {a.players} is not the {a.fmt.name}-player format")
        if a.fmt != TWO:
            a.players = players_label(a.players or a.fmt.players)
    except ValueError as e:
        p.error(str(e))
    return a


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.random:
        torch.manual_seed(args.seed)
        channels = args.channels if args.channels is not None else args.fmt.default_channels
        net = WallZeroNet(ModelConfig(blocks=args.blocks, channels=channels, inner_channels=args.inner), args.fmt)
        if args.perturb:
            perturb(net, args.seed)
        default_training = {"random": True, "perturbed": args.perturb, "seed": args.seed,
                            "games": 0, "samples": 0, "steps": 0}
    else:
        net, state = ckpt.load_model(args.checkpoint, args.format)
        net.to("cpu")
        default_training = {"steps": state["step"], **{k: v for k, v in state.get("stats", {}).items()
                                                       if k in ("samples", "seconds")}}
    if args.training_json is not None:
        training = args.training_json
    elif args.training_json_file is not None:
        training = Path(args.training_json_file).read_text()
    else:
        training = json.dumps(default_training)
    net.eval()
    players = args.players if net.fmt != TWO else None
    model = export_onnx(net, args.out, args.model_id, training, players)
    info = {"event": "export", "format": net.fmt.name, "out": str(args.out), "bytes": Path(args.out).stat().st_size,
            "model_id": args.model_id, "blocks": net.config.blocks, "channels": net.config.channels,
            "inner_channels": net.config.inner_channels,
            "nodes": len(model.graph.node)}
    if args.check:
        write_check(net, args.check, args.model_id, args.check_samples, args.check_seed)
        info["check"] = str(args.check)
        info["check_bytes"] = Path(args.check).stat().st_size
    print(json.dumps(info), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
