"""Shared fixtures: the native CLI (the reference the package must equal),
small scenarios and generated trace and log files."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHOSEN = os.environ.get("TIERPLAN_CLI")
CLI = Path(CHOSEN) if CHOSEN else ROOT / "wasm" / "target" / "release" / "tierplan"


@pytest.fixture(scope="session")
def cli() -> Path:
    """The native CLI: the release build, built here if it is not there yet,
    or the one TIERPLAN_CLI names (npm test names the one `cargo test
    --profile checked` built, scripts/test.sh)."""
    if not CLI.exists():
        if CHOSEN:
            pytest.fail(f"TIERPLAN_CLI is {CHOSEN}, but there is no file there")
        subprocess.run(
            ["cargo", "build", "--release", "-p", "tierplan-cli", "--manifest-path", str(ROOT / "wasm" / "Cargo.toml")],
            check=True,
        )
    return CLI


def same(a, b) -> bool:
    """Equal bit for bit: equal values, and the same text once printed
    again (which also tells -0.0 from 0.0, equal for ==)."""
    return a == b and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def run_cli(cli: Path, *args: str, stdin: str | None = None) -> str:
    p = subprocess.run([str(cli), *args], input=stdin, capture_output=True, text=True)
    assert p.returncode == 0, f"tierplan {' '.join(args)} failed:\n{p.stderr}"
    return p.stdout


def cli_json(cli: Path, *args: str, stdin: str | None = None):
    return json.loads(run_cli(cli, *args, stdin=stdin))


@pytest.fixture(scope="session")
def small_stream() -> dict:
    """A short stream-level scenario (a few ms a run) for sweeps of many points."""
    import tierplan

    s = tierplan.preset("mmsys11-cost-ssd")
    s["run"]["duration_h"] = 0.5
    s["run"]["warmup_h"] = 0.1
    s["run"]["replications"] = 1
    s["workload"]["arrival_rate"] = 0.2
    return s


@pytest.fixture(scope="session")
def small_request() -> dict:
    """A short request-level scenario."""
    import tierplan

    s = tierplan.preset("nossdav12-hdd-only")
    r = s["request"]
    r["run"]["replications"] = 2
    r["run"]["duration_h"] = 0.05
    r["workload"]["rate"] = 5.0
    return s


@pytest.fixture(scope="session")
def block_trace(cli: Path, tmp_path_factory) -> Path:
    """An MSR-format block trace of 30 000 I/Os of the 'financial' workload."""
    path = tmp_path_factory.mktemp("traces") / "financial.csv"
    p = subprocess.run(
        [str(cli), "block-trace", "generate", "--preset", "financial", "--format", "msr", "--ios", "30000", "-o", str(path)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr
    return path


@pytest.fixture(scope="session")
def request_log(cli: Path, tmp_path_factory) -> Path:
    """A two-day synthetic request log (CSV, ISO 8601 times)."""
    path = tmp_path_factory.mktemp("logs") / "requests.csv"
    path.write_text(run_cli(cli, "log", "generate", "--days", "2", "--rate", "0.05", "--videos", "500", "--seed", "3"))
    return path
