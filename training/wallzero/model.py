"""The WallZero network: a residual tower with the heads of a player format.

Shapes (N is the batch; the two-player format first, the three- and
four-player one in brackets)::

    features  [N, 49 (34), 7, 7]  binary input planes
    trunk     stem conv3x3+BN+ReLU, then `blocks` residual blocks of
              conv3x3+BN+ReLU, conv3x3+BN, skip add, ReLU (all `channels` wide)
    policy    conv1x1 C->P + BN + ReLU, conv1x1 P->53 (55) (with bias),
              flattened channel-major: [N, 2597 (2695)], index = channel*49 + row*7 + col
    value     conv1x1 C->V + BN + ReLU, global mean and max pool -> 2V,
              FC 2V->H + ReLU, FC H->3 (win, draw, loss logits)
              (FC H->4: one logit per seat)
    margin    two players: FC H->1 on the same hidden layer as value
              (trained in squares / 10)
    ownership two players: conv1x1 C->1 (with bias), [N, 49] (tanh is
              applied in outputs())

With three players (input plane 29 all ones) the logit of the empty seat 3
is replaced by -1e4 inside :meth:`WallZeroNet.forward`, so its softmax is 0
both in training and in the exported graph. The player count is read at
square (0, 0) of plane 29: the plane is constant, so one square says it.

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
from .contract import TWO, Format


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


def default_config(fmt: Format = TWO, blocks: int | None = None, channels: int | None = None) -> ModelConfig:
    """The size of a new network of ``fmt``: ``blocks`` (default 6) x
    ``channels`` (default 64 with two players, 48 with more)."""
    return ModelConfig(blocks=6 if blocks is None else blocks,
                       channels=fmt.default_channels if channels is None else channels)


class RawOutputs(NamedTuple):
    """What the network computes for training. The three- and four-player
    network has no margin or ownership head (None)."""

    policy: torch.Tensor  # [N, 2597 | 2695] logits
    value: torch.Tensor  # [N, 3] logits (win, draw, loss) | [N, 4] per seat, seat 3 at -1e4 with three players
    margin: torch.Tensor | None = None  # [N, 1] margin / MARGIN_SCALE
    ownership: torch.Tensor | None = None  # [N, 49] pre-tanh


def three_players(x: torch.Tensor) -> torch.Tensor:
    """[N, 1] float: 1 where a multi-player input says three players (plane 29)."""
    return x[:, C.PLANE_THREE_PLAYERS, 0, 0].unsqueeze(1)


def mask_seat3(v: torch.Tensor, three: torch.Tensor) -> torch.Tensor:
    """Seat logits [N, 4] with seat 3's replaced by ``MASKED_LOGIT`` where
    ``three`` [N, 1] is 1 (and kept where it is 0)."""
    seat3 = v[:, 3:] * (1 - three) + C.MASKED_LOGIT * three
    return torch.cat([v[:, :3], seat3], dim=1)


def conv_bn(cin: int, cout: int, k: int) -> nn.Sequential:
    """A convolution without bias followed by BatchNorm (k x k, same padding)."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, padding=k // 2, bias=False),
        nn.BatchNorm2d(cout),
    )


class ResBlock(nn.Module):
    """conv3x3+BN+ReLU, conv3x3+BN, skip add, ReLU; ``inner`` wide inside."""

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
    """The network of player format ``fmt`` (two-player by default).

    The layers are made in the same order for both formats (the margin and
    ownership heads last), so a seeded initialisation and the state_dict
    keys are those of the checkpoints and models already written."""

    def __init__(self, config: ModelConfig | None = None, fmt: Format = TWO):
        super().__init__()
        self.fmt = fmt
        self.config = cfg = config or default_config(fmt)
        c = cfg.channels
        self.stem = conv_bn(fmt.planes, c, 3)
        self.blocks = nn.Sequential(*[ResBlock(c, cfg.inner_channels) for _ in range(cfg.blocks)])

        self.policy_conv = conv_bn(c, cfg.policy_channels, 1)
        self.policy_out = nn.Conv2d(cfg.policy_channels, fmt.policy_channels, 1)

        self.value_conv = conv_bn(c, cfg.value_channels, 1)
        self.value_fc = nn.Linear(2 * cfg.value_channels, cfg.value_hidden)
        self.value_out = nn.Linear(cfg.value_hidden, fmt.value_outputs)
        if fmt.has_margin_ownership:
            self.margin_out = nn.Linear(cfg.value_hidden, 1)
            self.ownership_out = nn.Conv2d(c, 1, 1)
        self.reset_parameters()

    def output_layers(self) -> tuple[nn.Module, ...]:
        """The last layer of each head, in the order they are initialised."""
        if self.fmt.has_margin_ownership:
            return (self.policy_out, self.ownership_out, self.value_out, self.margin_out)
        return (self.policy_out, self.value_out)

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
        for m in self.output_layers():
            nn.init.normal_(m.weight, std=0.01)
            nn.init.zeros_(m.bias)

    def forward(self, x: torch.Tensor) -> RawOutputs:
        """Raw training outputs of the inputs ``x`` [N, planes, 7, 7].

        The operations run in the order the exported graphs were traced in
        (the ONNX bytes depend on it): trunk, policy, value hidden layer,
        then the multi-player seat logits, or the two-player ownership,
        value and margin."""
        t = self.blocks(F.relu(self.stem(x)))

        p = self.policy_out(F.relu(self.policy_conv(t)))
        p = p.flatten(1)  # [N, channels*49], channel-major

        v = F.relu(self.value_conv(t))
        pooled = torch.cat([v.mean(dim=(2, 3)), v.amax(dim=(2, 3))], dim=1)
        h = F.relu(self.value_fc(pooled))

        if not self.fmt.has_margin_ownership:
            return RawOutputs(p, mask_seat3(self.value_out(h), three_players(x)))
        own = self.ownership_out(t).flatten(1)  # [N, 49]
        return RawOutputs(p, self.value_out(h), self.margin_out(h), own)

    @staticmethod
    def outputs(raw: RawOutputs) -> dict[str, torch.Tensor]:
        """The exported (Go-facing) outputs of raw training outputs: policy
        logits and value probabilities, and with two players the margin in
        squares and the ownership in [-1, 1]."""
        if raw.margin is None:
            return {"policy": raw.policy, "value": torch.softmax(raw.value, dim=1)}
        return {
            "policy": raw.policy,
            "value": torch.softmax(raw.value, dim=1),
            "margin": raw.margin * C.MARGIN_SCALE,
            "ownership": torch.tanh(raw.ownership),
        }


class ExportModule(nn.Module):
    """Wraps a network so its outputs are exactly the ONNX outputs, in the
    order of its format's ``output_names``."""

    def __init__(self, net: WallZeroNet):
        super().__init__()
        self.net = net

    def forward(self, features: torch.Tensor):
        out = WallZeroNet.outputs(self.net(features))
        return tuple(out[k] for k in self.net.fmt.output_names)


def count_parameters(net: nn.Module) -> int:
    """Number of trainable and frozen parameters."""
    return sum(p.numel() for p in net.parameters())
