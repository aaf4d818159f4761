"""The units of work every multi-run call splits into, and the two ways to
run them: on threads here (``run_tasks``) or on a Dask cluster
(``tierplan.distributed``). A task is a module-level function of plain
arguments (JSON text and numbers) returning JSON text, so it pickles to any
worker, and each carries everything that decides its numbers — the run's
scenario with its own seed — so where it runs changes nothing."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterator, Optional, Sequence

from . import _core


class Result(dict):
    """A run's result: the core's JSON as a dict. A RunResult's summary
    estimates are also found by name at the top level
    (``r["rejection_probability"]`` is ``r["summary"]["rejection_probability"]``)
    without being stored twice: the dict equals the CLI's JSON."""

    def __missing__(self, key: str) -> Any:
        summary = dict.get(self, "summary")
        if isinstance(summary, dict) and key in summary:
            return summary[key]
        raise KeyError(key)


def scenario_text(s: Any, check: bool = True) -> str:
    """A scenario as the core's JSON text: a dict, JSON text, a preset name
    or a path to a scenario file. ``check``: validate it here (the optimiser
    and the max-rate search check what they use themselves)."""
    if isinstance(s, dict):
        text = json.dumps(s)
    elif isinstance(s, os.PathLike):
        with open(s, encoding="utf-8") as f:
            text = f.read()
    elif isinstance(s, str):
        t = s.strip()
        if t.startswith("{"):
            text = t
        elif t.endswith(".json") and os.path.exists(t):
            with open(t, encoding="utf-8") as f:
                text = f.read()
        else:
            text = _core.preset(t)
    else:
        raise TypeError(f"a scenario is a dict, JSON text, a preset name or a file path, not {type(s).__name__}")
    if check:
        # Raises ScenarioError naming every field at fault.
        _core.read_scenario(text)
    return text


class _Cancelled(Exception):
    """Raised in a worker thread's progress hook to stop its simulation."""


def _tqdm(label: str):
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=1000, desc=f"tierplan {label}", unit="‰", leave=False)


def fraction(p: dict) -> float:
    """The share done of any of the core's progress reports: a run's
    ``fraction``, the optimiser's architectures done, the max-rate search's
    points done of those it may still need."""
    if "fraction" in p:
        return float(p["fraction"])
    if "architectures" in p:
        return p["architectures_done"] / max(p["architectures"], 1)
    if "points_left" in p:
        done = p["points_done"] + p.get("point_fraction", 0.0)
        return 1.0 if p.get("done") else done / max(done + p["points_left"], 1e-9)
    return 1.0 if p.get("done") else 0.0


@contextlib.contextmanager
def progress_hook(progress: Any, label: str) -> Iterator[Optional[Callable[[str], None]]]:
    """The hook the core calls between steps with the progress as JSON.
    ``progress``: None/False (none), True (a tqdm bar where tqdm is
    installed, else nothing), or a callable taking the progress dict."""
    if progress is None or progress is False:
        yield None
        return
    if progress is True:
        bar = _tqdm(label)
        if bar is None:
            yield None
            return

        def hook(text: str) -> None:
            bar.n = int(1000 * fraction(json.loads(text)))
            bar.refresh()

        try:
            yield hook
        finally:
            bar.close()
        return
    if callable(progress):
        yield lambda text: progress(json.loads(text))
        return
    raise TypeError("progress is None, True or a callable taking a dict")


# ---- The tasks ----


def run_task(scenario: str, engine: str = "auto", hook: Optional[Callable] = None) -> str:
    """Run one scenario; its result as JSON text."""
    return _core.run(scenario, engine, hook)


def runs_task(scenarios: Sequence[str], engine: str) -> list:
    """Several runs in one task (the jobs a farmed study handed out, fewer
    and longer tasks for a cluster): each run's result as JSON text, in
    order, each computed as by :func:`run_task`."""
    return [_core.run(s, engine) for s in scenarios]


def reproduce_task(sim_id: str, hook: Optional[Callable] = None) -> str:
    """One simulation of the reproduction, by id."""
    return _core.reproduction_run(sim_id)


def mrc_task(path: str, kwargs: dict, hook: Optional[Callable] = None) -> str:
    """One block trace's miss-ratio curve."""
    return _core.mrc(
        path,
        kwargs.get("policy", "lru"),
        kwargs.get("sample"),
        kwargs.get("sample_size"),
        list(kwargs.get("sizes", ())),
        kwargs.get("format"),
        bool(kwargs.get("skip_bad_lines", False)),
    )


def log_fit_task(path: str, kwargs: dict, hook: Optional[Callable] = None) -> str:
    """One request log's fit."""
    cm = kwargs.get("column_map")
    return _core.log_fit(path, json.dumps(cm) if cm is not None else None, bool(kwargs.get("skip_bad_lines", False)))


def reproduce_ids() -> list:
    """The reproduction's simulations, the costly first (as the CLI orders
    them): max-rate searches, request-level runs, then stream-level runs."""
    plan = json.loads(_core.reproduction())
    req = plan["request_scenarios"]
    return (
        [s["id"] for s in req if s.get("search")]
        + [s["id"] for s in req if not s.get("search")]
        + [s["id"] for s in plan["scenarios"]]
    )


def reproduce_table(ids: Sequence[str], outs: Sequence[str]) -> list:
    """The claims table from each simulation's JSON output."""
    plan = json.loads(_core.reproduction())
    stream_ids = {s["id"] for s in plan["scenarios"]}
    results = {i: json.loads(o) for i, o in zip(ids, outs) if i in stream_ids}
    requests = {i: json.loads(o) for i, o in zip(ids, outs) if i not in stream_ids}
    return json.loads(_core.reproduction_table(json.dumps(results), json.dumps(requests)))


# ---- Running tasks on threads ----


def default_threads() -> int:
    return os.cpu_count() or 1


def run_tasks(
    fn: Callable[..., str],
    tasks: Sequence[tuple],
    threads: Optional[int],
    progress: Any,
    label: str,
    raw: bool = False,
) -> list:
    """``fn(*task)`` of every task on up to ``threads`` threads (the GIL is
    released while each simulates), answers in the tasks' order, parsed
    from JSON unless ``raw``. Ctrl-C stops every running task within a
    step and raises KeyboardInterrupt; the first error of a task is raised."""
    n = len(tasks)
    threads = max(1, min(threads or default_threads(), max(n, 1)))
    cancel = threading.Event()

    def hook(_text: str) -> None:
        if cancel.is_set():
            raise _Cancelled()

    out: list = [None] * n
    done = 0
    with progress_hook(progress, label) as report:
        if report is not None:
            report(json.dumps({"done": 0, "total": n, "fraction": 0.0}))
        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="tierplan")
        try:
            futures = {pool.submit(fn, *t, hook): k for k, t in enumerate(tasks)}
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
                for f in finished:
                    out[futures[f]] = f.result()
                    done += 1
                    if report is not None:
                        report(json.dumps({"done": done, "total": n, "fraction": done / max(n, 1)}))
        except BaseException:
            # Running tasks stop at their next step (a reproduction
            # simulation, one call in the core, when it ends); nothing waits.
            cancel.set()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    return out if raw else [json.loads(o) for o in out]
