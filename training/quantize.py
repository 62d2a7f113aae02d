#!/usr/bin/python3
"""Static INT8 quantization of a WallZero network (QDQ format).

The residual trunk (the stem and the 12 3x3 convolutions of the blocks,
about 98% of the network's 47 MFLOP per position) is quantized: weights
per output channel to symmetric int8, activations per tensor to uint8 with
ranges calibrated on real self-play positions. The heads stay in float.

The result is an ordinary ONNX file in QDQ form (QuantizeLinear /
DequantizeLinear pairs around float operators). ONNX Runtime fuses each
DequantizeLinear -> Conv -> QuantizeLinear group into QLinearConv, each
residual Add into QLinearAdd, and drops the Relu that precedes a
QuantizeLinear with zero point 0, so the trunk runs in 8-bit integer
kernels. Nothing here needs ONNX Runtime's Python package: the calibration
is a NumPy forward pass of the trunk.

Usage:
    /usr/bin/python3 training/quantize.py --model models/wallzero.onnx \
        --data DIR_OF_SELFPLAY_NPZ --out models/wallzero-int8.onnx

Calibration ranges are a high percentile of each activation (default
99.999%) rather than the maximum, so that one outlier does not spend the
8 bits; the weights use their exact per-channel maximum. On wz-0027 and
wz-0022 (4,096 positions, `wallzero bench compare` on 5,000 held-out ones)
99.999 agreed with the float network on the top move 0.933 and 0.947 of
the time, against 0.919 and 0.912 at 99.99 (clipping too much; 0.80 at
99.9), 0.925 with the maximum and 0.934 at 99.9999.
"""

import argparse
import glob
import json

import numpy as np
import onnx
from onnx import helper, numpy_helper

FEATURE_SIZE = 49 * 49


def load_features(data_dir, limit, seed):
    """Returns up to limit unpacked feature tensors (N, 49, 7, 7) float32."""
    chunks = []
    for path in sorted(glob.glob(f"{data_dir}/**/*.npz", recursive=True)):
        with np.load(path) as z:
            chunks.append(z["features"])
    if not chunks:
        raise SystemExit(f"quantize: no .npz files under {data_dir}")
    packed = np.concatenate(chunks)
    rng = np.random.default_rng(seed)
    rng.shuffle(packed)
    packed = packed[:limit]
    x = np.unpackbits(packed, axis=1, count=FEATURE_SIZE, bitorder="big")
    return x.reshape(-1, 49, 7, 7).astype(np.float32)


def conv2d(x, w, b, pads):
    """A 'same' 2-D convolution (stride 1, no dilation, one group)."""
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    top, left = pads[0], pads[1]
    xp = np.pad(x, ((0, 0), (0, 0), (top, pads[2]), (left, pads[3])))
    cols = np.empty((n, c, kh, kw, h, wd), dtype=np.float32)
    for i in range(kh):
        for j in range(kw):
            cols[:, :, i, j] = xp[:, :, i:i + h, j:j + wd]
    cols = cols.reshape(n, c * kh * kw, h * wd)
    y = np.einsum("ok,nkp->nop", w.reshape(o, -1), cols, optimize=True)
    return y.reshape(n, o, h, wd) + b.reshape(1, o, 1, 1)


def attr(node, name, default):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def trunk_nodes(graph):
    """The nodes of the trunk: from the input up to the last residual
    block's output, i.e. every node before the first head node. Returns
    them and the name of the trunk's output tensor."""
    nodes, last = [], None
    data = {graph.input[0].name}  # tensors on the data path so far
    for n in graph.node:
        if not any(i in data for i in n.input):
            continue  # e.g. an Identity between initializers
        data.update(n.output)
        if n.op_type == "Pad" and not nodes:
            # The aligned input (wallzero/align.py): zero channels
            # appended to the features.
            nodes.append(n)
            last = n.output[0]
            continue
        if n.op_type not in ("Conv", "Relu", "Add"):
            break
        if n.op_type == "Conv":
            w = [i for i in graph.initializer if i.name == n.input[1]][0]
            if w.dims[2] != 3:  # the 1x1 convolutions start the heads
                break
        nodes.append(n)
        last = n.output[0]
    return nodes, last


def run_trunk(nodes, inits, x, input_name):
    """Runs the trunk and returns every tensor it computes."""
    env = {input_name: x}
    for n in nodes:
        if n.op_type == "Pad":
            p = inits[n.input[1]]
            half = len(p) // 2
            env[n.output[0]] = np.pad(env[n.input[0]], [(int(p[i]), int(p[i + half])) for i in range(half)])
        elif n.op_type == "Conv":
            pads = attr(n, "pads", [0, 0, 0, 0])
            env[n.output[0]] = conv2d(env[n.input[0]], inits[n.input[1]], inits[n.input[2]], pads)
        elif n.op_type == "Relu":
            env[n.output[0]] = np.maximum(env[n.input[0]], 0)
        elif n.op_type == "Add":
            env[n.output[0]] = env[n.input[0]] + env[n.input[1]]
    return env


def uint8_params(lo, hi):
    """Scale and zero point of an asymmetric uint8 range that holds 0."""
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi - lo < 1e-8:
        hi = lo + 1e-8
    scale = (hi - lo) / 255.0
    zero = int(round(-lo / scale))
    return np.float32(scale), np.uint8(min(max(zero, 0), 255))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="models/wallzero.onnx")
    ap.add_argument("--data", required=True, help="directory of self-play .npz chunks")
    ap.add_argument("--out", default="models/wallzero-int8.onnx")
    ap.add_argument("--samples", type=int, default=4096, help="calibration positions")
    ap.add_argument("--percentile", type=float, default=99.999)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model-id", default=None, help="model id of the result (default: the float model's id + '-int8')")
    args = ap.parse_args()

    model = onnx.load(args.model)
    g = model.graph
    inits = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    nodes, trunk_out = trunk_nodes(g)
    input_name = g.input[0].name

    x = load_features(args.data, args.samples, args.seed)
    ranges = {}
    for start in range(0, len(x), 512):
        env = run_trunk(nodes, inits, x[start:start + 512], input_name)
        for name, t in env.items():
            lo = float(np.percentile(t, 100 - args.percentile))
            hi = float(np.percentile(t, args.percentile))
            old = ranges.get(name)
            ranges[name] = (lo, hi) if old is None else (min(old[0], lo), max(old[1], hi))

    # Tensors that get a QuantizeLinear/DequantizeLinear pair: every
    # activation a trunk Conv or Add reads, and the output of every
    # trunk Conv and Add (so the fused kernels produce 8-bit outputs).
    # Relu outputs share the pair of the tensor after them.
    quantized = set()
    for n in nodes:
        if n.op_type in ("Conv", "Add"):
            quantized.update(i for i in n.input if i not in inits)
    for n in nodes:
        if n.op_type == "Conv" and n.output[0] not in quantized:
            # A Conv whose output only feeds a Relu: quantize after the
            # Relu (ORT drops the Relu when the zero point is 0).
            consumers = [m for m in g.node if n.output[0] in m.input]
            if not (len(consumers) == 1 and consumers[0].op_type == "Relu"):
                quantized.add(n.output[0])
        if n.op_type == "Add":
            quantized.add(n.output[0])  # followed by a Relu: range after it
    # The Add's Relu output is the next block's input (already in the set);
    # the last one is the trunk's output, read by the heads.
    quantized.add(trunk_out)

    new_inits, qdq_nodes, rename = [], [], {}
    for name in sorted(quantized):
        lo, hi = ranges[name]
        consumers = [m for m in g.node if name in m.input]
        if len(consumers) == 1 and consumers[0].op_type == "Relu" and consumers[0] in nodes:
            continue  # quantized after the Relu instead
        scale, zero = uint8_params(lo, hi)
        s, z = name + "_scale", name + "_zero_point"
        new_inits += [numpy_helper.from_array(np.array(scale, np.float32), s),
                      numpy_helper.from_array(np.array(zero, np.uint8), z)]
        qdq_nodes.append(helper.make_node("QuantizeLinear", [name, s, z], [name + "_q"], name=name + "_QuantizeLinear"))
        qdq_nodes.append(helper.make_node("DequantizeLinear", [name + "_q", s, z], [name + "_dq"], name=name + "_DequantizeLinear"))
        rename[name] = name + "_dq"

    # Weights: per-output-channel symmetric int8, biases int32 in the scale
    # of input x weight, both through DequantizeLinear.
    act_scale = {name: float(numpy_helper.to_array([i for i in new_inits if i.name == name + "_scale"][0]))
                 for name in rename}
    weight_nodes = []
    for n in nodes:
        if n.op_type != "Conv":
            continue
        wname, bname = n.input[1], n.input[2]
        w, b = inits[wname], inits[bname]
        wmax = np.maximum(np.abs(w).reshape(w.shape[0], -1).max(axis=1), 1e-8)
        wscale = (wmax / 127.0).astype(np.float32)
        wq = np.clip(np.round(w / wscale.reshape(-1, 1, 1, 1)), -127, 127).astype(np.int8)
        bscale = (act_scale[n.input[0]] * wscale).astype(np.float32)
        bq = np.round(b / bscale).astype(np.int32)
        new_inits += [numpy_helper.from_array(wq, wname + "_q"),
                      numpy_helper.from_array(wscale, wname + "_scale"),
                      numpy_helper.from_array(np.zeros(w.shape[0], np.int8), wname + "_zero_point"),
                      numpy_helper.from_array(bq, bname + "_q"),
                      numpy_helper.from_array(bscale, bname + "_scale"),
                      numpy_helper.from_array(np.zeros(w.shape[0], np.int32), bname + "_zero_point")]
        weight_nodes.append(helper.make_node("DequantizeLinear", [wname + "_q", wname + "_scale", wname + "_zero_point"],
                                             [wname + "_dq"], name=wname + "_DequantizeLinear", axis=0))
        weight_nodes.append(helper.make_node("DequantizeLinear", [bname + "_q", bname + "_scale", bname + "_zero_point"],
                                             [bname + "_dq"], name=bname + "_DequantizeLinear", axis=0))

    # Rewire: every consumer of a quantized tensor reads its dequantized
    # copy; trunk Convs read dequantized weights and biases.
    out_nodes = []
    for n in g.node:
        m = onnx.NodeProto()
        m.CopyFrom(n)
        for k, i in enumerate(m.input):
            if i in rename:
                m.input[k] = rename[i]
        if n in nodes and n.op_type == "Conv":
            m.input[1], m.input[2] = n.input[1] + "_dq", n.input[2] + "_dq"
        out_nodes.append(m)
    # Insert each QuantizeLinear/DequantizeLinear pair right after the
    # node that produces its tensor (the graph input's pair goes first).
    producers = {o: k for k, n in enumerate(out_nodes) for o in n.output}
    placed = {}
    for q in qdq_nodes:
        src = q.input[0] if q.op_type == "QuantizeLinear" else q.input[0][:-2]
        placed.setdefault(producers.get(src, -1), []).append(q)
    ordered = weight_nodes + placed.get(-1, [])
    for k, n in enumerate(out_nodes):
        ordered.append(n)
        ordered += placed.get(k, [])

    used = set()
    for n in g.node:
        if n in nodes and n.op_type == "Conv":
            used.update(n.input[1:3])
    kept = [i for i in g.initializer if i.name not in used]
    del g.node[:]
    g.node.extend(ordered)
    del g.initializer[:]
    g.initializer.extend(kept + new_inits)

    meta = {p.key: p.value for p in model.metadata_props}
    base_id = meta.get("wallzero.model_id", "model")
    meta["wallzero.model_id"] = args.model_id or base_id + "-int8"
    training = json.loads(meta.get("wallzero.training", "{}") or "{}")
    training["quantized"] = {"from": base_id, "format": "QDQ", "weights": "int8 per channel, symmetric",
                             "activations": "uint8 per tensor", "calibration_positions": int(len(x)),
                             "percentile": args.percentile, "quantized_ops": "stem and residual-block convolutions, residual adds"}
    meta["wallzero.training"] = json.dumps(training, sort_keys=True)
    del model.metadata_props[:]
    for k, v in meta.items():
        model.metadata_props.add(key=k, value=v)
    onnx.checker.check_model(model)
    onnx.save(model, args.out)
    print(f"quantize: {args.out}: {len(rename)} activation pairs, {len(weight_nodes) // 2} convolutions, "
          f"{len(x)} calibration positions, id {meta['wallzero.model_id']}")


if __name__ == "__main__":
    main()
