"""The Python module against the CLI (docs/python.md): each function returns the object its command
prints with --json, and bad input raises windtunnel.Error with the JSON path and the CLI's message.

Run by CTest (tests/python/CMakeLists.txt) with PYTHONPATH at the built module, WT_CLI the
windtunnel program and WT_SOURCE_DIR the repository.
"""
import json
import os
import pathlib
import subprocess
import tempfile
import sys
import unittest

if os.environ.get("WT_PYTHON_SKIP"):  # CTest shows SKIPPED (SKIP_RETURN_CODE 77) with the reason
    print("SKIPPED:", os.environ["WT_PYTHON_SKIP"])
    sys.exit(77)

import windtunnel  # noqa: E402 (after the skip)

SOURCE = pathlib.Path(os.environ["WT_SOURCE_DIR"])
CLI = os.environ["WT_CLI"]
SCENARIO = SOURCE / "scenarios" / "llama3-8b-1node-h100.json"
PLAN = SOURCE / "tests" / "planner" / "data" / "small-plan.json"
DATASET = SOURCE / "scenarios" / "validation" / "published-runs-dev.json"


def cli_json(*args):
    """The CLI's --json object (exit 0 ok or 3 infeasible)."""
    done = subprocess.run([CLI, *map(str, args), "--json"], capture_output=True, text=True,
                          check=False)
    if done.returncode not in (0, 3):
        raise AssertionError(f"windtunnel {args} exited {done.returncode}: {done.stderr}")
    return json.loads(done.stdout)


def cli_error(*args):
    """The message the CLI prints after 'windtunnel: error: ' (exit 2)."""
    done = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, check=False)
    assert done.returncode == 2, (done.returncode, done.stderr)
    line = done.stderr.strip().splitlines()[-1]
    prefix = "windtunnel: error: "
    assert line.startswith(prefix), line
    return line[len(prefix):]


class RunTest(unittest.TestCase):
    def test_same_dict_as_cli(self):
        self.assertEqual(windtunnel.run(SCENARIO), cli_json("run", SCENARIO))

    def test_sets_as_dict_or_strings_match_cli_set(self):
        expected = cli_json("run", SCENARIO, "--set", "parallel.tensor=4",
                            "--set", "parallel.data=2", "--set", "training.precision=fp8")
        as_dict = windtunnel.run(str(SCENARIO), sets={"parallel.tensor": 4, "parallel.data": 2,
                                                      "training.precision": "fp8"})
        as_strings = windtunnel.run(SCENARIO, sets=["parallel.tensor=4", "parallel.data=2",
                                                    "training.precision=fp8"])
        self.assertEqual(as_dict, expected)
        self.assertEqual(as_strings, expected)
        self.assertNotEqual(as_dict["iteration_time_s"],
                            windtunnel.run(SCENARIO)["iteration_time_s"])

    def test_dict_scenario_matches_file(self):
        doc = json.loads(SCENARIO.read_text())
        self.assertEqual(windtunnel.run(doc), windtunnel.run(SCENARIO))

    def test_real_values(self):
        r = windtunnel.run(SCENARIO)
        self.assertGreater(r["iteration_time_s"], 0.0)
        self.assertGreater(r["tokens_per_s"], 0.0)
        self.assertTrue(0.0 < r["mfu"] < 1.0)
        self.assertEqual(r["engine"], "analytical")
        self.assertEqual(r["scenario"], "llama3-8b-1node-h100")
        self.assertEqual(r["num_gpus"], 8)
        self.assertGreater(r["error_band"]["half_width"], 0.0)  # the figures `run` adds
        self.assertEqual(r["monte_carlo"]["runs"], 10000)

    def test_simgrid_engine_matches_cli(self):
        self.assertEqual(windtunnel.run(SCENARIO, engine="simgrid"),
                         cli_json("run", SCENARIO, "--engine", "simgrid"))


class ErrorTest(unittest.TestCase):
    def test_bad_field_carries_path_and_cli_message(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = pathlib.Path(tmp) / "bad.json"
            doc = json.loads(SCENARIO.read_text())
            doc["parallel"]["tensor"] = 3
            bad.write_text(json.dumps(doc))
            with self.assertRaises(windtunnel.Error) as caught:
                windtunnel.run(bad)
            message = cli_error("run", bad)
        e = caught.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual(str(e), message)
        self.assertTrue(e.path.startswith("parallel.tensor") or "tensor" in e.path, e.path)
        self.assertTrue(e.problem)

    def test_bad_set_path(self):
        with self.assertRaises(windtunnel.Error) as caught:
            windtunnel.run(SCENARIO, sets={"parallel.tensr": 2})
        self.assertIn("parallel.tensr", str(caught.exception))

    def test_unknown_engine_and_missing_file(self):
        with self.assertRaises(windtunnel.Error) as caught:
            windtunnel.run(SCENARIO, engine="fast")
        self.assertEqual(caught.exception.path, "engine")
        with self.assertRaises(windtunnel.Error) as caught:
            windtunnel.run(SOURCE / "no-such-scenario.json")
        self.assertEqual(caught.exception.path, "scenario")
        self.assertEqual(caught.exception.problem, "no such file")


class PlanSweepValidateCatalogTest(unittest.TestCase):
    def test_plan_same_dict_as_cli(self):
        p = windtunnel.plan(PLAN, jobs=2)
        self.assertEqual(p, cli_json("plan", PLAN, "--jobs", "2"))
        for key in ("chosen", "ranked", "pareto", "right_sizing"):
            self.assertIn(key, p)
        self.assertGreater(len(p["ranked"]), 0)
        self.assertGreater(p["ranked"][0]["iteration_time_s"], 0.0)

    def test_sweep(self):
        s = windtunnel.sweep(SCENARIO, vary={"cluster.num_nodes": [1, 2]})
        self.assertEqual(s, cli_json("sweep", SCENARIO, "--vary", "cluster.num_nodes=1,2"))
        self.assertEqual(len(s["points"]), 2)
        self.assertTrue(all(pt["ok"] for pt in s["points"]))
        self.assertEqual(s["points"][1]["num_gpus"], 16)
        self.assertAlmostEqual(s["points"][0]["speedup"], 1.0)
        self.assertGreater(s["points"][1]["speedup"], 1.0)

    def test_validate(self):
        v = windtunnel.validate(DATASET)
        self.assertEqual(v, cli_json("validate", DATASET))
        self.assertGreater(v["summary"]["expressed"], 0)
        self.assertGreater(v["summary"]["median_abs_error"], 0.0)
        self.assertGreater(len(v["rows"]), 0)
        with self.assertRaises(windtunnel.Error) as caught:
            windtunnel.validate(DATASET, sets=["cluster.gpu_sped_spread=0"])
        self.assertEqual(caught.exception.path, "sets")

    def test_catalog(self):
        c = windtunnel.catalog()
        self.assertEqual(c, cli_json("catalog"))
        h100 = [g for g in c["gpus"] if g["id"] == "h100-sxm5-80gb"]
        self.assertEqual(len(h100), 1)
        self.assertGreater(h100[0]["peak_tflops"]["bf16"]["value"], 900.0)
        self.assertTrue(h100[0]["peak_tflops"]["bf16"]["source"])
        self.assertIn("llama3-8b", [m["name"] for m in c["models"]])


if __name__ == "__main__":
    unittest.main()
