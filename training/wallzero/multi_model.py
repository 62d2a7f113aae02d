"""The three- and four-player network (docs/multiplayer-network.md).

Shapes (N is the batch)::

    features  [N, 34, 7, 7]  binary input planes (wallzero-mp-34-v1)
    trunk     stem conv3x3+BN+ReLU, then `blocks` residual blocks
              (model.ResBlock), all `channels` wide
    policy    conv1x1 C->P + BN + ReLU, conv1x1 P->55 (with bias),
              flattened channel-major: [N, 2695], index = channel*49 + row*7 + col
    value     conv1x1 C->V + BN + ReLU, global mean and max pool -> 2V,
              FC 2V->H + ReLU, FC H->4: one logit per seat

With three players (input plane 29 all ones) the logit of the empty seat 3
is replaced by -1e4 inside :meth:`MultiNet.forward`, so its softmax is 0
both in training and in the exported graph, and the other three sum to 1.
The player count is read at square (0, 0) of plane 29: the plane is
constant, so one square says it.

:class:`ExportModule` gives the ONNX outputs: policy logits and the value
softmax [N, 4].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F

from . import contract_mp as C
from .model import ModelConfig, ResBlock, conv_bn


@dataclass
class MultiConfig(ModelConfig):
    """Network size of the multi-player network: the two-player
    :class:`ModelConfig` with a narrower default trunk (6 x 48)."""

    channels: int = 48


class MultiOutputs(NamedTuple):
    """What the network computes for training."""

    policy: torch.Tensor  # [N, 2695] logits
    value: torch.Tensor  # [N, 4] logits per seat, seat 3 at -1e4 with three players


def three_players(x: torch.Tensor) -> torch.Tensor:
    """[N, 1] float: 1 where the input says three players (plane 29)."""
    return x[:, C.PLANE_THREE_PLAYERS, 0, 0].unsqueeze(1)


def mask_seat3(v: torch.Tensor, three: torch.Tensor) -> torch.Tensor:
    """Seat logits [N, 4] with seat 3's replaced by ``MASKED_LOGIT`` where
    ``three`` [N, 1] is 1 (and kept where it is 0)."""
    seat3 = v[:, 3:] * (1 - three) + C.MASKED_LOGIT * three
    return torch.cat([v[:, :3], seat3], dim=1)


class MultiNet(nn.Module):
    def __init__(self, config: MultiConfig | None = None):
        super().__init__()
        self.config = cfg = config or MultiConfig()
        c = cfg.channels
        self.stem = conv_bn(C.NUM_PLANES, c, 3)
        self.blocks = nn.Sequential(*[ResBlock(c, cfg.inner_channels) for _ in range(cfg.blocks)])

        self.policy_conv = conv_bn(c, cfg.policy_channels, 1)
        self.policy_out = nn.Conv2d(cfg.policy_channels, C.POLICY_CHANNELS, 1)

        self.value_conv = conv_bn(c, cfg.value_channels, 1)
        self.value_fc = nn.Linear(2 * cfg.value_channels, cfg.value_hidden)
        self.value_out = nn.Linear(cfg.value_hidden, C.SEATS)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """As WallZeroNet: He init, each residual block starts as the
        identity (last BN zero), small output layers."""
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
                if m.bias is not None:
                    nn.init.zeros_(m.bias)
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.ones_(m.weight)
                nn.init.zeros_(m.bias)
        for blk in self.blocks:
            nn.init.zeros_(blk.b[1].weight)
        for m in (self.policy_out, self.value_out):
            nn.init.normal_(m.weight, std=0.01)
            nn.init.zeros_(m.bias)

    def forward(self, x: torch.Tensor) -> MultiOutputs:
        t = self.blocks(F.relu(self.stem(x)))

        p = self.policy_out(F.relu(self.policy_conv(t))).flatten(1)  # [N, 55*49], channel-major

        v = F.relu(self.value_conv(t))
        pooled = torch.cat([v.mean(dim=(2, 3)), v.amax(dim=(2, 3))], dim=1)
        logits = self.value_out(F.relu(self.value_fc(pooled)))
        return MultiOutputs(p, mask_seat3(logits, three_players(x)))

    @staticmethod
    def outputs(raw: MultiOutputs) -> dict[str, torch.Tensor]:
        """The exported (Go-facing) outputs of the raw training outputs."""
        return {"policy": raw.policy, "value": torch.softmax(raw.value, dim=1)}


class ExportModule(nn.Module):
    """Wraps a MultiNet so its outputs are exactly the ONNX outputs, in the
    order of ``contract_mp.OUTPUT_NAMES`` (policy, value)."""

    def __init__(self, net: MultiNet):
        super().__init__()
        self.net = net

    def forward(self, features: torch.Tensor):
        out = MultiNet.outputs(self.net(features))
        return tuple(out[k] for k in C.OUTPUT_NAMES)
