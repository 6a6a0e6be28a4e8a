#!/usr/bin/env python3
"""The layers of the code base, lowest first, and a check that nothing includes from above.

A file may include headers of its own layer and of the layers listed before it; layers on one line
(the faces) may not include each other. The same table gives each CMake library's layer, and the
check also refuses a `target_link_libraries` that names a library of a higher layer. Run from
anywhere; exit 0 when clean, 1 with one line per violation otherwise (CTest: layers.includes).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# (layer, CMake libraries, path prefixes or files). Order = rank, lowest first; a tuple of layers
# shares one rank. A longer prefix wins over a shorter one (sim/scenario/parse.* is scenario_load).
LAYERS = [
    ("core", "wt_core", ["core/"]),
    ("topology", "wt_topology", ["topology/"]),
    ("scenario", "wt_scenario", ["sim/scenario/"]),
    ("hardware", "wt_hardware", ["sim/hardware/"]),
    ("scenario_load", "wt_scenario_load",
     ["sim/scenario/parse.", "sim/scenario/validate.", "sim/scenario/validate_",
      "sim/scenario/override.", "sim/scenario/shared_cluster."]),
    ("comm", "wt_comm", ["sim/comm/"]),
    ("workload", "wt_workload", ["sim/workload/"]),
    ("engine", "wt_engine", ["sim/engine/"]),
    ("report", "wt_report", ["sim/report/"]),
    ("run", "wt_run", ["sim/run.", "sim/run_"]),
    ("validation", "wt_validation wt_sim", ["sim/validation/"]),
    ("planner", "wt_planner", ["planner/"]),
    (("calibrate", "wt_calibrate_core wt_calibrate_gpu windtunnel-calibrate", ["calibrate/"]),
     ("cli", "windtunnel", ["cli/"]),
     ("gui", "wt_gui_views wt_gui_topology wt_gui_app windtunnel-gui", ["gui/"]),
     ("python", "windtunnel_python", ["python/"])),
]

# Beyond the order: the faces reach the engines only through sim/run (run.hpp, run_isolation.hpp),
# never an engine's own headers (sim/engine/timeline.hpp, the engines' output, is data).
FACES_MAY_NOT_INCLUDE = (("cli/", "gui/", "python/"), ("sim/engine/simgrid/", "sim/engine/analytical/"))

SOURCE_SUFFIXES = {".hpp", ".cpp", ".h", ".cuh", ".cu"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def ranked():
    for rank, entry in enumerate(LAYERS):
        for layer in entry if isinstance(entry[0], tuple) else (entry,):
            yield rank, layer


def layer_of(path):
    """(rank, name) of a repository-relative path, or None when it is in no layer (tests, bench)."""
    best = None
    for rank, (name, _, prefixes) in ranked():
        for prefix in prefixes:
            if path.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), rank, name)
    return None if best is None else best[1:]


def may_use(user, used):
    return used[1] == user[1] or used[0] < user[0]


def include_violations():
    out = []
    for file in sorted(ROOT.rglob("*")):
        rel = file.relative_to(ROOT).as_posix()
        if file.suffix not in SOURCE_SUFFIXES or rel.startswith("build/"):
            continue
        user = layer_of(rel)
        if user is None:
            continue
        for number, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            header = match.group(1)
            used = layer_of(header)
            if used is not None and not may_use(user, used):
                out.append(f"{rel}:{number}: layer {user[1]} includes {header} "
                           f"from layer {used[1]} above it")
            faces, engines = FACES_MAY_NOT_INCLUDE
            if rel.startswith(faces) and header.startswith(engines):
                out.append(f"{rel}:{number}: a face includes the engine header {header}; "
                           f"use sim/run.hpp or sim/run_isolation.hpp")
    return out


def link_violations():
    rank_of = {lib: (rank, name) for rank, (name, libs, _) in ranked() for lib in libs.split()}
    out = []
    for cmake in sorted(ROOT.rglob("CMakeLists.txt")):
        rel = cmake.relative_to(ROOT).as_posix()
        if rel.startswith("build/"):
            continue
        text = re.sub(r"#[^\n]*", "", cmake.read_text())
        for match in re.finditer(r"(?:target_link_libraries|wt_layer_library)\(\s*([\w-]+)([^)]*)\)", text):
            user = rank_of.get(match.group(1))
            if user is None:
                continue
            for lib in match.group(2).split():
                used = rank_of.get(lib)
                if used is not None and not may_use(user, used):
                    out.append(f"{rel}: {match.group(1)} (layer {user[1]}) links {lib} "
                               f"(layer {used[1]} above it)")
    return out


def main():
    problems = include_violations() + link_violations()
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} upward dependencies; the layer order is in {__file__}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
