"""Rebuild a learner checkpoint from an exported WallZero ONNX model.

    cd training && /usr/bin/python3 onnx_to_checkpoint.py --onnx ../models/wallzero.onnx \\
        --out checkpoints/latest.pt [--calibrate-data data/] [--calibrate-samples 4096] [--check 8]

The shipped models' PyTorch checkpoints are not in the repository; the
ONNX files are. Both networks are handled, the two-player
:class:`WallZeroNet` and the three- and four-player one
(``models/wallzero-mp.onnx``); the model's ``wallzero.features`` metadata
says which, and the checkpoint is written in that network's format. Its exporter folded every BatchNorm into the convolution before
it (weights scaled, the shift became a bias), so the original BatchNorm
parameters are gone. This script puts the folded weights back into a
:class:`WallZeroNet` of the same size (read from the tensor shapes):

- a convolution followed by BatchNorm gets the folded weight, and its
  BatchNorm gets running mean ``mu``, running variance ``var``, scale
  ``sqrt(var + eps)`` and shift ``bias + mu``; in eval mode that layer then
  computes ``conv(x) + bias``, exactly the ONNX one, whatever ``mu`` and
  ``var`` are;
- without ``--calibrate-data``, ``mu = 0`` and ``var = 1``;
- with ``--calibrate-data DIR`` (self-play chunks), ``mu`` and ``var`` are
  the per-channel batch mean and (biased) variance of the folded
  convolution's output over ``--calibrate-samples`` real positions. That
  matters for training: in training mode BatchNorm normalises with the
  batch's own statistics, and with ``mu``/``var`` measured on real
  positions a training-mode forward pass on such positions reproduces the
  ONNX function instead of re-normalising every channel to unit variance
  (which would throw away the trained scales on the first step).

Heads without BatchNorm (``policy_out``, ``ownership_out`` and the fully
connected layers) are copied as they are. The checkpoint has no optimizer
state (the learner starts a fresh one) and continues the step counter of
the model's training metadata, and its sample and second counts.
``--check N`` compares the rebuilt network's
eval-mode outputs with a NumPy run of the ONNX graph on N random inputs and
fails above ``--tolerance`` (1e-4).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import wallzero  # noqa: E402,F401  (sets OMP_WAIT_POLICY before torch threads start)
from wallzero import checkpoint as ckpt  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.align import PADDED  # noqa: E402
from wallzero.contract import MULTI, TWO, Format  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


@dataclass(frozen=True)
class Network:
    """What differs between the two-player and the multi-player network
    when rebuilding one: its player format, its input planes and the
    layers copied as they are (the checkpoint is tagged by the format)."""

    fmt: Format
    planes: int
    linears: tuple[str, ...]


NETWORKS = {
    TWO.feature_set_id: Network(TWO, TWO.planes, ("value_fc", "value_out", "margin_out")),
    MULTI.feature_set_id: Network(MULTI, MULTI.planes, ("value_fc", "value_out")),
}


def network_of(meta: dict[str, str]) -> Network:
    """The network a model's metadata (wallzero.features) names."""
    feats = meta.get("wallzero.features", "")
    if feats not in NETWORKS:
        raise SystemExit(f"wallzero.features {feats!r}: not one of {sorted(NETWORKS)}")
    return NETWORKS[feats]


def module_path(node_output: str) -> str:
    """The module path of a Conv node from its output name, e.g.
    '/net/blocks/blocks.0/a/a.0/Conv_output_0' -> 'blocks.0.a.0'."""
    segs = node_output.strip("/").split("/")
    if not segs or segs[0] != "net" or not segs[-1].startswith("Conv"):
        raise ValueError(f"unexpected Conv output name {node_output!r}")
    path, prev = [], None
    for s in segs[1:-1]:
        if prev is not None and s.startswith(prev + "."):
            path.append(s[len(prev) + 1:])
        else:
            path.append(s)
        prev = s
    return ".".join(path)


def read_onnx(path: Path) -> tuple[onnx.ModelProto, dict[str, np.ndarray], dict[str, str]]:
    model = onnx.load(str(path))
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    # The exporter deduplicates equal tensors (e.g. two zero biases) into
    # Identity nodes, and may emit Constant nodes: resolve both.
    for node in model.graph.node:
        if node.op_type == "Identity" and node.input[0] in inits:
            inits[node.output[0]] = inits[node.input[0]]
        elif node.op_type == "Constant":
            for a in node.attribute:
                if a.name == "value":
                    inits[node.output[0]] = numpy_helper.to_array(a.t)
    meta = {p.key: p.value for p in model.metadata_props}
    if meta.get("wallzero.format") != C.META_FORMAT:
        raise SystemExit(f"{path}: not a WallZero ONNX model (wallzero.format {meta.get('wallzero.format')!r})")
    return model, inits, meta


def folded_convs(model: onnx.ModelProto, inits: dict[str, np.ndarray],
                 planes: int = C.NUM_PLANES) -> dict[str, tuple[np.ndarray, np.ndarray | None]]:
    """Module path -> (weight, bias) of every Conv node. The stem of an
    aligned graph (wallzero.align) gives back its weights for the real
    feature planes; those of the zero planes must be zero."""
    out = {}
    for node in model.graph.node:
        if node.op_type != "Conv":
            continue
        w = inits[node.input[1]]
        if node.input[0] == PADDED:
            if np.any(w[:, planes:]):
                raise SystemExit(f"{node.name}: the aligned stem has weights for its zero planes")
            w = w[:, :planes]
        b = inits[node.input[2]] if len(node.input) > 2 and node.input[2] else None
        out[module_path(node.output[0])] = (w, b)
    return out


def config_from(convs: dict, inits: dict[str, np.ndarray], config: type = ModelConfig) -> ModelConfig:
    blocks = len({k.split(".")[1] for k in convs if k.startswith("blocks.")})
    return config(
        blocks=blocks,
        channels=int(convs["stem.0"][0].shape[0]),
        policy_channels=int(convs["policy_conv.0"][0].shape[0]),
        value_channels=int(convs["value_conv.0"][0].shape[0]),
        value_hidden=int(inits["net.value_fc.weight"].shape[0]),
        inner_channels=int(convs["blocks.0.a.0"][0].shape[0]) if blocks else 0,
    )


def rebuild(onnx_path: Path) -> tuple[torch.nn.Module, dict[str, str]]:
    """A network (two-player or multi-player, as the metadata says) whose
    eval-mode forward is the ONNX graph (BatchNorm as identity plus the
    folded bias)."""
    model, inits, meta = read_onnx(onnx_path)
    kind = network_of(meta)
    convs = folded_convs(model, inits, kind.planes)
    net = WallZeroNet(config_from(convs, inits), kind.fmt)
    modules = dict(net.named_modules())
    want = {n for n, m in modules.items() if isinstance(m, torch.nn.Conv2d)}
    if set(convs) != want:
        raise SystemExit(f"{onnx_path}: convolutions {sorted(set(convs) ^ want)} do not match the network layout")
    with torch.no_grad():
        for name, (w, b) in convs.items():
            conv = modules[name]
            conv.weight.copy_(torch.from_numpy(w.copy()))
            if conv.bias is not None:
                conv.bias.copy_(torch.from_numpy(b.copy()))
                continue
            parent, idx = name.rsplit(".", 1)
            bn = modules[f"{parent}.{int(idx) + 1}"]
            assert isinstance(bn, torch.nn.BatchNorm2d), name
            set_bn(bn, torch.from_numpy(b.copy()), torch.zeros_like(bn.running_mean), torch.ones_like(bn.running_var))
        for name in kind.linears:
            lin = modules[name]
            lin.weight.copy_(torch.from_numpy(inits[f"net.{name}.weight"].copy()))
            lin.bias.copy_(torch.from_numpy(inits[f"net.{name}.bias"].copy()))
    net.eval()
    return net, meta


def set_bn(bn: torch.nn.BatchNorm2d, shift: torch.Tensor, mu: torch.Tensor, var: torch.Tensor) -> None:
    """Sets bn so that in eval mode it maps z to z + shift, and in training
    mode does the same on a batch whose statistics are mu and var."""
    with torch.no_grad():
        bn.running_mean.copy_(mu)
        bn.running_var.copy_(var)
        bn.weight.copy_(torch.sqrt(var + bn.eps))
        bn.bias.copy_(shift + mu)


def calibrate(net: torch.nn.Module, x: torch.Tensor) -> None:
    """Measures each BatchNorm's input statistics on x (eval mode, so the
    function does not change) and re-expresses the layer with them. net
    must come from :func:`rebuild` (each BatchNorm an identity plus shift
    in eval mode), before any training-mode forward pass."""
    bns = [m for m in net.modules() if isinstance(m, torch.nn.BatchNorm2d)]
    seen: dict[torch.nn.Module, tuple[torch.Tensor, torch.Tensor]] = {}

    def hook(mod, inp, _out):
        z = inp[0].double()
        seen[mod] = (z.mean(dim=(0, 2, 3)), z.var(dim=(0, 2, 3), unbiased=False))

    handles = [bn.register_forward_hook(hook) for bn in bns]
    net.eval()
    with torch.no_grad():
        net(x)
    for h in handles:
        h.remove()
    for bn in bns:
        # The current layer is an identity plus shift: shift = bias - mean.
        shift = (bn.bias - bn.running_mean).double()
        mu, var = seen[bn]
        set_bn(bn, shift.float(), mu.float(), var.float())


def load_features(data: Path, n: int, seed: int, planes: int = C.NUM_PLANES) -> torch.Tensor:
    """Up to n random positions from the .npz chunks under data."""
    files = sorted(p for p in data.rglob("*.npz") if not p.name.startswith("."))
    if not files:
        raise SystemExit(f"--calibrate-data {data}: no .npz chunks")
    rng = np.random.default_rng(seed)
    rng.shuffle(files)
    feats, have = [], 0
    for f in files:
        with np.load(f) as z:
            feats.append(z["features"])
        have += len(feats[-1])
        if have >= n:
            break
    packed = np.concatenate(feats)
    packed = packed[rng.permutation(len(packed))[:n]]
    x = np.unpackbits(packed, axis=1, count=planes * 49).reshape(-1, planes, 7, 7)
    return torch.from_numpy(x.astype(np.float32))


def numpy_outputs(onnx_path: Path, x: np.ndarray) -> dict[str, np.ndarray]:
    """The ONNX graph run by the NumPy interpreter of the tests."""
    sys.path.insert(0, str(HERE / "tests"))
    import onnx_numpy  # noqa: PLC0415

    return onnx_numpy.run(onnx.load(str(onnx_path)), {"features": x})


def torch_outputs(net: torch.nn.Module, x: np.ndarray) -> dict[str, np.ndarray]:
    net.eval()
    with torch.no_grad():
        out = net.outputs(net(torch.from_numpy(x.astype(np.float32))))
    return {k: v.numpy().astype(np.float64) for k, v in out.items()}


def random_inputs(net: torch.nn.Module, samples: int, seed: int) -> np.ndarray:
    """Random binary planes; for the multi-player network the player-count
    planes are set as a real position has them (three or four players,
    alternately), since the graph reads the count from them."""
    planes = net.fmt.planes
    x = (np.random.default_rng(seed).random((samples, planes, 7, 7)) < 0.3).astype(np.float32)
    if net.fmt == MULTI:
        three = (np.arange(samples) % 2 == 0).astype(np.float32)[:, None, None]
        x[:, C.PLANE_THREE_PLAYERS] = three
        x[:, C.PLANE_FOUR_PLAYERS] = 1 - three
    return x


def max_diff(net: torch.nn.Module, onnx_path: Path, samples: int, seed: int = 1234) -> float:
    """Largest absolute difference of any output between the rebuilt
    network and the ONNX graph on random binary inputs."""
    x = random_inputs(net, samples, seed)
    a, b = torch_outputs(net, x), numpy_outputs(onnx_path, x)
    return max(float(np.abs(a[k] - b[k].reshape(a[k].shape)).max()) for k in a)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--onnx", default=str(HERE.parent / "models" / "wallzero.onnx"))
    p.add_argument("--out", required=True, help="checkpoint to write (refuses to overwrite unless --force)")
    p.add_argument("--calibrate-data", help="directory of self-play chunks for the BatchNorm statistics")
    p.add_argument("--calibrate-samples", type=int, default=4096)
    p.add_argument("--check", type=int, default=8, help="random inputs compared with the ONNX graph (0: none)")
    p.add_argument("--tolerance", type=float, default=1e-4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--force", action="store_true")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    out, src = Path(args.out), Path(args.onnx)
    if out.exists() and not args.force:
        raise SystemExit(f"{out} exists (use --force to replace it)")
    net, meta = rebuild(src)
    kind = network_of(meta)
    calibrated = 0
    if args.calibrate_data:
        x = load_features(Path(args.calibrate_data), args.calibrate_samples, args.seed, kind.planes)
        calibrate(net, x)
        calibrated = len(x)
    diff = max_diff(net, src, args.check) if args.check > 0 else None
    if diff is not None and not diff <= args.tolerance:
        raise SystemExit(f"rebuilt network differs from {src} by {diff:.3g} > {args.tolerance}")
    training = json.loads(meta.get("wallzero.training", "{}") or "{}")
    step = int(training.get("steps", 0) or 0)
    # The learners add to samples and seconds, so the continued model's
    # metadata counts its whole training.
    stats = {"from_onnx": str(src), "model_id": meta.get("wallzero.model_id", ""), "calibration_samples": calibrated,
             "onnx_training": training, "samples": int(training.get("samples", 0) or 0),
             "seconds": float(training.get("seconds", 0.0) or 0.0)}
    ckpt.save(out, net, step=step, stats=stats)
    print(json.dumps({"event": "rebuilt", "onnx": str(src), "out": str(out), "model_id": stats["model_id"],
                      "config": net.config.to_dict(), "step": step, "calibration_samples": calibrated,
                      "max_abs_diff": diff}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
