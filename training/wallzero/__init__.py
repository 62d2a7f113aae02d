"""WallZero learner: the network, the self-play data reader, losses,
checkpoints, training and ONNX export for the Go engine.

Run everything from the ``training/`` directory with Debian's interpreter::

    cd training && /usr/bin/python3 -m wallzero.train --help

Modules:

- :mod:`wallzero.contract`   the constants shared with the Go side (shapes, names, metadata ids).
- :mod:`wallzero.model`      the residual network and its :class:`ModelConfig`.
- :mod:`wallzero.data`       reading self-play ``.npz`` chunks, the replay window, batches.
- :mod:`wallzero.losses`     the four loss terms.
- :mod:`wallzero.checkpoint` atomic save/load of model + optimizer + step.
- :mod:`wallzero.train`      the training CLI.
- :mod:`wallzero.export`     the ONNX export CLI (metadata, ``--check`` JSON).
- :mod:`wallzero.bench`      training-throughput benchmark.

The three- and four-player network (docs/multiplayer-network.md) has its own
modules: :mod:`wallzero.contract_mp`, :mod:`wallzero.multi_model`,
:mod:`wallzero.multi_data`, :mod:`wallzero.multi_losses`,
:mod:`wallzero.multi_checkpoint`, :mod:`wallzero.multi_export`; its CLI is
``train_multi.py``.
"""

import os as _os

# libgomp's threads busy-wait between parallel regions by default. With two
# torch threads on a two-core machine that is fast while nothing else runs,
# but any other busy process (Go self-play, a test run) makes every barrier
# wait for a time slice: training drops from ~2000 to ~45 samples/s. Passive
# waiting keeps ~1000 samples/s then. It must be set before torch (libgomp)
# loads, hence here. WALLZERO_OMP_PASSIVE=0 keeps libgomp's default.
if _os.environ.get("WALLZERO_OMP_PASSIVE", "1") != "0":
    _os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

__all__ = ["contract", "model", "data", "losses", "checkpoint", "train", "export", "bench",
           "contract_mp", "multi_model", "multi_data", "multi_losses", "multi_checkpoint", "multi_export"]
