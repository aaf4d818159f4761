"""tierplan.distributed on a local Dask cluster of two worker processes:
every answer equals the local one bit for bit."""

from __future__ import annotations

import copy

import pytest

import tierplan
from conftest import same
from tierplan import distributed


@pytest.fixture(scope="module")
def client():
    c = distributed.local_client(workers=2)
    try:
        yield c
    finally:
        c.close()
        c.cluster.close()


def test_the_cluster_has_two_worker_processes(client):
    info = client.scheduler_info()["workers"]
    assert len(info) == 2
    pids = client.run(lambda: __import__("os").getpid())
    assert len(set(pids.values())) == 2


def test_a_sweep_of_1000_runs_equals_the_local_one(client, small_stream):
    values = [round(0.05 + 0.001 * k, 6) for k in range(1000)]
    local = tierplan.sweep(small_stream, "workload.arrival_rate", values, threads=1)
    remote = distributed.sweep(small_stream, "workload.arrival_rate", values, client=client)
    assert len(remote) == 1000
    assert same(remote, local)
    # The points differ from each other (not one answer a thousand times).
    assert len({p["avg_streams"]["mean"] for p in remote}) > 900
    # Again at once with the same base scenario (its copy on the cluster
    # from the last call may still be being released).
    # One point a task: the same.
    again = distributed.sweep(small_stream, "workload.arrival_rate", values[:50], client=client, batch=1)
    assert same(again, local[:50])


def test_the_sweep_study_farmed_on_dask_equals_the_native_sweep(client, small_stream):
    # Dask runs the core's SweepStudy through the one farm loop: with four
    # replications a point and three runs a task, a point's replications
    # land in different tasks and come back in any order; the study merges
    # each point once its last is in, as the native driver does.
    s = copy.deepcopy(small_stream)
    s["run"]["replications"] = 4
    values = [0.1, 0.2, 0.3, 0.45, 0.6]
    native = tierplan.sweep(s, "workload.arrival_rate", values, threads=2)
    remote = distributed.sweep(s, "workload.arrival_rate", values, client=client, batch=3)
    assert [p["value"] for p in remote] == values
    assert same(remote, native)
    assert len({p["avg_streams"]["mean"] for p in remote}) == len(values)
    # With a rejection target a point is one run (its replications in
    # order, stopping where the target decides): the same points again,
    # rates near the target so that the points stop after different counts.
    s["run"]["replications"] = 15
    s["run"]["target_rejection"] = 0.02
    values = [1.8, 2.0, 2.2, 2.4]
    native = tierplan.sweep(s, "workload.arrival_rate", values, threads=2)
    remote = distributed.sweep(s, "workload.arrival_rate", values, client=client, batch=2)
    assert same(remote, native)
    assert len({p["rejection_probability"]["n"] for p in remote}) > 1


def test_a_sweep_batch_below_one_is_refused(client, small_stream):
    with pytest.raises(ValueError, match="batch: is 0"):
        distributed.sweep(small_stream, "workload.arrival_rate", [0.1], client=client, batch=0)


def test_replications_as_tasks_equal_the_run(client):
    s = tierplan.preset("mmsys11-cost-ssd")
    s["run"]["replications"] = 8
    assert same(distributed.replications(s, client=client), tierplan.run(s))


def test_optimiser_candidates_as_tasks_pick_the_local_configurations(client):
    s = tierplan.preset("mmsys11-cost-hdd")
    s["run"]["duration_h"] = 1.0
    s["run"]["warmup_h"] = 0.2
    s["run"]["replications"] = 2
    local = tierplan.optimize(s)
    remote = distributed.optimize(s, client=client)
    # Each architecture's optimum: its counts, cost and simulated result.
    assert [a["best"] for a in remote["architectures"]] == [a["best"] for a in local["architectures"]]
    assert any(a["best"] is not None for a in local["architectures"])
    assert remote["done"] and remote["target"] == local["target"]


def test_figure_points_as_tasks_equal_the_local_figure(client, small_request):
    args = dict(from_rate=2.0, to_rate=6.0, points=2, replications=1, hours=0.02, warmup_hours=0.02, series=["hdd", "object"])
    assert distributed.http_figure(small_request, client=client, **args) == tierplan.http_figure(small_request, **args)


def test_many_traces_and_logs_in_parallel(client, block_trace, request_log):
    curves = distributed.mrc_many([block_trace, block_trace], client=client, policy="fifo", sizes=[256, 4096])
    assert list(curves.values())[0] == tierplan.mrc(block_trace, policy="fifo", sizes=[256, 4096])
    fits = distributed.log_fit_many([request_log], client=client)
    assert fits[str(request_log)] == tierplan.log_fit(request_log)
