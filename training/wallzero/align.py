"""Align the network's input channels for ONNX Runtime's blocked layout.

ONNX Runtime runs convolutions on x86 CPUs in a blocked channel layout
(NCHWc: blocks of 8 channels with AVX2, 16 with AVX-512) and then fuses
each residual block's addition and ReLU into its second convolution. A
convolution whose input channels are not a multiple of the block stays in
plain NCHW, and so does everything that reads its output: with the 49
feature planes, the stem's output is plain, so every residual addition
and ReLU of the trunk runs as a separate operator between layout
conversions (the optimized graph of wz-0012 has 7 ReorderInput and 9
ReorderOutput nodes, and 6 Add and 6 Relu outside the convolutions).

``align_input_channels`` pads the input with zero planes to a multiple of
16 inside the graph (a Pad node in front of the stem) and gives the stem
zero weights for them. The function is unchanged and so are the inputs,
the outputs and the metadata; ONNX Runtime then keeps the whole trunk
blocked (1 ReorderInput, 3 ReorderOutput, no separate Add or Relu).
``wallzero bench compare`` measures the gain (docs/performance.md).

    /usr/bin/python3 -m wallzero.align --model IN.onnx --out OUT.onnx
"""

from __future__ import annotations

import argparse

import numpy as np
import onnx
from onnx import helper, numpy_helper

from .onnx_io import save_onnx

# ALIGN is the channel multiple: 16 suits AVX-512 and AVX2 (two blocks of 8).
ALIGN = 16

# PAD_NODE and PADDED name the added node and tensor.
PAD_NODE = "align/Pad"
PADDED = "align/features"


def stem_of(model: onnx.ModelProto) -> onnx.NodeProto:
    """The convolution that reads the graph's input. Other readers (the
    multi-player network reads its player-count plane with a Gather) keep
    reading the unpadded input."""
    inp = model.graph.input[0].name
    convs = [n for n in model.graph.node if n.op_type == "Conv" and n.input[0] == inp]
    if len(convs) != 1:
        raise ValueError(f"{len(convs)} convolutions read the graph's input, want 1")
    return convs[0]


def is_aligned(model: onnx.ModelProto) -> bool:
    return any(n.name == PAD_NODE for n in model.graph.node)


def align_input_channels(model: onnx.ModelProto, multiple: int = ALIGN) -> onnx.ModelProto:
    """Pads the input planes to a multiple of ``multiple`` in the graph
    (see the module comment), in place; returns the model. An aligned
    model or one whose planes are already a multiple is left as it is."""
    if is_aligned(model):
        return model
    g = model.graph
    stem = stem_of(model)
    inits = {i.name: i for i in g.initializer}
    if stem.input[1] not in inits:
        raise ValueError(f"the stem {stem.name} has no constant weights")
    w = numpy_helper.to_array(inits[stem.input[1]])
    planes = w.shape[1]
    target = -(-planes // multiple) * multiple
    if target == planes:
        return model
    padded = np.zeros((w.shape[0], target) + w.shape[2:], dtype=w.dtype)
    padded[:, :planes] = w
    inits[stem.input[1]].CopyFrom(numpy_helper.from_array(padded, stem.input[1]))
    pads_name = "align/pads"
    g.initializer.append(numpy_helper.from_array(np.array([0, 0, 0, 0, 0, target - planes, 0, 0], np.int64), pads_name))
    inp = stem.input[0]
    stem.input[0] = PADDED
    g.node.insert(0, helper.make_node("Pad", [inp, pads_name], [PADDED], name=PAD_NODE))
    onnx.checker.check_model(model, full_check=True)
    return model


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python3 -m wallzero.align", description=__doc__.split("\n")[0])
    p.add_argument("--model", required=True, help="ONNX model to align")
    p.add_argument("--out", required=True, help="file to write (may be --model)")
    args = p.parse_args(argv)
    model = align_input_channels(onnx.load(args.model))
    out = save_onnx(model, args.out)
    print(f"align: wrote {out}")


if __name__ == "__main__":
    main()
