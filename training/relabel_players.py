"""Relabel the player counts a multi-player ONNX model is served for.

    cd training
    /usr/bin/python3 relabel_players.py IN.onnx OUT.onnx --players 4 [--model-id ID]

A network continued on four-player samples alone (``train_multi.py
--players 4`` labels its export itself) plays three players worse than the
shared network; the service routes a count to a model only where the
model's ``wallzero.players`` metadata names it (``serve -mp4-model``,
models/wallzero-mp4.onnx). This rewrites that entry, and the model id when
given, leaving the graph and every other entry as they are; OUT is checked
by onnx.checker and written through a temporary file.
"""

from __future__ import annotations

import argparse
import os
import sys

import onnx

from wallzero import contract_mp as C
from wallzero.multi_export import players_label
from wallzero.onnx_io import save_onnx


def relabel(src: os.PathLike, dst: os.PathLike, players: str, model_id: str | None = None) -> dict[str, str]:
    """Write ``src`` to ``dst`` served for ``players``; returns the new metadata."""
    model = onnx.load(str(src))
    meta = {p.key: p.value for p in model.metadata_props}
    if meta.get("wallzero.features") != C.FEATURE_SET_ID:
        raise ValueError(f"{src}: feature set {meta.get('wallzero.features')!r}, not the multi-player "
                         f"{C.FEATURE_SET_ID!r}")
    meta["wallzero.players"] = players_label(players)
    if model_id:
        meta["wallzero.model_id"] = model_id
    onnx.helper.set_model_props(model, meta)
    onnx.checker.check_model(model, full_check=True)
    save_onnx(model, dst)
    return meta


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python3 relabel_players.py", description=__doc__.split("\n\n")[0])
    p.add_argument("src", help="multi-player ONNX model")
    p.add_argument("dst", help="where to write the relabelled model (may be src)")
    p.add_argument("--players", required=True, help="3, 4 or 3,4")
    p.add_argument("--model-id", help="new model id (default: keep)")
    a = p.parse_args(argv)
    try:
        meta = relabel(a.src, a.dst, a.players, a.model_id)
    except ValueError as e:
        p.error(str(e))
    print(f"{a.dst}: {meta['wallzero.model_id']} served for {meta['wallzero.players']} players")


if __name__ == "__main__":
    main(sys.argv[1:])
