"""Benchmark of tierplan.distributed: a sweep of many runs on a local Dask
cluster of worker processes against the same sweep in one process, and
Dask's cost per task.

Run with the project's venv (npm run bench:python):
    python/.venv/bin/python scripts/bench-python.py

Knobs (environment): BENCH_RUNS (sweep points, default 1000), BENCH_HOURS
(simulated hours per run, default 100: about 20 ms of CPU a run), BENCH_WORKERS
(worker processes, default 2), BENCH_ROUNDS (best of, default 3),
BENCH_BATCH (runs a task, default tierplan.distributed's: about eight tasks
per worker).

Prints the load average (the machine may be shared), the wall time of the
sweep in one process and on the cluster and the speed-up; and, because a
shared machine's wall clock says as much about the neighbours, the CPU time:
the one process's, each worker's, the scheduler's and this client's during
the cluster's sweep. From those: the speed-up the CPU work allows (one
process's CPU / the busiest worker's), and the overhead per task (all the
cluster's CPU, client included, minus the one process's, per run). Also the
wall time per task of a map of tasks that do nothing. The distributed answer
is checked equal to the local one.
"""

from __future__ import annotations

import json
import os
import resource
import time

import tierplan
from tierplan import distributed


def knob(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


def noop(x: int) -> int:
    return x


def cpu_s() -> float:
    """CPU time of this process so far (all threads), s."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


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

    c0 = cpu_s()
    one, local = best(lambda: tierplan.sweep(s, param, values, threads=1), rounds)
    one_cpu = (cpu_s() - c0) / rounds
    print(f"one process:            {one:8.3f} s  ({one / runs * 1e3:.2f} ms a run; {one_cpu:.3f} s CPU a round)")

    t = time.perf_counter()
    client = distributed.local_client(workers=workers)
    start = time.perf_counter() - t
    try:
        client.run(lambda: __import__("tierplan").presets())  # import on every worker
        # A LocalCluster's scheduler runs in this process: count it once.
        sched_here = client.run_on_scheduler(os.getpid) == os.getpid()
        w0, s0, c0 = client.run(cpu_s), client.run_on_scheduler(cpu_s), cpu_s()
        batch = int(knob("BENCH_BATCH", 0)) or distributed.default_batch(runs, client)
        tasks = -(-runs // batch)
        dist, remote = best(lambda: distributed.sweep(s, param, values, client=client, batch=batch), rounds)
        w1, s1, c1 = client.run(cpu_s), client.run_on_scheduler(cpu_s), cpu_s()
        assert remote == local, "the distributed sweep differs from the local one"
        worker_cpu = [(w1[k] - w0[k]) / rounds for k in w0]
        sched_cpu = 0.0 if sched_here else (s1 - s0) / rounds
        client_cpu = (c1 - c0) / rounds
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
    print(
        f"CPU a round:            workers {' + '.join(f'{w:.3f}' for w in worker_cpu)} s, "
        f"scheduler {sched_cpu:.3f} s, client {client_cpu:.3f} s" + (" (scheduler and client: one process)" if sched_here else "")
    )
    cpu_speedup = one_cpu / max(worker_cpu)
    extra = sum(worker_cpu) + sched_cpu + client_cpu - one_cpu
    print(f"speed-up by CPU:        {cpu_speedup:8.2f}×  (one process's CPU / the busiest worker's)")
    print(
        f"overhead:               {extra / tasks * 1e3:8.3f} ms CPU a task, {extra / runs * 1e3:.3f} ms a run "
        f"({tasks} tasks of {batch} runs; the cluster's CPU, client included, − one process's)"
    )
    print(f"Dask per task (no-op):  {noop_wall / runs * 1e3:8.3f} ms wall")
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
                "cpu_speedup": round(cpu_speedup, 3),
                "tasks": tasks,
                "overhead_cpu_ms_per_task": round(extra / tasks * 1e3, 4),
                "overhead_cpu_ms_per_run": round(extra / runs * 1e3, 4),
                "noop_task_wall_ms": round(noop_wall / runs * 1e3, 4),
            }
        )
    )


if __name__ == "__main__":
    main()
