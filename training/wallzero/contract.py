"""Constants of the contract between this learner and the Go engine.

They must match ``inference/features.go``, ``inference/actions.go`` and
``inference/model.go``: changing one here without the Go side breaks models.
"""

BOARD = 7
SQUARES = BOARD * BOARD  # 49

# Input: float32 [N, 49, 7, 7], plane p / square row*7+col at [p, row, col].
NUM_PLANES = 49
FEATURE_SIZE = NUM_PLANES * SQUARES  # 2401
PACKED_FEATURE_BYTES = (FEATURE_SIZE + 7) // 8  # 301

# Policy: 53 channels x 49 squares, action id = channel*49 + row*7 + col.
POLICY_CHANNELS = 53
NUM_ACTIONS = POLICY_CHANNELS * SQUARES  # 2597

# Value classes for the side to move.
VALUE_WIN, VALUE_DRAW, VALUE_LOSS = 0, 1, 2

# ONNX tensor names.
INPUT_NAME = "features"
OUTPUT_NAMES = ("policy", "value", "margin", "ownership")

# ONNX metadata.
OPSET = 17
META_FORMAT = "1"
FEATURE_SET_ID = "wallzero-btrh-49-v1"
ACTION_LAYOUT = "wallzero-actions-53x49-v1"
HEADS = ",".join(OUTPUT_NAMES)

# The margin head is trained on margin / MARGIN_SCALE; the exported output
# is multiplied back, so it is in squares.
MARGIN_SCALE = 10.0
