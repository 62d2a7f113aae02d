#!/usr/bin/env bash
# figures.sh: the README's table of current figures, measured now on this
# machine, printed as a markdown table (about three minutes on 2 cores).
# Settings are smaller than the dated notes' runs (fewer repetitions and
# games), so a figure here is a check of today's build, and the notes keep
# the careful measurements. Needs `make build onnxruntime`.
#
#   scripts/figures.sh            # all rows
#   FIGURES_GAMES=400 scripts/figures.sh   # more games per match seed
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/wallzero}
GAMES=${FIGURES_GAMES:-200}
export WALLZERO_ORT_LIB=${WALLZERO_ORT_LIB:-$PWD/.local/onnxruntime/libonnxruntime.so.1}
[ -x "$BIN" ] || { echo "figures.sh: $BIN is missing: run make build onnxruntime" >&2; exit 1; }
[ -f "$WALLZERO_ORT_LIB" ] || { echo "figures.sh: $WALLZERO_ORT_LIB is missing: run make onnxruntime" >&2; exit 1; }

# field prints the value of key=value (first match) in its input.
field() { grep -o "$1=[0-9.]*" | head -1 | cut -d= -f2; }

model=$("$BIN" version | sed -n 's/^model \([^ ]*\) (\([^,]*\).*/\1 \2/p')
model_id=${model%% *}
model_path=${model#* }

echo "| what | result | command |"
echo "|---|---|---|"

four=$("$BIN" perft -opening four-stone -depth 2 </dev/null | cut -d= -f2 | paste -sd/)
empty=$("$BIN" perft -opening empty -depth 2 </dev/null | cut -d= -f2 | paste -sd/)
echo "| perft to depth 2, four-stone / empty start | $four; $empty | \`$BIN perft -opening four-stone -depth 2 </dev/null\` |"

games=$("$BIN" bench engine -seconds 5 | field random_games_per_sec)
echo "| random games per second, one core | $games | \`$BIN bench engine -seconds 5\` |"

search=$("$BIN" bench search -model "$model_path" -searches 1 -seconds 1 -reps 3 -runs 9)
latency=$(echo "$search" | grep 'analysis_latency_ms batching=pipelined-2' | field median)
raw=$(echo "$search" | grep raw_evals_per_sec | awk '{print $3}' | sort -n | tail -1)
echo "| 400-visit analysis with the service's model ($model_id) | median $latency ms; best raw rate $raw evaluations/s | \`$BIN bench search -model $model_path -searches 1 -seconds 1 -reps 3 -runs 9\` |"

wins=0 draws=0 total=0
for s in 5101:four-stone 5102:empty; do
	out=$("$BIN" match -red policy -blue voronoi-hard -games "$GAMES" -swap -seed "${s%%:*}" -opening "${s##*:}" | tail -1)
	wins=$((wins + $(echo "$out" | grep -o '"a_wins":[0-9]*' | cut -d: -f2)))
	draws=$((draws + $(echo "$out" | grep -o '"draws":[0-9]*' | cut -d: -f2)))
	total=$((total + GAMES))
done
score=$(awk -v w="$wins" -v d="$draws" -v n="$total" 'BEGIN { printf "%.3f", (w + d / 2) / n }')
echo "| raw policy against voronoi-hard (seeds 5101 four-stone, 5102 empty) | $score over $total games | \`$BIN match -red policy -blue voronoi-hard -games $GAMES -swap -seed 5101 -opening four-stone\` (and 5102, empty) |"

reach=$("$BIN" solve -bench -games-file engine/solver/endgames/testdata/agent-games.jsonl -games 30 -plies 4,8 -limits 1s |
	awk '$1 == 4 || $1 == 8 { print $4 }' | paste -sd/)
echo "| endgames proven within 1 s, 4 / 8 plies before the end (30 agent games) | $reach | \`$BIN solve -bench -games-file engine/solver/endgames/testdata/agent-games.jsonl -games 30 -plies 4,8 -limits 1s\` |"
