"""tierplan from Python: the same Rust core as the browser and the CLI.

Scenarios are dicts, JSON text or preset names; results are plain dicts
(and, where tabular, pandas DataFrames with ``as_frame=True``). Every
simulation runs in Rust with the GIL released; Ctrl-C stops it within a
fraction of a second; ``progress`` takes a callback (or ``True`` for a tqdm
bar where tqdm is installed). A scenario the core refuses raises
:class:`ScenarioError` naming each field; a bad line of a trace or log
raises :class:`TraceError` naming the line. ``tierplan.distributed`` runs the
same tasks on a Dask cluster. See docs/python.md.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from . import _core
from ._tasks import (
    Result,
    default_threads,
    progress_hook,
    run_task,
    run_tasks,
    scenario_text,
)
from .errors import ScenarioError, TraceError

__all__ = [
    "ScenarioError",
    "TraceError",
    "Result",
    "run",
    "validate",
    "scenario",
    "sweep",
    "replications",
    "optimize",
    "max_rate",
    "http_figure",
    "characterize",
    "mrc",
    "log_fit",
    "reproduce",
    "presets",
    "preset",
    "devices",
    "to_frame",
]

Scenario = Union[dict, str, "os.PathLike[str]"]
Progress = Union[None, bool, Callable[[dict], Any]]

FIGURE_SERIES = ("hdd", "block", "ring-cold", "ring-warm", "object")


def _frame(rows: list, as_frame: bool):
    if not as_frame:
        return rows
    return to_frame(rows)


def to_frame(rows: Sequence[dict]):
    """A pandas DataFrame of result rows; nested estimates (``{mean, ci95,
    ...}``) become columns ``name`` (the mean) and ``name_ci95``."""
    import pandas as pd  # optional dependency

    flat = []
    for r in rows:
        out: dict = {}
        for k, v in r.items():
            if isinstance(v, dict) and "mean" in v and "ci95" in v:
                out[k] = v["mean"]
                out[f"{k}_ci95"] = v["ci95"]
            else:
                out[k] = v
        flat.append(out)
    return pd.DataFrame(flat)


def scenario(s: Scenario) -> dict:
    """The scenario as a dict with every default filled in, validated
    (raises ScenarioError)."""
    return json.loads(_core.read_scenario(scenario_text(s)))


def validate(s: Scenario) -> list:
    """Every problem of a scenario as ``[{path, message}]``; empty if valid."""
    return json.loads(_core.validate(scenario_text(s, check=False)))


def run(s: Scenario, *, engine: str = "auto", progress: Progress = None) -> Result:
    """Run a scenario to its end, as ``tierplan run`` does: the request-level
    engine when it has a ``request`` section, else the stream-level one.

    Returns the core's result as a dict (a RunResult or a RequestResult, the
    same JSON as the CLI prints); its summary's estimates are also reachable
    by name, ``r["rejection_probability"]`` being ``r["summary"]["rejection_probability"]``.
    """
    with progress_hook(progress, "run") as hook:
        return Result(json.loads(_core.run(scenario_text(s), engine, hook)))


def sweep(
    s: Scenario,
    param: str,
    values: Iterable[float],
    *,
    threads: Optional[int] = None,
    progress: Progress = None,
    as_frame: bool = False,
):
    """Run the scenario once per value of one numeric field (``param``, a
    path such as ``workload.arrival_rate`` or ``devices[2].price``), as
    ``tierplan sweep`` does: the core's sweep study, every value ×
    replication a run, on ``threads`` threads (default one per core) by the
    shared driver of farmed studies; the points are the same on any number.
    Returns one dict per value (or a DataFrame)."""
    base = scenario_text(s)
    values = [float(v) for v in values]
    _core.sweep_check(base, values)
    with progress_hook(progress, "sweep") as hook:
        rows = json.loads(_core.sweep(base, param, values, threads or default_threads(), hook))
    return _frame(rows, as_frame)


def replications(s: Scenario, *, threads: Optional[int] = None, progress: Progress = None) -> Result:
    """Run a stream-level scenario's replications in parallel on threads,
    each with the seed it gets in the whole run; the merged result equals
    :func:`run`'s bit for bit."""
    text = scenario_text(s)
    n = scenario(text)["run"]["replications"]
    parts = run_tasks(
        run_task,
        [(_core.replication_scenario(text, k), "stream") for k in range(n)],
        threads,
        progress,
        "replications",
        raw=True,
    )
    return Result(json.loads(_core.merge_replications(text, parts)))


def optimize(
    s: Scenario,
    spec: Union[dict, str, None] = None,
    *,
    fleet: Union[bool, dict, None] = None,
    progress: Progress = None,
) -> dict:
    """The cheapest device counts per architecture meeting the rejection
    target (model §10), as ``tierplan optimize``; ``spec`` an OptimizeSpec
    (default: HDD only, DRAM + HDD and SSD + HDD, target 0).

    ``fleet=True`` (or a FleetRequest such as ``{"every_chassis": True,
    "extra_servers": 4}``) plans a fleet instead (model §10b, ``tierplan
    optimize --fleet``) and returns the FleetResult: per architecture,
    N servers of a chassis, the devices of each and the binding limit.
    ``{"routing": "by_title"}`` sizes a fleet routed by title (the hottest
    server decides; default: as the scenario's fleet says)."""
    if spec is None:
        spec = {"architectures": ["hdd_only", "dram_ic_hdd", "ssd_lfu_hdd"]}
    spec_text = spec if isinstance(spec, str) else json.dumps(spec)
    if fleet is not None and fleet is not False:
        request = {} if fleet is True else fleet
        with progress_hook(progress, "optimize") as hook:
            return json.loads(
                _core.optimize_fleet(scenario_text(s, check=False), spec_text, json.dumps(request), hook)
            )
    with progress_hook(progress, "optimize") as hook:
        return json.loads(_core.optimize(scenario_text(s, check=False), spec_text, hook))


def max_rate(s: Scenario, *, progress: Progress = None) -> dict:
    """The highest request rate of a request-level scenario whose segment
    miss ratio meets ``request.search.miss_target`` (``tierplan max-rate``)."""
    with progress_hook(progress, "max rate") as hook:
        return json.loads(_core.max_rate(scenario_text(s, check=False), hook))


def figure_settings(
    from_rate: float = 1.0,
    to_rate: float = 25.0,
    points: int = 25,
    replications: int = 3,
    hours: float = 1.0,
    warmup_hours: float = 1.0,
) -> dict:
    """The HTTP figure's settings as the core reads them."""
    return {
        "from_rate": from_rate,
        "to_rate": to_rate,
        "points": points,
        "replications": replications,
        "duration_h": hours,
        "warmup_h": warmup_hours,
    }


def figure_plan(s: Scenario, settings: dict, series: Sequence[str] = FIGURE_SERIES) -> list:
    """The HTTP figure's points (series, rate, scenario, cost), longest first."""
    return json.loads(_core.figure_plan(scenario_text(s, check=False), json.dumps(settings), json.dumps(list(series))))


def figure_step(s: Scenario, settings: dict, series: Sequence[str] = FIGURE_SERIES, done: Sequence[dict] = ()) -> dict:
    """The HTTP figure while you watch (``tierplan http-figure --progressive``):
    after the runs ``done`` (dicts with series, rate, replication and the
    run's ``outcome``, its RequestResult's ``replications[0]``), the points
    so far, the pass under way and its runs still to do (``next``, each with
    its ``scenario``; empty when the figure is finished), and runs a later
    pass is certain to list (``ahead``: work for an idle worker, reported
    done like the others), with the work left in the core's cost units
    (``cost_left``; ``runs_left``: the replications still to come of points
    already run, to time by their runs so far)."""
    return json.loads(
        _core.figure_step(scenario_text(s, check=False), json.dumps(settings), json.dumps(list(series)), json.dumps(list(done)))
    )


def http_figure(
    s: Scenario,
    *,
    series: Sequence[str] = FIGURE_SERIES,
    threads: Optional[int] = None,
    progress: Progress = None,
    as_frame: bool = False,
    **settings: Any,
):
    """The HTTP tab's miss-ratio figure (NOSSDAV'12) of a request-level
    scenario, as ``tierplan http-figure --format json``: the same passes of
    single replications (saturated points stop early), per series and rate
    the segment miss ratio and I/Os; the runs on ``threads`` threads by the
    core's shared driver of farmed studies, as the CLI's. ``settings``: those of :func:`figure_settings`."""

    with progress_hook(progress, "figure") as hook:
        rows = json.loads(
            _core.http_figure(
                scenario_text(s, check=False),
                json.dumps(figure_settings(**settings)),
                json.dumps(list(series)),
                threads or default_threads(),
                hook,
            )
        )
    return to_frame(rows).drop(columns=["ios"]) if as_frame else rows


def characterize(
    device: Union[str, dict],
    *,
    scenario: Optional[Scenario] = None,
    queue_depths: Sequence[int] = (1, 32),
    seconds: float = 5.0,
    precondition_passes: float = 2.0,
    seed: int = 1,
    as_frame: bool = False,
):
    """Microbenchmarks of a device's model (``tierplan characterize``): a
    catalog id (from ``scenario``'s devices when given) or a device dict.
    Returns the Characterization dict, or its rows as a DataFrame."""
    if isinstance(device, str):
        catalog = globals()["scenario"](scenario)["devices"] if scenario is not None else devices()
        found = [d for d in catalog if d["id"] == device]
        if not found:
            known = ", ".join(d["id"] for d in catalog)
            raise KeyError(f"device {device!r} is not in the catalog; known: {known}")
        device = found[0]
    spec = {
        "queue_depths": list(queue_depths),
        "seconds": seconds,
        "precondition_passes": precondition_passes,
        "seed": seed,
    }
    c = json.loads(_core.characterize(json.dumps(device), json.dumps(spec)))
    return to_frame(c["rows"]) if as_frame else c


def mrc(
    path: Union[str, "os.PathLike[str]"],
    *,
    policy: str = "lru",
    sample: Optional[float] = None,
    sample_size: Optional[int] = None,
    sizes: Sequence[int] = (),
    format: Optional[str] = None,
    skip_bad_lines: bool = False,
    as_frame: bool = False,
):
    """Hit ratio against cache size over a block trace file (``tierplan
    mrc``); ``sizes`` in 4 KB blocks (default: the CLI's grid). A bad line
    raises TraceError naming it (``skip_bad_lines=True`` skips and counts
    them, as the CLI does). ``as_frame``: the points as a DataFrame."""
    r = json.loads(
        _core.mrc(os.fspath(path), policy, sample, sample_size, list(sizes), format, skip_bad_lines)
    )
    return to_frame(r["points"]) if as_frame else r


def log_fit(
    path: Union[str, "os.PathLike[str]"],
    *,
    column_map: Optional[dict] = None,
    skip_bad_lines: bool = False,
) -> dict:
    """Fit a request log (``tierplan log fit``): Zipf exponent, hourly
    profile, churn; ``{map, parse, fit}``. Columns are detected unless
    ``column_map`` is given."""
    cm = json.dumps(column_map) if column_map is not None else None
    return json.loads(_core.log_fit(os.fspath(path), cm, skip_bad_lines))


def reproduce(*, threads: Optional[int] = None, progress: Progress = None, as_frame: bool = False):
    """Re-run every published claim of the source studies (``tierplan
    reproduce``): the claims table, its simulations on ``threads`` threads."""
    from ._tasks import reproduce_ids, reproduce_table, reproduce_task

    ids = reproduce_ids()
    outs = run_tasks(reproduce_task, [(i,) for i in ids], threads, progress, "reproduce", raw=True)
    rows = reproduce_table(ids, outs)
    return _frame(rows, as_frame)


def presets(*, as_frame: bool = False):
    """Every built-in preset: ``[{id, title, source, description}]``."""
    return _frame(json.loads(_core.presets_list()), as_frame)


def preset(name: str) -> dict:
    """A preset scenario by id (KeyError names the known ones)."""
    return json.loads(_core.preset(name))


def devices(*, as_frame: bool = False):
    """The whole built-in device catalog (``tierplan devices --format json``)."""
    return _frame(json.loads(_core.devices()), as_frame)
