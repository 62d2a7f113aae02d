"""Run wallzero.bench under several environments and print a table.

    cd training && /usr/bin/python3 bench_matrix.py [--reps 3] [--pthread-blas DIR]

--contend runs a few cells while one busy process of ours competes for
the cores. Each cell is the median of --reps runs; a run disturbed by other processes
(other_cpu_cores > 0.1) is retried up to 5 times. --pthread-blas DIR points
LD_LIBRARY_PATH at an unpacked libopenblas0-pthread (e.g. from
`apt-get download libopenblas0-pthread && dpkg -x *.deb root`) to compare
with Debian's default OpenBLAS-OpenMP without touching the system.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

TUNABLES = "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296"


def run(args, env_extra, tries=5):
    drop = ("GLIBC_TUNABLES", "LD_LIBRARY_PATH", "OMP_WAIT_POLICY", "WALLZERO_OMP_PASSIVE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(env_extra)
    for _ in range(tries):
        out = subprocess.run([sys.executable, "-m", "wallzero.bench"] + args, env=env,
                             capture_output=True, text=True, check=True).stdout
        r = json.loads(out.strip().splitlines()[-1])
        if r["other_cpu_cores"] <= 0.1:
            return r
        time.sleep(5)
    r["disturbed"] = True
    return r


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--pthread-blas")
    p.add_argument("--only", help="comma-separated cell names")
    p.add_argument("--contend", action="store_true", help="measure with one busy process of ours running")
    a = p.parse_args()
    tun = {"GLIBC_TUNABLES": TUNABLES}
    gomp = {"WALLZERO_OMP_PASSIVE": "0"}  # libgomp's default busy-waiting
    m6, m10 = ["--blocks", "6", "--channels", "64"], ["--blocks", "10", "--channels", "96"]
    cells = [
        ("6x64 passive+tunables", m6, tun),
        ("6x64 passive", m6, {}),
        ("6x64 gomp-default+tunables", m6, {**tun, **gomp}),
        ("6x64 gomp-default", m6, gomp),
    ]
    if a.pthread_blas:
        cells.append(("6x64 pthread-blas+tunables", m6, {**tun, "LD_LIBRARY_PATH": a.pthread_blas}))
    cells += [
        ("6x64 1 thread", m6 + ["--threads", "1"], tun),
        ("10x96 passive+tunables", m10, tun),
        ("10x96 gomp-default+tunables", m10, {**tun, **gomp}),
        ("6x64 forward-only", m6 + ["--forward-only"], tun),
    ]
    if a.contend:
        # One busy process of our own competes for the two cores.
        cells = [
            ("6x64 passive+tunables, 1 busy process", m6, tun),
            ("6x64 gomp-default+tunables, 1 busy process", m6, {**tun, **gomp}),
            ("6x64 1 thread, 1 busy process", m6 + ["--threads", "1"], tun),
        ]
    if a.only:
        keep = set(a.only.split(","))
        cells = [c for c in cells if c[0] in keep]
    results = {name: [] for name, _, _ in cells}
    busy = None
    if a.contend:
        busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    for _ in range(a.reps):  # interleave cells so drifts hit all alike
        for name, args, env in cells:
            r = run(args + ["--steps", str(a.steps)], env, tries=1 if a.contend else 5)
            results[name].append(r)
            print(json.dumps({"cell": name, "samples_per_sec": r["samples_per_sec"],
                              "other_cpu_cores": r["other_cpu_cores"], "blas": r["blas"].split(",")[0],
                              "disturbed": r.get("disturbed", False)}), flush=True)
    if busy is not None:
        busy.kill()
        busy.wait()
    print()
    for name, rs in results.items():
        v = [r["samples_per_sec"] for r in rs]
        print(f"{name:34s} median {statistics.median(v):7.0f} samples/s   runs {v}")


if __name__ == "__main__":
    main()
