"""Relabel the player counts a multi-player ONNX model is served for, and
the symmetries the service averages it over.

    cd training
    /usr/bin/python3 relabel_players.py IN.onnx OUT.onnx [--players 4] [--symmetries 4] [--model-id ID]

A network continued on four-player samples alone (``python3 -m wallzero.train
--players 4`` labels its export itself) plays three players worse than the
shared network; the service routes a count to a model only where the
model's ``wallzero.players`` metadata names it (``serve -mp4-model``,
models/wallzero-mp4.onnx). ``wallzero.symmetries`` asks the service to
average every evaluation of the model over that many board symmetries
(``inference.MetaSymmetries``). This rewrites those entries and the model
id where given, leaving the graph and every other entry as they are; OUT is checked
by onnx.checker and written through a temporary file.
"""

from __future__ import annotations

import argparse
import os
import sys

import onnx

from wallzero.contract import MULTI
from wallzero.export import players_label
from wallzero.onnx_io import save_onnx


SYMMETRIES = (1, 2, 4, 8)


def relabel(src: os.PathLike, dst: os.PathLike, players: str | None = None, model_id: str | None = None,
            symmetries: int | None = None) -> dict[str, str]:
    """Write ``src`` to ``dst`` served for ``players`` and averaged over
    ``symmetries`` (each left as it is when None); returns the new metadata."""
    model = onnx.load(str(src))
    meta = {p.key: p.value for p in model.metadata_props}
    if meta.get("wallzero.features") != MULTI.feature_set_id:
        raise ValueError(f"{src}: feature set {meta.get('wallzero.features')!r}, not the multi-player "
                         f"{MULTI.feature_set_id!r}")
    if players is not None:
        meta["wallzero.players"] = players_label(players)
    if symmetries is not None:
        if symmetries not in SYMMETRIES:
            raise ValueError(f"symmetries {symmetries}: want one of {', '.join(map(str, SYMMETRIES))}")
        meta["wallzero.symmetries"] = str(symmetries)
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
    p.add_argument("--players", help="3, 4 or 3,4 (default: keep)")
    p.add_argument("--symmetries", type=int, help="board symmetries the service averages the model over: 1, 2, 4 or 8 (default: keep)")
    p.add_argument("--model-id", help="new model id (default: keep)")
    a = p.parse_args(argv)
    if a.players is None and a.symmetries is None and a.model_id is None:
        p.error("nothing to change: give --players, --symmetries or --model-id")
    try:
        meta = relabel(a.src, a.dst, a.players, a.model_id, a.symmetries)
    except ValueError as e:
        p.error(str(e))
    print(f"{a.dst}: {meta['wallzero.model_id']} served for {meta.get('wallzero.players', '3,4')} players, "
          f"averaged over {meta.get('wallzero.symmetries', '1')} symmetries")


if __name__ == "__main__":
    main(sys.argv[1:])
