#!/usr/bin/env python3
"""Plays records on with the search's best move until each game ends.

Reads records ({"id", "rules", "moves"}, one JSON object a line) from the
file named by the first argument, and for each asks `wallzero analysis`
(one process, kept open) for the position after its last move, plays the
move it ranks first, and repeats until the engine reports the game over.
Prints, per record, the moves added, how many, and the result line of
`wallzero replay` for the whole game. Used by
docs/notes/2026-12-06-three-player-variants.md:

    python3 scripts/playout.py records.jsonl [visits] [max-moves] > out.jsonl
"""
import json
import subprocess
import sys


def result(rules, moves):
    """Returns the last line of `wallzero replay` for the game: its result."""
    args = ["./bin/wallzero", "replay", "-players", str(rules.get("players", 2))]
    for k in ["opening", "stay", "tieBreak", "breakTiming", "breakWalls", "end", "settled"]:
        if rules.get(k):
            args += ["-" + k, rules[k]]
    out = subprocess.run(args + ["-moves", "-"], input="\n".join(moves), capture_output=True, text=True)
    lines = out.stdout.strip().splitlines() or [out.stderr.strip()]
    return lines[-1]


def main():
    path = sys.argv[1]
    visits = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 120
    eng = subprocess.Popen(["./bin/wallzero", "analysis", "-parallel", "1"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in open(path):
        rec = json.loads(line)
        moves = list(rec["moves"])
        added = []
        end = "move limit"
        for _ in range(limit):
            q = {"id": rec["id"], "rules": rec["rules"], "moves": moves, "maxVisits": visits, "topK": 1}
            eng.stdin.write(json.dumps(q) + "\n")
            eng.stdin.flush()
            while True:
                a = json.loads(eng.stdout.readline())
                if a.get("id") == rec["id"] and not a.get("isDuringSearch"):
                    break
            infos = a.get("moveInfos") or []
            if not infos:
                end = a.get("error") or ("game over" if a.get("noResults") or a.get("rootInfo", {}).get("phase") == "over" else json.dumps(a)[:200])
                break
            m = infos[0]["move"]
            moves.append(m)
            added.append(m)
        print(json.dumps({"id": rec["id"], "rules": rec["rules"], "added": added, "count": len(added),
                          "end": end, "result": result(rec["rules"], moves), "moves": moves}), flush=True)
    eng.stdin.close()
    eng.wait()


if __name__ == "__main__":
    main()
