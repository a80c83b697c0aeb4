"""Batch jobs locally and on Ray: ``--count`` 9×9 murder cases (``meeple murder generate``'s task) run by
:func:`meeple.core.batch.run_batch` on every core of this machine, then on a local Ray started here with
as many CPUs; prints the wall time per case of each, the CPU both used, and checks that both made the same
cases (a digest of every case's JSON, by seed).

Run: ``nice -n 10 .venv/bin/python benchmarks/batch_ray.py [--count 1000] [--size 9] [--difficulty 1]``.
The load average before and after is printed beside the figures: on a shared machine the wall time is an
upper bound. Asserts nothing but the equality of the two runs' cases.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import time

from meeple.core.batch import Backend, run_batch
from meeple.games.murder.cli import generated_case_json


def _cpu_with_children() -> float:
    """CPU seconds of this process and of its finished children (the local worker processes)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(backend: Backend, count: int, size: int, level: int, seed: int) -> tuple[float, dict[str, str]]:
    """Wall seconds to make the cases on ``backend``, and each case's digest by key."""
    tasks = [(str(seed + index), (size, level, seed + index, True)) for index in range(count)]
    began = time.perf_counter()
    digests = {key: hashlib.sha256(json.dumps(case, sort_keys=True).encode()).hexdigest()
               for key, case in run_batch(generated_case_json, tasks, backend)}
    return time.perf_counter() - began, digests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--difficulty", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{args.count} murder cases {args.size}×{args.size}, difficulty {args.difficulty}, seeds "
          f"{args.seed}..{args.seed + args.count - 1}, {cores} cores", flush=True)
    rows = []
    load = os.getloadavg()[0]
    cpu = _cpu_with_children()
    local_s, local = timed(Backend("local", cores), args.count, args.size, args.difficulty, args.seed)
    rows.append(("local processes", local_s, _cpu_with_children() - cpu, load, os.getloadavg()[0]))
    print(f"local: {local_s:.1f} s ({local_s / args.count:.3f} s per case), load {load:.1f} → "
          f"{os.getloadavg()[0]:.1f}", flush=True)  # kept if the Ray half is stopped

    import ray  # the optional extra: only this half needs it

    began = time.perf_counter()
    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False, configure_logging=False)
    start_up = time.perf_counter() - began
    load = os.getloadavg()[0]
    try:
        ray_s, on_ray = timed(Backend("ray"), args.count, args.size, args.difficulty, args.seed)
    finally:
        ray.shutdown()
    rows.append(("local Ray", ray_s, float("nan"), load, os.getloadavg()[0]))
    print("| backend | cases | wall s | s per case | cases/s | CPU s (local only) | load before → after |")
    print("|---|---|---|---|---|---|---|")
    for name, wall, used, before, after in rows:
        print(f"| {name} | {args.count} | {wall:.1f} | {wall / args.count:.3f} | {args.count / wall:.2f} | "
              f"{used:.1f} | {before:.1f} → {after:.1f} |")
    print(f"Ray start-up (ray.init, not in its wall time): {start_up:.1f} s; "
          f"ratio Ray / local: {ray_s / local_s:.2f}; median load {statistics.median([r[3] for r in rows]):.1f}")
    print("same cases on both:", "yes" if on_ray == local else "NO")
    if on_ray != local:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
