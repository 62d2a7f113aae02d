#!/usr/bin/python3
"""Rewrites a WallZero network so that ONNX Runtime runs it as large GEMMs.

The exported network is a stack of 3x3 convolutions over a 7x7 board in
NCHW layout. ONNX Runtime's CPU convolution kernels work image by image on
such small planes and reach about 40% of an AVX2 core's peak. This script
rewrites the same computation with every activation kept as a matrix of
(batch x 49 squares) rows by channels:

- a 3x3 convolution becomes a Gather of each square's nine neighbours (a
  zero row stands for squares off the board) followed by one Gemm with
  the weights reshaped to (9 x channels_in) x channels_out, so the whole
  batch is a single matrix product of batch*49 rows;
- a 1x1 convolution becomes a Gemm;
- ReLU and the residual Add act on the matrices unchanged;
- the heads' Flatten and spatial pooling read the matrix back in the
  original order, so the outputs are the same tensors, element for
  element (up to float rounding).

Inputs, outputs, their names and shapes, and the metadata stay the same:
the Go service loads the result like the original.

Usage:
    /usr/bin/python3 training/gemm_layout.py --model models/wallzero.onnx \
        --out models/wallzero-gemm.onnx

`wallzero bench compare -b models/wallzero-gemm.onnx` checks that the two
give the same outputs on real positions and measures both.
"""

import argparse

import numpy as np
import onnx
from onnx import helper, numpy_helper

SIDE = 7
SQUARES = SIDE * SIDE


def neighbour_index():
    """(49, 9) int64: for each square and each 3x3 offset (row-major, as a
    convolution kernel), the neighbour's square, or 49 (the zero row) off
    the board."""
    idx = np.full((SQUARES, 9), SQUARES, dtype=np.int64)
    for r in range(SIDE):
        for c in range(SIDE):
            for ky in range(3):
                for kx in range(3):
                    rr, cc = r + ky - 1, c + kx - 1
                    if 0 <= rr < SIDE and 0 <= cc < SIDE:
                        idx[r * SIDE + c, ky * 3 + kx] = rr * SIDE + cc
    return idx


class Builder:
    """Collects the rewritten graph's nodes and initializers."""

    def __init__(self):
        self.nodes, self.inits, self.count = [], [], 0

    def name(self, hint):
        self.count += 1
        return f"gemm_layout/{hint}_{self.count}"

    def const(self, hint, array):
        n = self.name(hint)
        self.inits.append(numpy_helper.from_array(array, n))
        return n

    def op(self, op_type, inputs, hint, output=None, **attrs):
        out = output or self.name(hint)
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=self.name(op_type), **attrs))
        return out


def rewrite(model):
    g = model.graph
    inits = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    b = Builder()
    shape3 = {}  # channels -> shape constant [-1, 49, C]
    rows = {}  # channels -> shape constant [-1, C]

    def as3(x, c):
        if c not in shape3:
            shape3[c] = b.const("shape3", np.array([-1, SQUARES, c], np.int64))
        return b.op("Reshape", [x, shape3[c]], "rows3")

    def as2(x, c):
        if c not in rows:
            rows[c] = b.const("shape2", np.array([-1, c], np.int64))
        return b.op("Reshape", [x, rows[c]], "rows2")

    gather_idx = b.const("neighbours", neighbour_index())
    pad_rows = b.const("pad", np.array([0, 0, 0, 0, 1, 0], np.int64))

    # matrix[name] = (new tensor name, channels) for every spatial tensor.
    matrix = {}
    inp = g.input[0].name
    channels_in = g.input[0].type.tensor_type.shape.dim[1].dim_value
    t = b.op("Transpose", [inp], "nhwc", perm=[0, 2, 3, 1])
    matrix[inp] = (as2(t, channels_in), channels_in)

    plain = []  # nodes copied as they are (non-spatial)
    for n in g.node:
        ins = list(n.input)
        if n.op_type == "Conv":
            x, c = matrix[ins[0]]
            w, bias = inits[ins[1]], inits[ins[2]]
            o, _, kh, kw = w.shape
            if (kh, kw) == (3, 3):
                padded = b.op("Pad", [as3(x, c), pad_rows], "padded")  # (N, 50, C)
                nb = b.op("Gather", [padded, gather_idx], "neighbours", axis=1)  # (N, 49, 9, C)
                a = as2(nb, 9 * c)
                # W[o, c, ky, kx] -> Wm[(ky*3+kx)*C + c, o]
                wm = w.transpose(2, 3, 1, 0).reshape(9 * c, o)
            elif (kh, kw) == (1, 1):
                a = x
                wm = w.reshape(o, c).T
            else:
                raise SystemExit(f"gemm_layout: unsupported kernel {kh}x{kw} in {n.name}")
            y = b.op("Gemm", [a, b.const("w", np.ascontiguousarray(wm, np.float32)), b.const("b", bias.astype(np.float32))], "conv")
            matrix[n.output[0]] = (y, o)
        elif n.op_type in ("Relu", "Add") and all(i in matrix for i in ins):
            c = matrix[ins[0]][1]
            y = b.op(n.op_type, [matrix[i][0] for i in ins], n.op_type.lower())
            matrix[n.output[0]] = (y, c)
        elif n.op_type == "Flatten" and ins[0] in matrix:
            x, c = matrix[ins[0]]
            t = b.op("Transpose", [as3(x, c)], "nchw", perm=[0, 2, 1])  # (N, C, 49)
            b.op("Reshape", [t, b.const("flat", np.array([-1, c * SQUARES], np.int64))], "flat", output=n.output[0])
        elif n.op_type in ("ReduceMean", "ReduceMax") and ins[0] in matrix:
            x, c = matrix[ins[0]]
            attrs = {a.name: helper.get_attribute_value(a) for a in n.attribute}
            if list(attrs.get("axes", [])) != [2, 3] or attrs.get("keepdims", 1) != 0:
                raise SystemExit(f"gemm_layout: unsupported pooling in {n.name}: {attrs}")
            b.op(n.op_type, [as3(x, c)], "pool", output=n.output[0], axes=[1], keepdims=0)
        elif any(i in matrix for i in ins):
            raise SystemExit(f"gemm_layout: cannot rewrite {n.op_type} {n.name} on a spatial tensor")
        else:
            plain.append(n)

    used = {i for n in plain for i in n.input}
    kept = [i for i in g.initializer if i.name in used]
    del g.node[:]
    g.node.extend(b.nodes + plain)
    del g.initializer[:]
    g.initializer.extend(kept + b.inits)
    meta = {p.key: p.value for p in model.metadata_props}
    meta["wallzero.layout"] = "gemm"
    del model.metadata_props[:]
    for k, v in meta.items():
        model.metadata_props.add(key=k, value=v)
    onnx.checker.check_model(model)
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="models/wallzero.onnx")
    ap.add_argument("--out", default="models/wallzero-gemm.onnx")
    args = ap.parse_args()
    model = rewrite(onnx.load(args.model))
    onnx.save(model, args.out)
    print(f"gemm_layout: wrote {args.out} ({len(model.graph.node)} nodes)")


if __name__ == "__main__":
    main()
