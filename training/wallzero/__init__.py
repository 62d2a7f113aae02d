"""WallZero learner: the network, the self-play data reader, losses,
checkpoints, training and ONNX export for the Go engine.

Run everything from the ``training/`` directory with Debian's interpreter::

    cd training && /usr/bin/python3 -m wallzero.train --help

The learner handles both player formats (docs/multiplayer-network.md):
:data:`wallzero.contract.TWO` and :data:`wallzero.contract.MULTI` (three
and four players) say the input planes, the action space, the heads and
the ONNX metadata; every module below takes the format as a setting.

Modules:

- :mod:`wallzero.contract`   the constants shared with the Go side and the two :class:`Format` objects.
- :mod:`wallzero.model`      the residual network and its :class:`ModelConfig`.
- :mod:`wallzero.chunks`     the self-play ``.npz`` chunk files (layout, validation, reading, writing).
- :mod:`wallzero.data`       the replay window and training batches.
- :mod:`wallzero.losses`     the loss terms.
- :mod:`wallzero.symmetry`   board-symmetry augmentation of multi-player batches.
- :mod:`wallzero.checkpoint` atomic save/load of model + optimizer + step, tagged by format.
- :mod:`wallzero.train`      the training CLI (``--format`` / ``--players``).
- :mod:`wallzero.export`     the ONNX export CLI (metadata, ``--check`` JSON).
- :mod:`wallzero.bench`      training-throughput benchmark.
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

__all__ = ["contract", "model", "chunks", "data", "losses", "symmetry", "checkpoint", "train", "export", "bench"]
