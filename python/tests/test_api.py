"""The package's own behaviour: scenario forms, progress, the GIL, frames,
replications run apart."""

from __future__ import annotations

import json
import threading
import time

import pandas as pd
import pytest

import tierplan


def test_scenario_forms_and_defaults(tmp_path):
    s = tierplan.preset("mmsys11-cost-ssd")
    f = tmp_path / "s.json"
    f.write_text(json.dumps(s))
    assert tierplan.scenario(s) == tierplan.scenario(json.dumps(s)) == tierplan.scenario("mmsys11-cost-ssd")
    assert tierplan.scenario(str(f)) == tierplan.scenario(s)
    with pytest.raises(TypeError):
        tierplan.run(42)


def test_result_reaches_the_summary_by_name_without_copying_it():
    r = tierplan.run("mmsys11-cost-ssd")
    assert r["rejection_probability"] is r["summary"]["rejection_probability"]
    assert "rejection_probability" not in r.keys()
    with pytest.raises(KeyError):
        r["no_such_metric"]


def test_progress_reaches_the_callback_in_order():
    s = tierplan.preset("mmsys11-cost-ssd")
    s["run"]["replications"] = 60
    seen = []
    r = tierplan.run(s, progress=seen.append)
    fractions = [p["fraction"] for p in seen]
    assert len(seen) >= 2
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert seen[-1]["done"] and seen[-1]["replications_done"] == 60
    assert len(r["replications"]) == 60


def test_progress_true_draws_a_tqdm_bar(capsys):
    tierplan.run("mmsys11-cost-ssd", progress=True)
    assert "tierplan run" in capsys.readouterr().err


def test_the_gil_is_released_while_simulating():
    s = tierplan.preset("mmsys11-cost-ssd")
    s["run"]["replications"] = 100
    s["run"]["duration_h"] = 40.0
    ticks = 0
    stop = threading.Event()

    def count():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    before = ticks
    tierplan.run(s)
    during = ticks - before
    stop.set()
    t.join()
    # The run is one call into the core; had it held the GIL, the other
    # thread could not have ticked between its start and its end (one tick
    # at most, already under way). It ticked on through the run (about one
    # a millisecond, and the run takes seconds), however busy the machine.
    assert during >= 20, during


def test_replications_run_apart_equal_the_whole_run():
    s = tierplan.preset("mmsys11-cost-dram")
    s["run"]["replications"] = 6
    s["run"]["seed"] = 4294967293  # wraps past u32::MAX like the run's own seeds
    assert tierplan.replications(s, threads=2) == tierplan.run(s)


def test_frames():
    df = tierplan.sweep("mmsys11-cost-ssd", "tiers.disk.count", [8, 10], as_frame=True)
    assert isinstance(df, pd.DataFrame)
    assert list(df["value"]) == [8.0, 10.0]
    assert {"rejection_probability", "rejection_probability_ci95", "capital_cost"} <= set(df.columns)
    assert df["rejection_probability"].iloc[0] >= df["rejection_probability"].iloc[1]
    devices = tierplan.devices(as_frame=True)
    assert "hdd15k" in set(devices["id"])
    assert len(tierplan.presets(as_frame=True)) == len(tierplan.presets())


def test_reproduction_tasks_fill_in_their_claims():
    from tierplan import _core, _tasks

    plan = json.loads(_core.reproduction())
    ids = _tasks.reproduce_ids()
    assert sorted(ids) == sorted([s["id"] for s in plan["scenarios"]] + [s["id"] for s in plan["request_scenarios"]])
    # The cheapest stream-level simulation that a claim needs alone, through its task.
    rows = _tasks.reproduce_table([], [])
    alone = {r["scenarios"][0] for r in rows if len(r["scenarios"]) == 1}
    run = lambda s: s["scenario"]["run"]
    cost = lambda s: run(s)["duration_h"] * run(s)["replications"] * s["scenario"]["workload"]["arrival_rate"]
    cheap = min((s for s in plan["scenarios"] if s["id"] in alone), key=cost)
    out = _tasks.reproduce_task(cheap["id"])
    assert json.loads(out) == tierplan.run(cheap["scenario"])
    after = {r["id"]: r["outcome"]["verdict"] for r in _tasks.reproduce_table([cheap["id"]], [out])}
    needing = [r["id"] for r in rows if r["scenarios"] == [cheap["id"]]]
    for claim in needing:
        assert after[claim] != "pending", claim
    assert all(r["outcome"]["verdict"] == "pending" for r in rows if r["id"] in needing)
