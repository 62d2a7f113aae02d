"""Export a network to ONNX for the Go engine (ONNX Runtime).

    cd training
    /usr/bin/python3 -m wallzero.export --checkpoint ckpt/latest.pt --out wz-0003.onnx \\
        --model-id wz-0003 --training-json '{"games": 2000, ...}' [--check wz-0003.check.json]
    /usr/bin/python3 -m wallzero.export --random --blocks 6 --channels 64 --seed 0 [--perturb] \\
        --out random-6x64.onnx --model-id random-6x64 [--check random-6x64.check.json]

The graph has one input ``features`` float32 [N, 49, 7, 7] and the outputs
``policy`` [N, 2597] (logits), ``value`` [N, 3] (win/draw/loss
probabilities), ``margin`` [N, 1] (squares) and ``ownership`` [N, 49]
(tanh), N dynamic ("batch"), opset 17, exported in eval mode (torch folds
BatchNorm into the convolutions). Metadata (``metadata_props``):

    wallzero.format    "1"
    wallzero.features  "wallzero-btrh-49-v1"
    wallzero.actions   "wallzero-actions-53x49-v1"
    wallzero.heads     "policy,value,margin,ownership"
    wallzero.model_id  --model-id
    wallzero.blocks    e.g. "6"
    wallzero.channels  e.g. "64"
    wallzero.inner_channels  e.g. "48", only when the blocks are narrower
                       inside than the stream (a bottleneck)
    wallzero.training  --training-json / --training-json-file (compact JSON)

``--check FILE`` writes a JSON with ``--check-samples`` (4) random binary
inputs and the PyTorch outputs for them, so a Go test can compare ONNX
Runtime's outputs::

    {"model_id": ..., "seed": ..., "inputs": [[2401 ints 0/1], ...],
     "policy": [[2597], ...], "value": [[3], ...], "margin": [[1], ...],
     "ownership": [[49], ...]}

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
from .onnx_io import save_onnx
from .model import ExportModule, ModelConfig, WallZeroNet


def metadata(net: WallZeroNet, model_id: str, training: str) -> dict[str, str]:
    return {
        "wallzero.format": C.META_FORMAT,
        "wallzero.features": C.FEATURE_SET_ID,
        "wallzero.actions": C.ACTION_LAYOUT,
        "wallzero.heads": C.HEADS,
        "wallzero.model_id": model_id,
        "wallzero.blocks": str(net.config.blocks),
        "wallzero.channels": str(net.config.channels),
        **({"wallzero.inner_channels": str(net.config.inner_channels)}
           if net.config.inner_channels != net.config.channels else {}),
        "wallzero.training": training,
    }


def normalise_training_json(text: str) -> str:
    """Parse and re-serialise compactly; refuse anything but a JSON object."""
    obj = json.loads(text)
    if not isinstance(obj, dict):
        raise ValueError("the training summary must be a JSON object")
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


def export_onnx(net: WallZeroNet, out: os.PathLike, model_id: str, training: str = "{}") -> onnx.ModelProto:
    """Export ``net`` (in eval mode) to ``out`` with the WallZero metadata;
    written to a temporary file and renamed. Returns the checked model."""
    if not model_id:
        raise ValueError("model id is required")
    training = normalise_training_json(training)
    doc = f"WallZero network {model_id} ({net.config.blocks}x{net.config.channels}, inner {net.config.inner_channels})"
    return write_onnx(net, ExportModule(net), C.NUM_PLANES, C.OUTPUT_NAMES, metadata(net, model_id, training),
                      "wallzero.export", doc, out)


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
    the two-player and the multi-player network (which has no margin or
    ownership head)."""
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


def random_inputs(n: int, seed: int) -> np.ndarray:
    """``n`` random binary inputs [n, 49, 7, 7] (each plane has its own density)."""
    rng = np.random.default_rng(seed)
    density = rng.uniform(0.0, 0.6, size=(n, C.NUM_PLANES, 1, 1))
    return (rng.random((n, C.NUM_PLANES, C.BOARD, C.BOARD)) < density).astype(np.float32)


def torch_outputs(net: WallZeroNet, x: np.ndarray) -> dict[str, np.ndarray]:
    """The exported outputs of ``net`` (eval mode) for inputs ``x``."""
    was_training = net.training
    net.eval()
    try:
        with torch.no_grad():
            outs = ExportModule(net)(torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32)))
    finally:
        net.train(was_training)
    return {k: v.numpy() for k, v in zip(C.OUTPUT_NAMES, outs)}


def _f32_list(a: np.ndarray) -> list[list[float]]:
    # str() of a numpy float32 is its shortest round-tripping repr.
    return [[float(str(v)) for v in row] for row in a.astype(np.float32).reshape(len(a), -1)]


def write_check(net: WallZeroNet, path: os.PathLike, model_id: str, n: int = 4, seed: int = 1234) -> dict[str, Any]:
    x = random_inputs(n, seed)
    outs = torch_outputs(net, x)
    doc: dict[str, Any] = {
        "model_id": model_id,
        "seed": seed,
        "inputs": x.reshape(n, -1).astype(np.int64).tolist(),
    }
    for k in C.OUTPUT_NAMES:
        doc[k] = _f32_list(outs[k])
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    return doc


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python3 -m wallzero.export", description="Export a WallZero network to ONNX.")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--checkpoint", help="checkpoint written by wallzero.train")
    src.add_argument("--random", action="store_true", help="export a freshly initialised network")
    p.add_argument("--blocks", type=int, default=6, help="with --random")
    p.add_argument("--channels", type=int, default=64, help="with --random")
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
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.random:
        torch.manual_seed(args.seed)
        net = WallZeroNet(ModelConfig(blocks=args.blocks, channels=args.channels, inner_channels=args.inner))
        if args.perturb:
            perturb(net, args.seed)
        default_training = {"random": True, "perturbed": args.perturb, "seed": args.seed,
                            "games": 0, "samples": 0, "steps": 0}
    else:
        net, state = ckpt.load_model(args.checkpoint)
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
    model = export_onnx(net, args.out, args.model_id, training)
    info = {"event": "export", "out": str(args.out), "bytes": Path(args.out).stat().st_size,
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
