"""Benchmark of tierplan.distributed: a sweep of many runs on a local Dask
cluster of worker processes against the same sweep in one process, and
Dask's cost per task.

Run with the project's venv (npm run bench:python):
    python/.venv/bin/python scripts/bench-python.py

Knobs (environment): BENCH_RUNS (sweep points, default 1000), BENCH_HOURS
(simulated hours per run, default 100: about 20 ms of CPU a run), BENCH_WORKERS
(worker processes, default 2), BENCH_ROUNDS (best of, default 3).

Prints the load average (the machine may be shared), the wall time of the
sweep in one process and on the cluster, the speed-up, and the overhead per
task: the wall time of a map of tasks that do nothing, per task, and the
cluster's extra worker time per sweep task, (wall × workers − one-process
wall) / runs. The distributed answer is checked equal to the local one.
"""

from __future__ import annotations

import json
import os
import time

import tierplan
from tierplan import distributed


def knob(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


def noop(x: int) -> int:
    return x


def best(fn, rounds: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(rounds):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main() -> None:
    runs = int(knob("BENCH_RUNS", 1000))
    hours = knob("BENCH_HOURS", 100.0)
    workers = int(knob("BENCH_WORKERS", 2))
    rounds = int(knob("BENCH_ROUNDS", 3))

    s = tierplan.preset("mmsys11-cost-ssd")
    s["run"]["duration_h"] = hours
    s["run"]["warmup_h"] = min(1.0, hours / 4)
    s["run"]["replications"] = 1
    values = [round(0.5 + 0.5 * k / max(runs - 1, 1), 9) for k in range(runs)]
    param = "workload.arrival_rate"

    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    print(f"sweep: {runs} runs of {param} ({hours:g} h, 1 replication each), best of {rounds}")

    one, local = best(lambda: tierplan.sweep(s, param, values, threads=1), rounds)
    print(f"one process:            {one:8.3f} s  ({one / runs * 1e3:.2f} ms a run)")

    t = time.perf_counter()
    client = distributed.local_client(workers=workers)
    start = time.perf_counter() - t
    try:
        client.run(lambda: __import__("tierplan").presets())  # import on every worker
        dist, remote = best(lambda: distributed.sweep(s, param, values, client=client), rounds)
        assert remote == local, "the distributed sweep differs from the local one"
        # Each round a fresh set of keys, so Dask cannot reuse results.
        noop_wall, _ = best(
            lambda: client.gather(client.map(noop, range(runs), pure=False)),
            rounds,
        )
    finally:
        client.close()
        client.cluster.close()

    print(f"cluster start:          {start:8.3f} s  ({workers} worker processes, once)")
    print(f"{workers} worker processes:     {dist:8.3f} s  speed-up {one / dist:.2f}×  (identical to one process: yes)")
    print(f"Dask per task (no-op):  {noop_wall / runs * 1e3:8.3f} ms wall")
    extra = (dist * workers - one) / runs
    print(f"worker time lost/task:  {extra * 1e3:8.3f} ms  ((wall × workers − one process) / runs)")
    print(f"load average at end:   {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        json.dumps(
            {
                "runs": runs,
                "hours": hours,
                "workers": workers,
                "one_process_s": round(one, 4),
                "distributed_s": round(dist, 4),
                "speedup": round(one / dist, 3),
                "noop_task_ms": round(noop_wall / runs * 1e3, 4),
                "overhead_per_task_ms": round(extra * 1e3, 4),
            }
        )
    )


if __name__ == "__main__":
    main()
