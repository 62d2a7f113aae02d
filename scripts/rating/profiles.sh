#!/usr/bin/env bash
# Profiles of players of known strength through the coach's workspace
# (docs/workspace.md): ten games for each of six ladder players on fresh
# seeds (three matches, colours swapped game by game), imported into one
# collection of a real `wallzero serve -auth off` at the service's
# defaults on a throwaway PostgreSQL; once the background reviews are
# done, each player's profile (its combined rating, accuracy, points lost
# per move) is printed as JSON, to hold against models/ratings.json.
#
#   scripts/rating/profiles.sh [DIR] [SEED]
set -euo pipefail
dir=${1:-.local/profiles}
seed=${2:-62001}
bin=${WALLZERO_BIN:-bin/wallzero}
mkdir -p "$dir"
play() { # red blue seed name
  [ -s "$dir/$4.jsonl" ] || "$bin" match -red "$1" -blue "$2" -games 10 -swap -seed "$3" -workers 2 \
    -save-games "$dir/$4.jsonl" > "$dir/$4.txt"
}
play voronoi-easy voronoi-hard "$seed" a
play policy mcts:visits=64,score=1 $((seed + 1)) b
play voronoi-medium mcts:visits=400,score=1 $((seed + 2)) c
cat "$dir"/a.jsonl "$dir"/b.jsonl "$dir"/c.jsonl > "$dir/all.jsonl"

pg=$(mktemp -d "$PWD/.local/pg-profiles.XXXXXX")
url=$(scripts/localpg.sh start "$pg" "$(scripts/localpg.sh free-port 29432)" postgres --throwaway)
port=$(scripts/localpg.sh free-port 18431)
"$bin" serve -addr "127.0.0.1:$port" -auth off -database-url "$url" > "$dir/serve.log" 2>&1 &
serve=$!
trap 'kill $serve 2>/dev/null || true; scripts/localpg.sh destroy "$pg" > /dev/null 2>&1 || true' EXIT
api="http://127.0.0.1:$port/v1"
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 1; done
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
cid=$(curl -sf -X POST -H 'Content-Type: application/json' -d '{"name":"ladder"}' "$api/collections" | json 'd["id"]')
curl -sf -X POST -H 'Content-Type: application/x-ndjson' --data-binary @"$dir/all.jsonl" \
  "$api/collections/$cid/games?onError=reject" | json '"imported", len(d["games"])' >&2
until curl -sf "$api/collections/$cid" | json 'd["progress"]["finished"]' | grep -q True; do sleep 10; done
for id in $(curl -sf "$api/collections/$cid" | json '" ".join(p["id"] for p in d["players"])'); do
  curl -sf "$api/players/$id" | json 'json.dumps({"player": d["name"], "rating": d.get("rating"), "accuracy": d.get("accuracy"), "pointsLostPerMove": d.get("pointsLostPerMove"), "reviewed": d.get("reviewed")})'
done | tee "$dir/profiles.jsonl"
