#!/usr/bin/env python3
"""Where a build's cores sit idle, from its TP_TRACE timeline (core/trace.h).

    TP_TRACE=t.tsv tilepress -c vector build -q -j 2 -o DIR
    python3 bench/trace_idle.py t.tsv [CORES]

Two views, in core-seconds with CORES cores (default 2):
  measured  from the clocks: in each phase of the parent, CORES x its wall
            minus the CPU used in it; in the pool, each worker's wait for
            its first task, its gaps between tasks, and its tail (the pool
            still running after its last task).  Depends on the load.
  model     from CPU and sleep times only (load-independent): a span's
            sleep is its wall minus the time its thread ran or waited
            for a core (fsync, pipes), a task's its fsync calls; its
            load-free length is CPU + sleep.  The parent's serial phases leave CORES x length - CPU
            idle; the pool's tasks, handed out in the order they started,
            are scheduled greedily on the workers with their load-free
            lengths, and the pool's idle is CORES x that makespan minus
            their CPU (the tail, and the workers' sleeps).  The bound is
            total CPU / (serial length + makespan).
"""
import sys
from collections import defaultdict


def load(path):
    spans = []
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if len(f) != 7:
            continue
        s = dict(pid=int(f[0]), name=f[1], start=float(f[2]), end=float(f[3]), cpu=float(f[4]))
        # Slept: neither on a core nor waiting for one.
        s["sleep"] = max(0.0, (s["end"] - s["start"]) - float(f[5]) - float(f[6]))
        spans.append(s)
    # A task's main thread also sleeps while its PNG threads run (or wait
    # for a core, under load): what a task sleeps is taken as what it slept
    # in its fsync calls alone, the wait no load changes.
    syncs = [s for s in spans if s["name"] == "fsync"]
    for s in spans:
        if s["name"].startswith("task "):
            s["sleep"] = sum(f["sleep"] for f in syncs
                             if f["pid"] == s["pid"] and s["start"] <= f["start"] <= s["end"])
        s["len"] = s["cpu"] + s["sleep"]
    return spans


def main():
    spans = load(sys.argv[1])
    cores = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    build = [s for s in spans if s["name"] == "build"][-1]
    parent = build["pid"]
    t0, t1 = build["start"], build["end"]
    wall = t1 - t0
    mine = [s for s in spans if s["pid"] == parent and s["name"] != "build" and t0 <= s["start"] <= t1]
    workers = defaultdict(list)
    for s in spans:
        if s["pid"] != parent and t0 <= s["start"] <= t1:
            workers[s["pid"]].append(s)
    worker_cpu = sum(s["cpu"] for w in workers.values() for s in w if s["name"] == "worker")
    tasks = [s for w in workers.values() for s in w if s["name"].startswith("task ")]
    if not workers:  # one worker: the parent runs the tasks
        tasks = [s for s in mine if s["name"].startswith("task ")]
    total_cpu = build["cpu"] + worker_cpu
    print(f"wall {wall:.3f} s, CPU {total_cpu:.3f} s (parent {build['cpu']:.3f}, workers {worker_cpu:.3f}), "
          f"CPU/wall {total_cpu / wall:.3f}, {len(workers)} worker processes, {len(tasks)} tasks")
    print("measured idle core-seconds (from the clocks):")
    phases = ["open", "plan", "stage", "manifest", "pool", "preview", "commit"]
    syncs = [s for s in spans if s["name"] == "fsync" and t0 <= s["start"] <= t1]
    by_pid = defaultdict(float)
    for s in syncs:
        by_pid["parent" if s["pid"] == parent else "workers"] += s["sleep"]
    print(f"fsync: {len(syncs)} calls, slept " + ", ".join(f"{k} {v:.3f} s" for k, v in by_pid.items()))
    top = [s for s in mine if s["name"] in phases]
    pools = [s for s in mine if s["name"] in ("pool", "preflight pool")]
    idle = {}
    for s in top:
        w = s["end"] - s["start"]
        if s["name"] == "pool":
            continue
        cpu = s["cpu"]
        for p in pools:   # the preflight pool, inside the plan: below
            if p["name"] != "pool" and s["start"] <= p["start"] <= s["end"]:
                w -= p["end"] - p["start"]
                cpu -= p["cpu"]
        idle[s["name"]] = cores * w - cpu
    rest = wall - sum(s["end"] - s["start"] for s in top)
    idle["(outside phases)"] = cores * rest - (build["cpu"] - sum(s["cpu"] for s in top))
    for p in pools:
        ps, pe = p["start"], p["end"]
        start_gap = waits = tail = inside = 0.0
        mine_w = {pid: w for pid, w in workers.items() if any(ps <= s["start"] <= pe for s in w)}
        for pid, w in mine_w.items():
            ts = sorted((s for s in w if s["name"].startswith("task ")), key=lambda s: s["start"])
            if not ts:
                start_gap += pe - ps
                continue
            start_gap += ts[0]["start"] - ps
            waits += sum(b["start"] - a["end"] for a, b in zip(ts, ts[1:]))
            tail += pe - ts[-1]["end"]
            inside += sum((s["end"] - s["start"]) - s["cpu"] for s in ts)
        n = p["name"]
        idle[f"{n}: workers starting"] = start_gap
        idle[f"{n}: between tasks"] = waits
        idle[f"{n}: tail (after a worker's last task)"] = tail
        idle[f"{n}: in tasks (wall - CPU; < 0: PNG threads)"] = inside
        idle[f"{n}: cores without a worker"] = max(cores - len(mine_w), 0) * (pe - ps)
        idle[f"{n}: parent CPU (collecting)"] = -p["cpu"]
    for k, v in idle.items():
        print(f"  {k:48s} {v:7.3f}")
    print(f"  {'total':48s} {sum(idle.values()):7.3f}   (= {cores} x wall - CPU = {cores * wall - total_cpu:.3f})")
    # The model, from CPU and sleep times alone.  The pools: the writers'
    # ("pool") and the preflight's ("preflight pool", inside "plan").
    serial_phases = [s for s in mine if s["name"] in phases and s["name"] != "pool"]
    pools = [s for s in mine if s["name"] in ("pool", "preflight pool")]
    serial = build["cpu"] - sum(p["cpu"] for p in pools)
    slept = sum(s["sleep"] for s in serial_phases) - sum(p["sleep"] for p in pools if p["name"] != "pool")
    print("model (CPU and sleep times only, load-independent):")
    print(f"  {'parent serial CPU, sleep':48s} {serial:7.3f} {slept:6.3f}  -> idle "
          f"{(cores - 1) * serial + cores * slept:.3f}")
    print("    by phase (CPU/sleep): " + ", ".join(f"{s['name']} {s['cpu']:.3f}/{s['sleep']:.3f}"
                                               for s in serial_phases + pools if s["name"] != "pool"))
    spans_total = 0.0
    order = []
    for p in pools:
        ts = sorted((s for s in tasks if p["start"] <= s["start"] <= p["end"]), key=lambda s: s["start"])
        if not workers:
            ts = sorted((s for s in mine if s["name"].startswith("task ") and p["start"] <= s["start"] <= p["end"]),
                        key=lambda s: s["start"])
        n = max(len({s["pid"] for s in ts}), 1)
        free = [0.0] * n
        for s in ts:
            k = free.index(min(free))
            free[k] += s["len"]
        span = max(free) if ts else 0.0
        task_cpu = sum(s["cpu"] for s in ts)
        task_sleep = sum(s["sleep"] for s in ts)
        spans_total += span
        order += ts
        if ts and p["name"] == "pool":
            # The parent syncs each task's files as it reports: what it
            # still sleeps in fsync after the last task is serial.
            last = max(s["end"] for s in ts)
            lag = sum(f["sleep"] for f in syncs if f["pid"] == parent and last <= f["start"] <= p["end"])
            spans_total += lag
            print(f"  {'pool: parent still syncing after the last task':48s} {lag:7.3f}  -> idle {cores * lag:.3f}")
        print(f"  {p['name'] + ': makespan (greedy, start order)':48s} {span:7.3f}  -> idle "
              f"{cores * span - task_cpu:.3f} (of it the tasks' sleep {task_sleep:.3f}; {len(ts)} tasks on {n})")
    task_cpu = sum(s["cpu"] for s in order)
    print(f"  {'worker CPU outside tasks (start, exit)':48s} {worker_cpu - task_cpu:7.3f}")
    bound = total_cpu / (serial + slept + spans_total) if serial + spans_total > 0 else 0
    print(f"  {'CPU/wall bound':48s} {bound:7.3f}")
    big = sorted(order, key=lambda s: -s["cpu"])[:5]
    print("  largest tasks (CPU/sleep): " + "; ".join(f"{s['name'][5:]} {s['cpu']:.3f}/{s['sleep']:.3f}" for s in big))
    print("  last started: " + "; ".join(f"{s['name'][5:]} {s['cpu']:.3f}" for s in order[-3:]))


main()
