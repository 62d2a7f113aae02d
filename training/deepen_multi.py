"""Deepen a multi-player network: append residual blocks that start as the
identity, so the deeper network computes exactly what the checkpoint did.

    cd training
    /usr/bin/python3 deepen_multi.py IN.pt OUT.pt --blocks 10

The new blocks are :class:`wallzero.model.ResBlock` with the network's own
initialisation (He-initialised convolutions, the last BatchNorm's scale at
zero), placed after the checkpoint's blocks and before the heads: each adds
``relu(x + 0)`` = ``x`` to a trunk whose output is already past a ReLU, so
the outputs are unchanged and training grows the blocks from there. OUT
keeps the step and stats and drops the optimizer state (its shapes no
longer match); ``python3 -m wallzero.train --players 4 --init OUT`` starts a fresh optimizer.
"""

from __future__ import annotations

import argparse
import sys

import torch

from wallzero import checkpoint as ckpt
from wallzero.contract import MULTI
from wallzero.model import ModelConfig, WallZeroNet


def deepen(net: WallZeroNet, blocks: int, seed: int = 0) -> WallZeroNet:
    """A copy of ``net`` with ``blocks`` residual blocks, the new ones last
    and the identity."""
    old = net.config.blocks
    if blocks <= old:
        raise ValueError(f"--blocks {blocks}: the network already has {old}")
    torch.manual_seed(seed)
    cfg = ModelConfig.from_dict({**net.config.to_dict(), "blocks": blocks})
    deep = WallZeroNet(cfg, net.fmt)
    missing, unexpected = deep.load_state_dict(net.state_dict(), strict=False)
    fresh = {k for k in missing if not any(k.startswith(f"blocks.{i}.") for i in range(old, blocks))}
    if fresh or unexpected:
        raise RuntimeError(f"weights left out: {sorted(fresh)}, unexpected: {unexpected}")
    return deep


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python3 deepen_multi.py", description=__doc__.split("\n\n")[0])
    p.add_argument("src", help="multi-player checkpoint")
    p.add_argument("dst", help="checkpoint to write")
    p.add_argument("--blocks", type=int, required=True, help="residual blocks of the deeper network")
    p.add_argument("--seed", type=int, default=0, help="seed of the new blocks' weights")
    args = p.parse_args(argv)
    net, state = ckpt.load_model(args.src, MULTI)
    try:
        deep = deepen(net, args.blocks, args.seed)
    except ValueError as e:
        sys.exit(str(e))
    stats = dict(state.get("stats", {}))
    stats["deepened"] = {"from": str(args.src), "blocks": [net.config.blocks, args.blocks]}
    ckpt.save(args.dst, deep, step=int(state["step"]), stats=stats)
    print(f"{args.dst}: {net.config.blocks} -> {args.blocks} blocks, step {state['step']}")


if __name__ == "__main__":
    main()
