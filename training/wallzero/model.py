"""The WallZero network: a residual tower with four heads.

Shapes (N is the batch)::

    features  [N, 49, 7, 7]  binary input planes
    trunk     stem conv3x3+BN+ReLU, then `blocks` residual blocks of
              conv3x3+BN+ReLU, conv3x3+BN, skip add, ReLU (all `channels` wide)
    policy    conv1x1 C->P + BN + ReLU, conv1x1 P->53 (with bias),
              flattened channel-major: [N, 2597], index = channel*49 + row*7 + col
    value     conv1x1 C->V + BN + ReLU, global mean and max pool -> 2V,
              FC 2V->H + ReLU, FC H->3 (win, draw, loss logits)
    margin    FC H->1 on the same hidden layer as value (trained in squares / 10)
    ownership conv1x1 C->1 (with bias), [N, 49] (tanh is applied in outputs())

:meth:`WallZeroNet.forward` returns the raw training outputs (logits, scaled
margin, ownership pre-activation); :meth:`WallZeroNet.outputs` and
:class:`ExportModule` turn them into the exported, Go-facing ones (policy
logits, value probabilities, margin in squares, ownership in [-1, 1]).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import NamedTuple

import torch
import torch.nn as nn
import torch.nn.functional as F

from . import contract as C


@dataclass
class ModelConfig:
    """Network size. ``policy_channels`` 0 means ``channels``.
    ``inner_channels`` is the width inside each residual block (the output
    of its first convolution); 0 means ``channels``. A narrower inside
    (a bottleneck) keeps the residual stream's width at less cost."""

    blocks: int = 6
    channels: int = 64
    policy_channels: int = 0
    value_channels: int = 32
    value_hidden: int = 128
    inner_channels: int = 0

    def __post_init__(self):
        if self.policy_channels <= 0:
            self.policy_channels = self.channels
        if self.inner_channels <= 0:
            self.inner_channels = self.channels
        for f in fields(self):
            v = getattr(self, f.name)
            if not isinstance(v, int) or v < (0 if f.name == "blocks" else 1):
                raise ValueError(f"ModelConfig.{f.name} = {v!r}: want a positive int")

    def to_dict(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, int]) -> ModelConfig:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in known})


class RawOutputs(NamedTuple):
    """What the network computes for training."""

    policy: torch.Tensor  # [N, 2597] logits
    value: torch.Tensor  # [N, 3] logits (win, draw, loss)
    margin: torch.Tensor  # [N, 1] margin / MARGIN_SCALE
    ownership: torch.Tensor  # [N, 49] pre-tanh


def conv_bn(cin: int, cout: int, k: int) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, padding=k // 2, bias=False),
        nn.BatchNorm2d(cout),
    )


class ResBlock(nn.Module):
    def __init__(self, c: int, inner: int = 0):
        super().__init__()
        inner = inner or c
        self.a = conv_bn(c, inner, 3)
        self.b = conv_bn(inner, c, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu(self.a(x))
        y = self.b(y)
        return F.relu(x + y)


class WallZeroNet(nn.Module):
    def __init__(self, config: ModelConfig | None = None):
        super().__init__()
        self.config = cfg = config or ModelConfig()
        c = cfg.channels
        self.stem = conv_bn(C.NUM_PLANES, c, 3)
        self.blocks = nn.Sequential(*[ResBlock(c, cfg.inner_channels) for _ in range(cfg.blocks)])

        self.policy_conv = conv_bn(c, cfg.policy_channels, 1)
        self.policy_out = nn.Conv2d(cfg.policy_channels, C.POLICY_CHANNELS, 1)

        self.value_conv = conv_bn(c, cfg.value_channels, 1)
        self.value_fc = nn.Linear(2 * cfg.value_channels, cfg.value_hidden)
        self.value_out = nn.Linear(cfg.value_hidden, 3)
        self.margin_out = nn.Linear(cfg.value_hidden, 1)

        self.ownership_out = nn.Conv2d(c, 1, 1)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        """He init for convolutions; zero-init the last BN of each residual
        block (each block starts as the identity) and small output layers."""
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
        for m in (self.policy_out, self.ownership_out, self.value_out, self.margin_out):
            nn.init.normal_(m.weight, std=0.01)
            nn.init.zeros_(m.bias)

    def forward(self, x: torch.Tensor) -> RawOutputs:
        t = self.blocks(F.relu(self.stem(x)))

        p = self.policy_out(F.relu(self.policy_conv(t)))
        p = p.flatten(1)  # [N, 53*49], channel-major

        v = F.relu(self.value_conv(t))
        pooled = torch.cat([v.mean(dim=(2, 3)), v.amax(dim=(2, 3))], dim=1)
        h = F.relu(self.value_fc(pooled))

        own = self.ownership_out(t).flatten(1)  # [N, 49]
        return RawOutputs(p, self.value_out(h), self.margin_out(h), own)

    @staticmethod
    def outputs(raw: RawOutputs) -> dict[str, torch.Tensor]:
        """The exported (Go-facing) outputs of raw training outputs."""
        return {
            "policy": raw.policy,
            "value": torch.softmax(raw.value, dim=1),
            "margin": raw.margin * C.MARGIN_SCALE,
            "ownership": torch.tanh(raw.ownership),
        }


class ExportModule(nn.Module):
    """Wraps a network so its outputs are exactly the ONNX outputs, in the
    order of ``contract.OUTPUT_NAMES``."""

    def __init__(self, net: WallZeroNet):
        super().__init__()
        self.net = net

    def forward(self, features: torch.Tensor):
        out = WallZeroNet.outputs(self.net(features))
        return tuple(out[k] for k in C.OUTPUT_NAMES)


def count_parameters(net: nn.Module) -> int:
    return sum(p.numel() for p in net.parameters())
