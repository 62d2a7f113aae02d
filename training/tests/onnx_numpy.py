"""A tiny numpy interpreter for the ONNX ops our export uses, so the tests
can check the exported graph itself (there is no onnxruntime for Python
here). Only what WallZero graphs need; anything else raises."""

from __future__ import annotations

import numpy as np
import onnx
from onnx import numpy_helper


def _attrs(node):
    return {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}


def _conv(x, w, b, a):
    assert a.get("group", 1) == 1 and set(a.get("strides", [1, 1])) == {1}
    assert set(a.get("dilations", [1, 1])) == {1}
    kh, kw = w.shape[2:]
    pt, pl, pb, pr = a.get("pads", [0, 0, 0, 0])
    xp = np.pad(x, ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    h, wd = xp.shape[2] - kh + 1, xp.shape[3] - kw + 1
    y = np.zeros((x.shape[0], w.shape[0], h, wd), np.float64)
    for i in range(kh):
        for j in range(kw):
            y += np.einsum("nchw,oc->nohw", xp[:, :, i : i + h, j : j + wd], w[:, :, i, j])
    if b is not None:
        y += b[None, :, None, None]
    return y


def run(model: onnx.ModelProto, feeds: dict) -> dict:
    env = {i.name: numpy_helper.to_array(i).astype(np.float64) if i.data_type == onnx.TensorProto.FLOAT
           else numpy_helper.to_array(i) for i in model.graph.initializer}
    env.update({k: np.asarray(v, np.float64) for k, v in feeds.items()})
    for node in model.graph.node:
        a = _attrs(node)
        x = [env[n] if n else None for n in node.input]
        op = node.op_type
        if op == "Identity":
            y = x[0]
        elif op == "Constant":
            y = numpy_helper.to_array(a["value"])
        elif op == "Conv":
            y = _conv(x[0], x[1], x[2] if len(x) > 2 else None, a)
        elif op == "Relu":
            y = np.maximum(x[0], 0)
        elif op == "Tanh":
            y = np.tanh(x[0])
        elif op == "Add":
            y = x[0] + x[1]
        elif op == "Sub":
            y = x[0] - x[1]
        elif op == "Mul":
            y = x[0] * x[1]
        elif op == "Slice":
            starts, ends = x[1].astype(np.int64), x[2].astype(np.int64)
            axes = x[3].astype(np.int64) if len(x) > 3 and x[3] is not None else range(len(starts))
            steps = x[4].astype(np.int64) if len(x) > 4 and x[4] is not None else [1] * len(starts)
            sl = [slice(None)] * x[0].ndim
            for ax, b, e, st in zip(axes, starts, ends, steps):
                sl[int(ax)] = slice(int(b), int(e), int(st))
            y = x[0][tuple(sl)]
        elif op == "Concat":
            y = np.concatenate(x, axis=a["axis"])
        elif op == "Flatten":
            ax = a.get("axis", 1)
            y = x[0].reshape(int(np.prod(x[0].shape[:ax])), -1)
        elif op == "Reshape":
            shape = [x[0].shape[i] if s == 0 else s for i, s in enumerate(x[1].astype(np.int64))]
            y = x[0].reshape(shape)
        elif op == "Pad":
            if a.get("mode", b"constant") not in (b"constant", "constant") or (len(x) > 2 and x[2] is not None):
                raise NotImplementedError("Pad: only zero constant padding")
            p = x[1].astype(np.int64)
            r = len(p) // 2
            y = np.pad(x[0], [(int(p[i]), int(p[i + r])) for i in range(r)])
        elif op == "Shape":
            y = np.array(x[0].shape, np.int64)
        elif op == "Gather":
            y = np.take(x[0], x[1].astype(np.int64), axis=a.get("axis", 0))
        elif op == "Unsqueeze":
            y = np.expand_dims(x[0], tuple(int(i) for i in x[1]))
        elif op in ("ReduceMean", "ReduceMax"):
            f = np.mean if op == "ReduceMean" else np.max
            y = f(x[0], axis=tuple(a["axes"]), keepdims=bool(a.get("keepdims", 1)))
        elif op == "Softmax":
            ax = a.get("axis", -1)
            e = np.exp(x[0] - x[0].max(axis=ax, keepdims=True))
            y = e / e.sum(axis=ax, keepdims=True)
        elif op == "Gemm":
            A, B = x[0], x[1]
            if a.get("transA", 0):
                A = A.T
            if a.get("transB", 0):
                B = B.T
            y = a.get("alpha", 1.0) * A @ B
            if len(x) > 2 and x[2] is not None:
                y = y + a.get("beta", 1.0) * x[2]
        elif op == "QuantizeLinear":
            zp = x[2]
            info = np.iinfo(zp.dtype)
            y = np.clip(np.rint(x[0] / x[1]) + zp.astype(np.int64), info.min, info.max).astype(zp.dtype)
        elif op == "DequantizeLinear":
            scale, zp = x[1], x[2]
            if scale.ndim == 1:  # per channel along axis
                shape = [1] * x[0].ndim
                shape[a.get("axis", 1)] = -1
                scale, zp = scale.reshape(shape), zp.reshape(shape)
            y = (x[0].astype(np.float64) - zp.astype(np.float64)) * scale
        else:
            raise NotImplementedError(f"op {op}")
        env[node.output[0]] = y
    return {o.name: env[o.name] for o in model.graph.output}
