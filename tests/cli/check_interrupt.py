"""Ctrl-C on a long command: exit 130 promptly with one line, the forked SimGrid child dies too,
and no output file is left half-written (absent, and no temporary beside it).

check_interrupt.py WT SCENARIO OUT_DIR WHAT: WHAT is "simgrid" (run --engine simgrid --trace)
or "plan" (plan --checkpoint DIR of a large plan, then checks the saved parts are whole JSON)."""
import glob
import json
import os
import signal
import subprocess
import sys
import time

PROMPT_S = 2.0  # the bound on exit after the signal (1 s in docs, slack for a loaded sanitizer box)


def children(pid):
    kids = []
    for path in glob.glob(f"/proc/{pid}/task/*/children"):
        try:
            with open(path) as f:
                kids += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return kids


def wait_for(predicate, limit_s):
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def interrupt(proc, sig):
    sent = time.monotonic()
    proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        sys.exit("the command did not exit within 30 s of the signal")
    took = time.monotonic() - sent
    print(f"exit {proc.returncode} {took:.3f} s after the signal; stderr: {err.strip()}")
    if proc.returncode != 130:
        sys.exit(f"exit code {proc.returncode}, expected 130")
    if took > PROMPT_S:
        sys.exit(f"took {took:.2f} s to exit, more than {PROMPT_S} s")
    if "windtunnel: interrupted" not in err.splitlines()[-1]:
        sys.exit("the last stderr line is not 'windtunnel: interrupted ...'")


def no_partial_files(folder, name):
    left = [f for f in os.listdir(folder) if f == name or (f.startswith("." + name) and ".tmp" in f)]
    if left:
        sys.exit(f"partial output left behind: {left}")


def simgrid(wt, scenario, out):
    trace = os.path.join(out, "interrupted-trace.json")
    if os.path.exists(trace):
        os.remove(trace)
    proc = subprocess.Popen([wt, "run", scenario, "--engine", "simgrid", "--trace", trace],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not wait_for(lambda: children(proc.pid), 60):
        proc.kill()
        sys.exit("no SimGrid child process appeared")
    kids = children(proc.pid)
    time.sleep(0.3)
    interrupt(proc, signal.SIGINT)
    for kid in kids:
        if not wait_for(lambda: not os.path.exists(f"/proc/{kid}") or
                        open(f"/proc/{kid}/stat").read().split()[2] == "Z", 2.0):
            os.kill(kid, signal.SIGKILL)
            sys.exit(f"the SimGrid child {kid} outlived its parent")
    no_partial_files(out, "interrupted-trace.json")


def plan(wt, scenario, out):
    folder = os.path.join(out, "interrupted-plan")
    os.makedirs(folder, exist_ok=True)
    for f in os.listdir(folder):
        os.remove(os.path.join(folder, f))
    proc = subprocess.Popen([wt, "plan", scenario, "--jobs", "1", "--checkpoint", folder,
                             "--checkpoint-shards", "64"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not wait_for(lambda: any(f.startswith("shard-") for f in os.listdir(folder)), 120):
        proc.kill()
        sys.exit("no checkpoint part was written")
    interrupt(proc, signal.SIGTERM)
    parts = os.listdir(folder)
    for f in parts:
        if not f.startswith("shard-"):
            sys.exit(f"partial file left in the checkpoint folder: {f}")
        with open(os.path.join(folder, f)) as fh:
            json.load(fh)  # every saved part is whole
    if len(parts) >= 64:
        sys.exit("the plan finished before the signal; make it larger")
    print(f"{len(parts)} of 64 parts saved, each whole")


if __name__ == "__main__":
    wt, scenario, out, what = sys.argv[1:5]
    {"simgrid": simgrid, "plan": plan}[what](wt, scenario, out)
