"""Pytest setup: import ``wallzero`` from training/, two torch threads."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import wallzero  # noqa: E402,F401  (first: sets OMP_WAIT_POLICY before torch loads)
import torch  # noqa: E402

torch.set_num_threads(2)
