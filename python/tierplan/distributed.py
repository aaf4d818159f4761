"""tierplan beyond one machine, on Dask distributed.

The same tasks as the local calls (``tierplan._tasks``): a replication, a
reproduction simulation, a trace's curve or a log's fit; and the runs the
core's farmed studies hand out (a sweep's, the optimiser's candidates, the
HTTP figure's), driven by one loop over their protocol (:func:`_farm`).
Each task carries the scenario that decides its numbers, seed included (a
replication's is the seed it gets in the whole run), so the answer is the
local one bit for bit, whatever the cluster and the order the tasks finish
in.

Every function takes a ``client`` (a ``dask.distributed.Client``); without
one it uses the current default client (``Client(...)`` sets it). To start
one here: ``local_client(workers=2)``; to use a real cluster, see
docs/python.md (dask-jobqueue on SLURM, dask-kubernetes). The workers need
this package installed (the same version as the client).
"""

from __future__ import annotations

import json
import os
from typing import Any, Iterable, Optional, Sequence

import tierplan

from . import _core, _tasks
from ._tasks import Result, scenario_text

__all__ = [
    "local_client",
    "sweep",
    "replications",
    "optimize",
    "http_figure",
    "reproduce",
    "mrc_many",
    "log_fit_many",
    "run_many",
]


def _client(client: Any):
    if client is not None:
        return client
    from dask.distributed import default_client

    return default_client()


def local_client(workers: int = 2, **kwargs: Any):
    """A Client of a new LocalCluster of ``workers`` processes, one thread
    each (a simulation holds one core). Close it with ``client.close()``
    and ``client.cluster.close()``, or use it in a ``with`` block."""
    from dask.distributed import Client, LocalCluster

    kwargs.setdefault("threads_per_worker", 1)
    kwargs.setdefault("processes", True)
    kwargs.setdefault("dashboard_address", None)
    cluster = LocalCluster(n_workers=workers, **kwargs)
    return Client(cluster)


def _gather(client: Any, futures: list) -> list:
    """The futures' results in order; Ctrl-C cancels what is left."""
    try:
        return client.gather(futures)
    except BaseException:
        client.cancel(futures)
        raise


def _map(client: Any, fn: Any, *iterables: Iterable, **kwargs: Any) -> list:
    """``fn`` over the iterables on the cluster; raw JSON texts in order.
    Tasks are pure: the same arguments give the same text, so Dask may
    reuse a result."""
    futures = client.map(fn, *iterables, **kwargs)
    return _gather(client, futures)


def sweep(
    s: Any,
    param: str,
    values: Iterable[float],
    *,
    client: Any = None,
    batch: Optional[int] = None,
    as_frame: bool = False,
):
    """:func:`tierplan.sweep` on the cluster: the core's sweep study, the
    one the local call drives on threads, hands out its runs (every value ×
    replication; a point with a rejection target is one run) and
    :func:`_farm` runs them as tasks of ``batch`` runs each (default: about
    eight tasks per worker thread, so that Dask's cost per task — a few ms —
    stays small beside the runs while the workers still share the load
    evenly), reporting each run's result back; a point is merged once its
    last run is in. The points are the local ones bit for bit."""
    c = _client(client)
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
        raise ValueError(f"batch: is {batch!r}; give a whole number of runs a task, at least 1 (or None)")
    values = [float(v) for v in values]
    study = _core.SweepStudy(scenario_text(s), param, values)
    runs = json.loads(study.progress())["runs"]
    _farm(c, study, "stream", lambda job: job["scenario"], lambda out: out, None, batch or default_batch(runs, c))
    return _tasks_frame(json.loads(study.result()), as_frame)


def default_batch(runs: int, client: Any = None) -> int:
    """Sweep runs a task by default: about eight tasks per worker thread."""
    threads = sum(_client(client).nthreads().values())
    return max(1, runs // (8 * max(1, threads)))


def run_many(scenarios: Sequence[Any], *, engine: str = "auto", client: Any = None) -> list:
    """:func:`tierplan.run` of every scenario, one task each, results in order."""
    c = _client(client)
    texts = [scenario_text(s) for s in scenarios]
    return [Result(json.loads(t)) for t in _map(c, _tasks.run_task, texts, [engine] * len(texts))]


def replications(s: Any, *, client: Any = None) -> Result:
    """:func:`tierplan.run` of a stream-level scenario with one task per
    replication; equal to the local run bit for bit."""
    c = _client(client)
    text = scenario_text(s)
    n = json.loads(_core.read_scenario(text))["run"]["replications"]
    parts = _map(c, _tasks.run_task, [_core.replication_scenario(text, k) for k in range(n)], ["stream"] * n)
    return Result(json.loads(_core.merge_replications(text, parts)))


def optimize(
    s: Any,
    spec: Any = None,
    *,
    client: Any = None,
    in_flight: Optional[int] = None,
) -> dict:
    """:func:`tierplan.optimize` with the candidates as tasks: the search
    hands out the cheapest candidates not yet decided (ask/tell, as the
    browser's worker pool drives it), up to ``in_flight`` at once (default
    two per worker thread), and takes results in any order. The
    configurations it picks are the local search's; ``simulations`` may
    count a few more (candidates simulated while a cheaper one was still
    running)."""
    c = _client(client)
    if spec is None:
        spec = {"architectures": ["hdd_only", "dram_ic_hdd", "ssd_lfu_hdd"]}
    spec_text = spec if isinstance(spec, str) else json.dumps(spec)
    search = _core.OptimizeSearch(scenario_text(s, check=False), spec_text)
    _farm(c, search, "stream", lambda job: job["scenario"], lambda out: out, in_flight)
    return json.loads(search.result())


def _farm(
    c: Any,
    study: Any,
    engine: str,
    scenario_of: Any,
    outcome: Any,
    in_flight: Optional[int],
    per_task: int = 1,
) -> None:
    """Drive one of the core's farmed studies (``OptimizeSearch``,
    ``FigureStudy``, ``SweepStudy``: ``next_batch``, ``report``,
    ``is_done``) on the cluster: its jobs go out as tasks of up to
    ``per_task`` jobs (:func:`_tasks.runs_task` of each job's
    ``scenario_of(job)`` on ``engine``), up to ``in_flight`` tasks at once
    (default two per worker thread), and each job's output is reported back
    by its id as ``outcome`` makes it, in whatever order the tasks finish.
    The one loop of the Python side over the core's protocol (on this
    process the core's own driver runs them)."""
    from dask.distributed import as_completed

    if in_flight is None:
        in_flight = 2 * max(1, sum(c.nthreads().values()))
    running: dict = {}
    pool = as_completed([])
    try:
        while True:
            room = in_flight - len(running)
            if room > 0:
                jobs = json.loads(study.next_batch(room * per_task))
                for k in range(0, len(jobs), per_task):
                    group = jobs[k : k + per_task]
                    scenarios = [json.dumps(scenario_of(job)) for job in group]
                    f = c.submit(_tasks.runs_task, scenarios, engine, pure=False)
                    running[f.key] = (f, [job["id"] for job in group])
                    pool.add(f)
            if not running:
                if study.is_done():
                    break
                raise RuntimeError("the study stalled with nothing in flight")
            f = next(pool)
            _, ids = running.pop(f.key)
            for job_id, out in zip(ids, f.result()):
                study.report(job_id, outcome(out))
    except BaseException:
        c.cancel([f for f, _ in running.values()])
        raise


def http_figure(
    s: Any,
    *,
    client: Any = None,
    series: Sequence[str] = tierplan.FIGURE_SERIES,
    as_frame: bool = False,
    **settings: Any,
):
    """:func:`tierplan.http_figure` with one task per run: the runs each
    pass lists, and those a later pass is certain to list, spread over the
    cluster as the core's ``FigureStudy`` hands them out."""
    c = _client(client)
    study = _core.FigureStudy(
        scenario_text(s, check=False),
        json.dumps(tierplan.figure_settings(**settings)),
        json.dumps(list(series)),
    )
    _farm(
        c,
        study,
        "request",
        lambda job: job["run"]["scenario"],
        lambda out: json.dumps(json.loads(out)["replications"][0]),
        None,
    )
    rows = json.loads(study.result())
    return tierplan.to_frame(rows).drop(columns=["ios"]) if as_frame else rows


def reproduce(*, client: Any = None, as_frame: bool = False):
    """:func:`tierplan.reproduce` with one task per simulation."""
    c = _client(client)
    ids = _tasks.reproduce_ids()
    rows = _tasks.reproduce_table(ids, _map(c, _tasks.reproduce_task, ids))
    return _tasks_frame(rows, as_frame)


def mrc_many(paths: Sequence[Any], *, client: Any = None, **kwargs: Any) -> dict:
    """:func:`tierplan.mrc` of many block traces, one task each: ``{path:
    result}``. The paths must be readable by the workers (a shared file
    system on a cluster)."""
    c = _client(client)
    ps = [os.fspath(p) for p in paths]
    texts = _map(c, _tasks.mrc_task, ps, [kwargs] * len(ps))
    return {p: json.loads(t) for p, t in zip(ps, texts)}


def log_fit_many(paths: Sequence[Any], *, client: Any = None, **kwargs: Any) -> dict:
    """:func:`tierplan.log_fit` of many request logs, one task each: ``{path: result}``."""
    c = _client(client)
    ps = [os.fspath(p) for p in paths]
    texts = _map(c, _tasks.log_fit_task, ps, [kwargs] * len(ps))
    return {p: json.loads(t) for p, t in zip(ps, texts)}


def _tasks_frame(rows: list, as_frame: bool):
    return tierplan.to_frame(rows) if as_frame else rows
