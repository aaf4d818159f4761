"""The package gives the CLI's numbers bit for bit: the same core, the same
scenario and seed. Compared as parsed JSON (Python's json reads the
shortest round-trip form serde_json prints back to the same f64), and the
issue's one-liner compared as printed text."""

from __future__ import annotations

import json
import subprocess
import sys

import tierplan

from conftest import cli_json, run_cli, same


def test_the_issue_one_liner_prints_the_clis_rejection_probability(cli):
    code = "import tierplan; print(tierplan.run(tierplan.preset('mmsys11-cost-ssd'))['rejection_probability'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    ours = out.strip()
    theirs = cli_json(cli, "run", "-", stdin=run_cli(cli, "preset", "mmsys11-cost-ssd"))
    assert ours == str(theirs["summary"]["rejection_probability"])
    # Not a trivially equal pair: the estimate has a positive mean here.
    assert theirs["summary"]["rejection_probability"]["n"] > 1


def test_stream_level_run_equals_the_cli_whole(cli):
    preset_json = run_cli(cli, "preset", "mmsys11-cost-ssd")
    theirs = cli_json(cli, "run", "-", stdin=preset_json)
    ours = tierplan.run(json.loads(preset_json))
    assert same(ours, theirs)
    # Scenario as a preset name and as JSON text: the same.
    assert same(tierplan.run("mmsys11-cost-ssd"), theirs)
    assert same(tierplan.run(preset_json), theirs)


def test_request_level_run_equals_the_cli(cli, small_request, tmp_path):
    f = tmp_path / "req.json"
    f.write_text(json.dumps(small_request))
    theirs = cli_json(cli, "run", str(f))
    ours = tierplan.run(small_request)
    assert same(ours, theirs)
    assert theirs["ios"] > 0


def test_mrc_equals_the_cli(cli, block_trace):
    theirs = cli_json(cli, "mrc", str(block_trace), "--out", "json")
    ours = tierplan.mrc(block_trace)
    assert ours.pop("bad_lines") == 0
    assert same(ours, theirs)
    assert len(theirs["points"]) > 3
    fifo = cli_json(cli, "mrc", str(block_trace), "--out", "json", "--policy", "fifo", "--sizes", "256,4096,65536")
    ours_fifo = tierplan.mrc(block_trace, policy="fifo", sizes=[256, 4096, 65536])
    ours_fifo.pop("bad_lines")
    assert same(ours_fifo, fifo)


def test_log_fit_equals_the_cli(cli, request_log):
    theirs = cli_json(cli, "log", "fit", str(request_log))
    assert same(tierplan.log_fit(request_log), theirs)
    assert theirs["parse"]["records"] > 1000


def test_sweep_equals_the_cli(cli, small_stream, tmp_path):
    f = tmp_path / "s.json"
    f.write_text(json.dumps(small_stream))
    theirs = cli_json(cli, "sweep", str(f), "--param", "workload.arrival_rate", "--values", "0.1,0.2,0.4")
    ours = tierplan.sweep(small_stream, "workload.arrival_rate", [0.1, 0.2, 0.4], threads=2)
    assert same(ours, theirs)
    assert [p["value"] for p in ours] == [0.1, 0.2, 0.4]


def test_max_rate_equals_the_cli(cli, tmp_path):
    s = tierplan.preset("nossdav12-hdd-only")
    r = s["request"]
    r["run"]["replications"] = 1
    r["run"]["duration_h"] = 0.02
    r["search"] = {**(r.get("search") or {}), "miss_target": 0.05, "min_rate": 1.0, "max_rate": 8.0}
    f = tmp_path / "m.json"
    f.write_text(json.dumps(s))
    theirs = cli_json(cli, "max-rate", str(f))
    assert same(tierplan.max_rate(s), theirs)


def test_http_figure_equals_the_cli(cli, small_request, tmp_path):
    f = tmp_path / "req.json"
    f.write_text(json.dumps(small_request))
    args = dict(from_rate=2.0, to_rate=6.0, points=2, replications=1, hours=0.02, warmup_hours=0.02, series=["hdd", "ring-warm"])
    theirs = cli_json(
        cli, "http-figure", str(f), "--from", "2", "--to", "6", "--points", "2", "--replications", "1",
        "--hours", "0.02", "--warmup-hours", "0.02", "--series", "hdd,ring-warm", "--format", "json",
    )
    assert same(tierplan.http_figure(small_request, **args), theirs)


def test_optimize_equals_the_cli(cli, tmp_path):
    s = tierplan.preset("mmsys11-cost-hdd")
    s["run"]["duration_h"] = 1.0
    s["run"]["warmup_h"] = 0.2
    s["run"]["replications"] = 2
    f = tmp_path / "o.json"
    f.write_text(json.dumps(s))
    theirs = cli_json(cli, "optimize", str(f))
    assert same(tierplan.optimize(s), theirs)


def test_optimize_fleet_equals_the_cli(cli, tmp_path):
    # 6 000 streams of 2 000 titles on 2U servers with 2 × 10 GbE: a fleet.
    s = tierplan.preset("today-plan")
    s["workload"]["videos"] = 2000
    s["workload"]["arrival_rate"] = 6000 / 3600
    s["workload"].pop("churn", None)
    s["run"]["duration_h"] = 2.0
    f = tmp_path / "f.json"
    f.write_text(json.dumps(s))
    spec = {"architectures": ["ssd_lfu_hdd"]}
    g = tmp_path / "spec.json"
    g.write_text(json.dumps(spec))
    theirs = cli_json(cli, "optimize", str(f), "--spec", str(g), "--fleet")
    ours = tierplan.optimize(s, spec, fleet=True)
    assert same(ours, theirs)
    assert ours["plans"] and ours["plans"][0]["servers"] >= 1


def test_characterize_equals_the_cli(cli):
    theirs = cli_json(
        cli, "characterize", "x25m", "--format", "json", "--seconds", "0.2", "--queue-depths", "1",
        "--precondition-passes", "0.05",
    )
    ours = tierplan.characterize("x25m", seconds=0.2, queue_depths=[1], precondition_passes=0.05)
    assert same(ours, theirs)
    assert ours["rows"][0]["iops"] > 0


def test_catalogs_equal_the_cli(cli):
    assert tierplan.devices() == cli_json(cli, "devices", "--format", "json")
    listed = run_cli(cli, "presets").splitlines()
    assert [p["id"] for p in tierplan.presets()] == [line.split()[0] for line in listed]
    assert tierplan.preset("nossdav12-hdd-only") == cli_json(cli, "preset", "nossdav12-hdd-only")
