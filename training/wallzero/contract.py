"""The contract between this learner and the Go engine, per player format.

A :class:`Format` says everything that differs between the two-player
network and the three- and four-player one (docs/multiplayer-network.md):
the input planes, the action space, the heads, the ONNX metadata and the
checkpoint tag. :data:`TWO` and :data:`MULTI` are the two formats;
:func:`get_format` picks one by name or player count. The constants must
match ``inference/format`` (``format_two.go``, ``format_multi.go``,
``actions.go``) and ``inference/model.go``: changing one here
without the Go side breaks models.

The module-level names below :data:`MULTI` (``NUM_PLANES``,
``NUM_ACTIONS``, ...) are the two-player format's, for the tools that only
handle it (distillation, quantization, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

BOARD = 7
SQUARES = BOARD * BOARD  # 49

# ONNX tensor name of the input, opset and metadata version (both formats).
INPUT_NAME = "features"
OPSET = 17
META_FORMAT = "1"

# Value classes of the two-player value head, for the side to move.
VALUE_WIN, VALUE_DRAW, VALUE_LOSS = 0, 1, 2

# The two-player margin head is trained on margin / MARGIN_SCALE; the
# exported output is multiplied back, so it is in squares.
MARGIN_SCALE = 10.0

# Multi-player planes that say the player count: all ones with three /
# four players.
PLANE_THREE_PLAYERS = 29
PLANE_FOUR_PLAYERS = 30

# Seats of the multi-player value head; seat k is colour (toMove + k) mod
# players. With three players seat 3 is empty and gets MASKED_LOGIT, so its
# softmax is 0.
SEATS = 4
MASKED_LOGIT = -1e4


@dataclass(frozen=True)
class Format:
    """One player format's contract.

    ``name`` is "two" or "multi"; ``players`` the counts it is served for
    by default (the ``wallzero.players`` metadata of a multi-player model;
    two-player models carry none). ``value_outputs`` is the width of the
    value head: 3 classes (win, draw, loss) or 4 seats. ``output_names``
    lists the ONNX outputs in order; the two-player format also has the
    margin and ownership heads. ``network`` tags the checkpoints of the
    format (None: untagged, the two-player ones). ``producer`` is the ONNX
    ``producer_name``: it is part of the exported bytes, so it stays the
    name the exporter had when the shipped models were written.
    """

    name: str
    planes: int
    policy_channels: int
    value_outputs: int
    output_names: tuple[str, ...]
    feature_set_id: str
    action_layout: str
    players: str
    default_channels: int
    network: str | None
    producer: str
    doc_title: str

    @property
    def feature_size(self) -> int:
        """Input values per sample (planes x 49)."""
        return self.planes * SQUARES

    @property
    def packed_bytes(self) -> int:
        """Bytes of one sample's bit-packed features in a chunk."""
        return (self.feature_size + 7) // 8

    @property
    def num_actions(self) -> int:
        """Policy outputs: channel*49 + row*7 + col."""
        return self.policy_channels * SQUARES

    @property
    def heads(self) -> str:
        """The ``wallzero.heads`` metadata."""
        return ",".join(self.output_names)

    @property
    def has_margin_ownership(self) -> bool:
        """Whether the network has the margin and ownership heads."""
        return "ownership" in self.output_names


# Two players: 49 planes (wallzero-btrh-49-v1), 53 policy channels.
TWO = Format(
    name="two", planes=49, policy_channels=53, value_outputs=3,
    output_names=("policy", "value", "margin", "ownership"),
    feature_set_id="wallzero-btrh-49-v1", action_layout="wallzero-actions-53x49-v1",
    players="2", default_channels=64, network=None,
    producer="wallzero.export", doc_title="WallZero network",
)

# Three and four players: 34 planes in the mover's view of the seats, 55
# policy channels (the two-player 53, then the breaks of north and east
# walls), one value per seat.
MULTI = Format(
    name="multi", planes=34, policy_channels=55, value_outputs=SEATS,
    output_names=("policy", "value"),
    feature_set_id="wallzero-mp-34-v1", action_layout="wallzero-mp-actions-55x49-v1",
    players="3,4", default_channels=48, network="wallzero-mp",
    producer="wallzero.multi_export", doc_title="WallZero multi-player network",
)

FORMATS = {f.name: f for f in (TWO, MULTI)}


def get_format(spec: str | int | Format) -> Format:
    """The format named ``spec`` ("two", "multi"), or the one that plays
    ``spec`` players (2, 3, 4, "3,4"); a Format is returned as it is."""
    if isinstance(spec, Format):
        return spec
    s = str(spec).strip()
    if s in FORMATS:
        return FORMATS[s]
    try:
        counts = {int(f) for f in s.split(",")}
    except ValueError:
        counts = set()
    if counts == {2}:
        return TWO
    if counts and counts <= {3, 4}:
        return MULTI
    raise ValueError(f"format {spec!r}: want two, multi or a player count (2, 3, 4, 3,4)")


def format_of_features(feature_set_id: str) -> Format:
    """The format whose ``wallzero.features`` metadata is ``feature_set_id``."""
    for f in FORMATS.values():
        if f.feature_set_id == feature_set_id:
            return f
    raise ValueError(f"feature set {feature_set_id!r}: not one of {[f.feature_set_id for f in FORMATS.values()]}")


# The two-player format's constants under their plain names.
NUM_PLANES = TWO.planes  # 49
FEATURE_SIZE = TWO.feature_size  # 2401
PACKED_FEATURE_BYTES = TWO.packed_bytes  # 301
POLICY_CHANNELS = TWO.policy_channels  # 53
NUM_ACTIONS = TWO.num_actions  # 2597
OUTPUT_NAMES = TWO.output_names
FEATURE_SET_ID = TWO.feature_set_id
ACTION_LAYOUT = TWO.action_layout
HEADS = TWO.heads
