"""The AlphaZero training loop: self-play, train, export, gate, promote.

    cd training && /usr/bin/python3 loop.py [--iterations N] [--hours H] [options]

Two ways to start (``--mode``):

- ``self`` (the default when a model exists: ``--start-model``, by default
  ``models/wallzero.onnx``): the network is its own teacher from the first
  iteration. The loop takes the model's id (``wz-0012`` -> the next
  iteration is 13) and, since the model's PyTorch checkpoint is not
  shipped, rebuilds ``checkpoints/latest.pt`` from the ONNX file
  (``onnx_to_checkpoint.py``, BatchNorm statistics calibrated on the first
  self-play games) before the first training step;
- ``bootstrap`` (the default with no model): the first iteration's games are
  played by the model-free heuristic evaluator (heuristic-guided search),
  and the network starts from nothing.

Each iteration:

1. self-play: ``bin/wallzero selfplay`` with the current best model (PUCT
   with playout-cap randomization: ``--visits`` full searches recorded with
   probability ``--full-prob``, ``--fast-visits`` otherwise; ``--gumbel`` for
   Gumbel root selection and improved-policy targets) writes
   ``data/iter-NNNN/``; on a CPU with 8-bit dot products (``wallzero
   version``) the games are played by an 8-bit copy of the best network
   (``--int8-selfplay``, made once per promoted network by quantize.py),
   several times the evaluations per CPU second at the same strength per
   visit;
2. train: ``python3 -m wallzero.train`` continues the checkpoint
   ``checkpoints/latest.pt`` on the newest samples (a moving replay window
   of ``--window`` samples over all iterations' games);
3. export: the checkpoint becomes ``checkpoints/cand-NNNN.onnx``;
4. gate: ``bin/wallzero match`` plays the candidate against the current best
   (both searching with the same visits, both openings, colours swapped);
5. promote: a candidate that scores at least ``--gate-score`` replaces
   ``models/wallzero.onnx`` and is added, with its match figures against the
   fixed baselines, to the ladder ``models/ladder.json``.

A network trained elsewhere (``gpu_session.sh`` on a GPU machine) enters
the loop with ``--import-checkpoint PATH --import-stats JSON``: it becomes
this iteration's training result (``checkpoints/latest.pt``, the previous
one kept as ``latest-before-import.pt``) and goes through the same export,
gate and promotion; later iterations continue from it.

Every step leaves its result on disk and ``checkpoints/loop.json`` records the
last finished step, so the loop resumes where it stopped. Only the standard
library is used here; the work happens in the Go binary and wallzero.train.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(os.environ.get("WALLZERO_BIN", ROOT / "bin" / "wallzero"))
PY = "/usr/bin/python3"
MODELS = ROOT / "models"
BEST = MODELS / "wallzero.onnx"
LADDER = MODELS / "ladder.json"


def log(**kw) -> None:
    kw["time"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    print(json.dumps(kw), flush=True)


def children_cpu_seconds() -> float:
    """User plus system CPU time of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd: list[str], cwd: Path = ROOT, capture: bool = True) -> str:
    log(event="run", cmd=" ".join(str(c) for c in cmd))
    env = dict(os.environ)
    env.setdefault("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296")
    proc = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE if capture else None)
    lines = []
    if capture:
        for line in proc.stdout:  # keep the output and show progress on stderr
            lines.append(line)
            sys.stderr.write(line)
            sys.stderr.flush()
    if proc.wait() != 0:
        raise SystemExit(f"loop: command failed ({proc.returncode}): {' '.join(map(str, cmd))}")
    return "".join(lines)


def last_json(out: str) -> dict:
    lines = [l for l in out.strip().splitlines() if l.startswith("{")]
    return json.loads(lines[-1]) if lines else {}


class State:
    """checkpoints/loop.json: the iteration and its last finished step."""

    def __init__(self, path: Path):
        self.path = path
        self.d = {"iteration": 1, "step": "start", "best": None, "started": time.time(),
                  "games": 0, "samples": 0, "train_steps": 0, "selfplay_seconds": 0.0,
                  "train_seconds": 0.0}
        if path.exists():
            self.d.update(json.loads(path.read_text()))

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.d, indent=2))
        tmp.replace(self.path)

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v


def match(a: str, b: str, games: int, seed: int, modes=("four-stone", "empty")) -> dict:
    """Plays a vs b in each mode (colours swapped) and pools the results."""
    total = {"games": 0, "a_wins": 0, "b_wins": 0, "draws": 0, "by_mode": {}}
    for mode in modes:
        r = last_json(run([BIN, "match", "-red", a, "-blue", b, "-games", str(games), "-swap",
                           "-mode", mode, "-seed", str(seed)]))
        total["by_mode"][mode] = {k: r[k] for k in ("a_score", "a_wins", "b_wins", "draws", "a_score_ci95")}
        for k in ("games", "a_wins", "b_wins", "draws"):
            total[k] += r[k]
    total["a_score"] = (total["a_wins"] + total["draws"] / 2) / max(1, total["games"])
    return total


def onnx_model_id(path: Path) -> str:
    """The wallzero.model_id of an ONNX model (read with the onnx package)."""
    code = ("import onnx, sys; m = onnx.load(sys.argv[1]); "
            "print({p.key: p.value for p in m.metadata_props}.get('wallzero.model_id', ''))")
    return subprocess.run([PY, "-c", code, str(path)], check=True, text=True, stdout=subprocess.PIPE).stdout.strip()


def int8_selfplay_wanted(setting: str, version_text: str) -> bool:
    """Whether self-play should use an 8-bit copy of the best network.

    ``on`` and ``off`` decide; ``auto`` follows ``wallzero version``'s
    ``cpu int8 dot products`` line (AVX-512 VNNI, AVX-VNNI or AMX-INT8),
    the CPUs where the 8-bit file makes several times the evaluations per
    CPU second at the same strength per visit (docs/performance.md).
    """
    if setting in ("on", "off"):
        return setting == "on"
    return any(line.strip().startswith("cpu int8 dot products: yes") for line in version_text.splitlines())


def selfplay_model(model: str, model_id: str, ckpts: Path, args) -> str:
    """The file self-play runs: the best network, or its 8-bit copy.

    The copy (``checkpoints/selfplay-ID-int8.onnx``) is made once per
    promoted network by training/quantize.py, calibrated on positions of a
    short low-visit self-play run of the float network
    (``checkpoints/calib-ID/``), and reused while that network stays the
    best. Gates, ladders and ratings keep playing the float file, so their
    results do not depend on the CPU.
    """
    if model == "heuristic" or not args.int8:
        return model
    out = ckpts / f"selfplay-{model_id}-int8.onnx"
    if out.exists():
        return str(out)
    calib = ckpts / f"calib-{model_id}"
    shutil.rmtree(calib, ignore_errors=True)
    t0, c0 = time.time(), children_cpu_seconds()
    run([BIN, "selfplay", "-model", model, "-games", args.calibrate_games, "-out", calib,
         "-visits", 16, "-fast-visits", 16, "-full-prob", 1, "-sample-moves", 60,
         "-parallel", args.parallel, "-seed", 4242])
    tmp = out.with_suffix(".tmp.onnx")
    run([PY, "quantize.py", "--model", Path(model).resolve(), "--data", calib.resolve(), "--out", tmp.resolve(),
         "--samples", args.calibrate_samples], cwd=HERE)
    tmp.replace(out)
    log(event="quantize", model=model_id, out=str(out), wall_seconds=round(time.time() - t0, 1),
        cpu_seconds=round(children_cpu_seconds() - c0, 1))
    return str(out)


def selfplay_command(args, player: str, games: int, out: Path, visits: int, it: int, first: bool) -> list:
    """The ``wallzero selfplay`` command of iteration it: the search
    settings of args (Gumbel and the score utility only for network games,
    not for the heuristic bootstrap), seeded by the iteration."""
    cmd = [BIN, "selfplay", "-model", player, "-games", games, "-out", out,
           "-visits", visits, "-fast-visits", max(args.fast_visits, visits // 5),
           "-full-prob", args.full_prob, "-parallel", args.parallel,
           "-sample-moves", args.sample_moves, "-seed", it * 1_000_003]
    if args.gumbel and not first:
        cmd.append("-gumbel")
    if args.selfplay_score_utility and not first:
        cmd += ["-score-utility", args.selfplay_score_utility]
    return cmd


def start_from_model(state: State, path: Path) -> None:
    """Makes the model at path the loop's current best (self-play mode on a
    fresh work directory): the next iteration continues its numbering."""
    model_id = onnx_model_id(path)
    num = model_id.rsplit("-", 1)[-1]
    it = int(num) + 1 if model_id.startswith("wz-") and num.isdigit() else 1
    state["best"] = {"id": model_id or path.stem, "iteration": it - 1, "path": str(path.resolve())}
    state["iteration"] = it
    state["mode"] = "self"
    state.save()
    log(event="start", mode="self", model=state["best"]["id"], path=str(path), next_iteration=it)


def refit_ratings(promote_dir: Path) -> None:
    """Refits the rating list of promote_dir (ratings.py) after a promotion;
    a failure is logged, it does not stop the loop."""
    try:
        out = run([PY, "ratings.py", "fit", "--models", promote_dir.resolve(), "--reps", 200,
                   "--out", (promote_dir / "ratings.json").resolve(), "--svg", (promote_dir / "ratings.svg").resolve()],
                  cwd=HERE)
        log(event="ratings", lines=len(out.splitlines()))
    except SystemExit as e:
        log(event="warning", message=f"ratings not refitted: {e}")


def import_checkpoint(state: State, ckpts: Path, path: Path, stats: dict) -> None:
    """Makes a checkpoint trained elsewhere this iteration's training result,
    so the next steps export, gate and (maybe) promote it."""
    if state["step"] != "start":
        raise SystemExit(f"loop: --import-checkpoint needs an iteration at its start, not after {state['step']!r}")
    if not path.is_file():
        raise SystemExit(f"loop: --import-checkpoint {path}: no such file")
    latest = ckpts / "latest.pt"
    if latest.exists():
        shutil.copyfile(latest, ckpts / "latest-before-import.pt")
    tmp = latest.with_suffix(".tmp")
    shutil.copyfile(path, tmp)
    tmp.replace(latest)
    for k in ("games", "samples", "selfplay_seconds", "train_seconds", "train_steps"):
        state[k] += stats.get(k, 0)
    state["train_samples"] = state.d.get("train_samples", 0) + stats.get("train_samples", 0)
    state["imported"] = state.d.get("imported", []) + [{"checkpoint": str(path), **stats}]
    state["last_train"] = {"event": "import", "checkpoint": str(path), **stats}
    state["step"] = "train"
    state.save()
    log(event="import", iteration=state["iteration"], checkpoint=str(path), **stats)


def parse_lr_step(text: str) -> tuple[int, float]:
    """Parses one --lr-from value, ITERATION:LR (e.g. "27:0.0015"); raises
    ValueError naming the value and what is wrong with it."""
    it, sep, lr = text.partition(":")
    try:
        if not sep:
            raise ValueError
        step = (int(it), float(lr))
    except ValueError:
        raise ValueError(f"--lr-from {text!r}: want ITERATION:LR, e.g. 27:0.0015") from None
    if step[0] < 1 or not 0 < step[1] < 1:
        raise ValueError(f"--lr-from {text!r}: the iteration must be at least 1 and the rate within (0, 1)")
    return step


def learning_rate(base: float, steps: list[tuple[int, float]], iteration: int) -> float:
    """The learning rate of an iteration: that of the last --lr-from step at
    or before it, else base (a step schedule, as AlphaZero's)."""
    lr = base
    for it, step_lr in sorted(steps):
        if it <= iteration:
            lr = step_lr
    return lr


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--iterations", type=int, default=1000, help="stop after this many iterations")
    p.add_argument("--hours", type=float, default=1000.0, help="stop starting new iterations after this long")
    p.add_argument("--work", default=str(HERE), help="directory holding data/ and checkpoints/")
    p.add_argument("--games", type=int, default=400, help="self-play games per iteration")
    p.add_argument("--bootstrap-games", type=int, default=4000, help="heuristic self-play games of iteration 1")
    p.add_argument("--bootstrap-visits", type=int, default=400, help="full-search visits of heuristic self-play")
    p.add_argument("--visits", type=int, default=160, help="visits of a full self-play search")
    p.add_argument("--fast-visits", type=int, default=32)
    p.add_argument("--full-prob", type=float, default=0.25)
    p.add_argument("--gumbel", action="store_true", help="Gumbel root selection in self-play (improved-policy targets)")
    p.add_argument("--selfplay-score-utility", type=float, default=1.0,
                   help="score utility of the self-play searches (0..4; 0: win rate alone, as every run before 1 December; "
                        "1 raised the raw policy and the gates in the third run, docs/reinforcement.md)")
    p.add_argument("--sample-moves", type=int, default=12, help="self-play plies sampled in proportion to visits")
    p.add_argument("--mode", choices=("auto", "self", "bootstrap"), default="auto",
                   help="how a fresh work directory starts: self-play of --start-model, or the heuristic bootstrap "
                        "(auto: self when --start-model exists)")
    p.add_argument("--start-model", help="model a fresh self-play loop starts from (default: PROMOTE_DIR/wallzero.onnx, "
                                         "else models/wallzero.onnx)")
    p.add_argument("--calibrate-samples", type=int, default=4096,
                   help="positions for the BatchNorm statistics when rebuilding a checkpoint from the start model")
    p.add_argument("--passes", type=float, default=4.0, help="training steps per iteration = passes * new samples / batch")
    p.add_argument("--bootstrap-passes", type=float, default=3.0)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, help="learning rate (default 0.02 from nothing, 0.002 when continuing a model)")
    p.add_argument("--lr-from", action="append", default=[], metavar="ITERATION:LR",
                   help="from this iteration on, train at this rate instead (repeatable; e.g. 27:0.0015, the "
                        "annealing step that gave wz-0027, docs/reinforcement.md)")
    p.add_argument("--q-mix", type=float, default=0.5, help="value target share from the search's q")
    p.add_argument("--window", type=int, default=200_000)
    p.add_argument("--blocks", type=int, help="network size of a fresh start (default 6; a checkpoint keeps its own)")
    p.add_argument("--channels", type=int, help="(default 64)")
    p.add_argument("--int8-selfplay", choices=("auto", "on", "off"), default="auto",
                   help="self-play with an 8-bit copy of the best network (auto: on CPUs with 8-bit dot products)")
    p.add_argument("--calibrate-games", type=int, default=96,
                   help="low-visit games whose positions calibrate the 8-bit copy")
    p.add_argument("--gate-games", type=int, default=40, help="gating games per opening")
    p.add_argument("--gate-visits", type=int, default=64)
    p.add_argument("--gate-score", type=float, default=0.55)
    p.add_argument("--ladder-games", type=int, default=40, help="games per opening against each baseline")
    p.add_argument("--ladder-visits", type=int, default=200, help="visits of the search player against voronoi-hard")
    p.add_argument("--promote-dir", default=str(MODELS), help="where the best model and the ladder go")
    p.add_argument("--parallel", type=int, default=16)
    p.add_argument("--bootstrap-stats", help="selfplay JSON of heuristic games already in data/: iteration 1 trains on them instead of playing")
    p.add_argument("--import-checkpoint", help="checkpoint trained elsewhere: it becomes this iteration's training result")
    p.add_argument("--import-stats", help="JSON object for --import-checkpoint: games, samples, selfplay_seconds, "
                   "train_seconds and a free-form note on how it was trained")
    args = p.parse_args(argv)
    if not 0 <= args.selfplay_score_utility <= 4:
        p.error(f"--selfplay-score-utility {args.selfplay_score_utility} is outside 0..4")
    try:
        args.lr_steps = [parse_lr_step(v) for v in args.lr_from]
    except ValueError as e:
        p.error(str(e))

    work = Path(args.work)
    data, ckpts = work / "data", work / "checkpoints"
    ckpts.mkdir(parents=True, exist_ok=True)
    promote_dir = Path(args.promote_dir)
    best_path, ladder_path = promote_dir / BEST.name, promote_dir / LADDER.name
    state = State(ckpts / "loop.json")
    fresh = state["best"] is None and state["iteration"] == 1 and state["step"] == "start"
    if fresh and args.mode != "bootstrap" and not args.import_checkpoint and not args.bootstrap_stats:
        start = Path(args.start_model) if args.start_model else next(
            (p for p in (best_path, BEST) if p.is_file()), None)
        if start is not None and start.is_file():
            start_from_model(state, start)
        elif args.mode == "self":
            raise SystemExit(f"loop: --mode self needs a model; {args.start_model or best_path} does not exist")
    args.int8 = int8_selfplay_wanted(args.int8_selfplay, run([BIN, "version"]) if args.int8_selfplay == "auto" else "")
    log(event="config", int8_selfplay=args.int8, selfplay_score_utility=args.selfplay_score_utility,
        lr_from=[f"{it}:{lr}" for it, lr in sorted(args.lr_steps)])
    deadline = time.time() + args.hours * 3600
    done = 0
    if args.import_checkpoint:
        import_checkpoint(state, ckpts, Path(args.import_checkpoint),
                          json.loads(Path(args.import_stats).read_text()) if args.import_stats else {})
    while done < args.iterations and time.time() < deadline:
        it = state["iteration"]
        tag = f"{it:04d}"
        it_dir = data / f"iter-{tag}"
        first = state["best"] is None
        model = state["best"].get("path", str(best_path)) if not first else "heuristic"
        lr = learning_rate(args.lr if args.lr is not None else (0.02 if state.d.get("mode") != "self" else 0.002),
                           args.lr_steps, it)
        if state["step"] == "start" and first and args.bootstrap_stats and state["iteration"] == 1:
            r = json.loads(Path(args.bootstrap_stats).read_text())
            state["selfplay_seconds"] += r.get("seconds", 0)
            state["games"] += r["games"]
            state["samples"] += r["samples"]
            state["last_selfplay"] = r
            state["step"] = "selfplay"
            state.save()
            log(event="bootstrap", **r)
        if state["step"] == "start":
            games = args.bootstrap_games if first else args.games
            shutil.rmtree(it_dir, ignore_errors=True)
            t0, c0 = time.time(), children_cpu_seconds()  # the 8-bit copy's making counts as self-play
            player = selfplay_model(model, state["best"]["id"], ckpts, args) if not first else model
            visits = args.bootstrap_visits if first else args.visits
            r = last_json(run(selfplay_command(args, player, games, it_dir, visits, it, first)))
            state["selfplay_seconds"] += time.time() - t0
            cpu = children_cpu_seconds() - c0
            state["selfplay_cpu_seconds"] = state.d.get("selfplay_cpu_seconds", 0.0) + cpu
            state["games"] += r["games"]
            state["samples"] += r["samples"]
            state["last_selfplay"] = r
            state["step"] = "selfplay"
            state.save()
            log(event="selfplay", iteration=it, player=Path(player).name, wall_seconds=round(time.time() - t0, 1),
                cpu_seconds=round(cpu, 1), **r)
        latest = ckpts / "latest.pt"
        if state["step"] == "selfplay" and not first and not latest.exists():
            # Continuing a model whose checkpoint is not here: rebuild it
            # from the ONNX file, BatchNorm statistics from the new games.
            t0 = time.time()
            out = run([PY, "onnx_to_checkpoint.py", "--onnx", Path(model).resolve(), "--out", latest.resolve(),
                       "--calibrate-data", it_dir.resolve(), "--calibrate-samples", args.calibrate_samples], cwd=HERE)
            info = {k: v for k, v in last_json(out).items() if k != "event"}
            log(event="rebuild", iteration=it, seconds=round(time.time() - t0, 1), **info)
        if state["step"] == "selfplay":
            new = state["last_selfplay"]["samples"]
            passes = args.bootstrap_passes if first else args.passes
            steps = max(50, int(passes * new / args.batch))
            t0, c0 = time.time(), children_cpu_seconds()
            size = [a for k in ("blocks", "channels") if getattr(args, k) is not None for a in (f"--{k}", getattr(args, k))]
            out = run([PY, "-m", "wallzero.train", "--data", data.resolve(), "--checkpoint", (ckpts / "latest.pt").resolve(),
                       "--steps", steps, "--batch", args.batch, "--lr", lr, "--window", args.window, *size,
                       "--log-every", 100, "--seed", it, "--q-mix", args.q_mix], cwd=HERE)
            state["train_seconds"] += time.time() - t0
            cpu = children_cpu_seconds() - c0
            state["train_cpu_seconds"] = state.d.get("train_cpu_seconds", 0.0) + cpu
            summary = last_json(out)
            state["train_steps"] += summary.get("steps", steps)
            state["train_samples"] = state.d.get("train_samples", 0) + summary.get("samples", steps * args.batch)
            state["last_train"] = summary
            state["step"] = "train"
            state.save()
            log(event="train", iteration=it, steps=steps, lr=lr, wall_seconds=round(time.time() - t0, 1),
                cpu_seconds=round(cpu, 1), summary=summary)
        cand = ckpts / f"cand-{tag}.onnx"
        model_id = f"wz-{tag}"
        if state["step"] == "train":
            training = {"iteration": it, "games": state["games"], "samples": state["samples"],
                        "steps": state["train_steps"], "train_samples": state.d.get("train_samples"), "parent": (state["best"] or {}).get("id", "heuristic"),
                        "selfplay_seconds": round(state["selfplay_seconds"]),
                        "train_seconds": round(state["train_seconds"]),
                        "selfplay_cpu_seconds": round(state.d.get("selfplay_cpu_seconds", 0)),
                        "train_cpu_seconds": round(state.d.get("train_cpu_seconds", 0)),
                        "wall_seconds": round(time.time() - state["started"])}
            if state["last_train"].get("event") == "import":
                training["imported"] = state["last_train"]
            run([PY, "-m", "wallzero.export", "--checkpoint", (ckpts / "latest.pt").resolve(), "--out", cand.resolve(),
                 "--model-id", model_id, "--training-json", json.dumps(training)], cwd=HERE)
            state["candidate"] = training
            state["step"] = "export"
            state.save()
        if state["step"] == "export":
            # The loop's matches pin the score utility at 0, the search's
            # default when the ladder began, so that its entries stay
            # comparable across generations (docs/search.md).
            cand_spec = f"mcts:visits={args.gate_visits},score=0,model={cand}"
            # The first model has no predecessor: it must beat the strongest
            # heuristic player instead.
            prev_spec = f"mcts:visits={args.gate_visits},score=0,model={model}" if not first else "voronoi-hard"
            t0, c0 = time.time(), children_cpu_seconds()
            g = match(cand_spec, prev_spec, args.gate_games, seed=it)
            promoted = g["a_score"] >= args.gate_score
            log(event="gate", iteration=it, candidate=model_id, previous=(state["best"] or {}).get("id", "voronoi-hard"),
                score=g["a_score"], promoted=promoted, games=g["games"], wall_seconds=round(time.time() - t0, 1),
                cpu_seconds=round(children_cpu_seconds() - c0, 1))
            if promoted:
                baselines = {}
                t0 = time.time()
                for name, a, b in [(f"mcts{args.ladder_visits}_vs_voronoi-hard", f"mcts:visits={args.ladder_visits},score=0,model={cand}", "voronoi-hard"),
                                   ("policy_vs_voronoi-medium", f"policy:model={cand}", "voronoi-medium"),
                                   ("policy_vs_voronoi-hard", f"policy:model={cand}", "voronoi-hard")]:
                    baselines[name] = match(a, b, args.ladder_games, seed=1)
                ladder = json.loads(ladder_path.read_text()) if ladder_path.exists() else {"models": []}
                entry = {"id": model_id, "promoted": time.strftime("%Y-%m-%dT%H:%M:%S"),
                         "training": state["candidate"],
                         "vs_previous": {"opponent": (state["best"] or {}).get("id", "voronoi-hard"),
                                         "visits": args.gate_visits, **g},
                         "vs_baselines": baselines}
                ladder["models"].append(entry)
                promote_dir.mkdir(parents=True, exist_ok=True)
                tmp = best_path.with_suffix(".tmp")
                shutil.copyfile(cand, tmp)
                tmp.replace(best_path)
                ladder_path.write_text(json.dumps(ladder, indent=2) + "\n")
                state["best"] = {"id": model_id, "iteration": it, "path": str(best_path.resolve())}
                refit_ratings(promote_dir)
                log(event="promote", iteration=it, model=model_id, baselines={k: v["a_score"] for k, v in baselines.items()},
                    ladder_wall_seconds=round(time.time() - t0, 1))
            state["iteration"] = it + 1
            state["step"] = "start"
            state.save()
            done += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
