"""Constants of the three- and four-player network's contract with the Go
engine (docs/multiplayer-network.md; ``inference/multi*.go``).

Changing one here without the Go side breaks models.
"""

BOARD = 7
SQUARES = BOARD * BOARD  # 49

# Input: float32 [N, 34, 7, 7], every plane binary, plane p / square
# row*7+col at [p, row, col], in the mover's view of the seats.
NUM_PLANES = 34
FEATURE_SIZE = NUM_PLANES * SQUARES  # 1666
PACKED = (FEATURE_SIZE + 7) // 8  # 209 bytes per sample in a chunk

# Planes that say the player count: all ones with three / four players.
PLANE_THREE_PLAYERS = 29
PLANE_FOUR_PLAYERS = 30

# Policy: 55 channels x 49 squares, action id = channel*49 + row*7 + col
# (the two-player 53 channels, then the breaks of north and east walls).
POLICY_CHANNELS = 55
NUM_ACTIONS = POLICY_CHANNELS * SQUARES  # 2695

# Value: one probability per seat; seat k is colour (toMove + k) mod players.
SEATS = 4

# Logit given to the empty seat 3 with three players: its softmax is 0.
MASKED_LOGIT = -1e4

# ONNX tensor names.
INPUT_NAME = "features"
OUTPUT_NAMES = ("policy", "value")

# ONNX metadata.
OPSET = 17
META_FORMAT = "1"
FEATURE_SET_ID = "wallzero-mp-34-v1"
ACTION_LAYOUT = "wallzero-mp-actions-55x49-v1"
HEADS = ",".join(OUTPUT_NAMES)  # "policy,value"
PLAYERS = "3,4"
