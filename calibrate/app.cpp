#include "calibrate/app.hpp"

#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "calibrate/measure.hpp"
#include "calibrate/provenance_text.hpp"
#include "calibrate/replay_gpu.hpp"
#include "core/error.hpp"

namespace wt::calibrate {
namespace {

constexpr const char* kFooter =
    "Exit codes: 0 ok, 1 internal error, 2 bad input, 4 no usable GPU, 5 CUDA/cuBLASLt/NCCL "
    "failure.\nDocumentation: docs/calibration.md.";

struct Args {
  MeasureOptions measure;
  std::string only;
  ReplayOptions replay;
  CLI::App* replay_app = nullptr;
};

void print_error(const std::string& message) {
  std::cerr << "windtunnel-calibrate: error: " << message << "\n";
}

void add_measure_options(CLI::App& app, Args& a) {
  app.add_option("--out", a.measure.out, "Profile to write (atomically)")->capture_default_str();
  app.add_flag("--quick", a.measure.quick, "A few shapes and sizes: about a minute");
  app.add_option("--only", a.only, "Sections to run, comma-separated: " + section_names());
  app.add_option("--max-bytes", a.measure.max_bytes,
                 "Largest buffer of the memory, h2d and NCCL size ladders")
      ->capture_default_str()
      ->check(CLI::Range(uint64_t{8}, uint64_t{1} << 40));
  app.add_option("--reps", a.measure.reps,
                 "Timed repetitions per measurement (default 10, 5 quick)")
      ->check(CLI::Range(1, 100000));
}

void add_replay_command(CLI::App& app, Args& a) {
  CLI::App* r = app.add_subcommand(
      "replay",
      "Run one rank's compute kernels of a scenario on this GPU and compare with the prediction");
  r->add_option("scenario", a.replay.scenario, "Scenario JSON file")->required();
  r->add_option("--rank", a.replay.rank, "Rank whose program is replayed")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  r->add_option("--set", a.replay.sets, "Override a scenario field: dotted.path=value");
  r->add_option("--profile", a.replay.profile, "Calibration profile for the prediction");
  r->add_flag("--json", a.replay.json, "Print the comparison as one JSON object");
  r->add_option("--reps", a.replay.reps, "Timed repetitions per kernel (default 10)")
      ->check(CLI::Range(1, 100000));
  a.replay_app = r;
}

int parse_error_exit(CLI::App& app, const CLI::ParseError& e) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e);
  print_error(e.what());
  std::cerr << "Run 'windtunnel-calibrate --help' for usage.\n";
  return to_int(ExitCode::bad_input);
}

int measure_command(Args& a, int argc, char** argv) {
  if (!a.only.empty()) a.measure.sections = parse_sections(a.only);
  a.measure.command_line = command_line(argc, argv);
  check_measure_options(a.measure);
  const CalibrationProfile profile = measure_host(a.measure, std::cout, std::cerr);
  write_profile(profile, a.measure.out);
  std::cerr << "windtunnel-calibrate: wrote " << a.measure.out << "\n";
  return to_int(ExitCode::ok);
}

int parse_and_run(int argc, char** argv) {
  CLI::App app{
      "windtunnel-calibrate: measure this host's GPUs (cuBLASLt GEMMs, memory, attention, host "
      "transfers, NCCL) and write a calibration profile for `windtunnel run --profile`."};
  app.name("windtunnel-calibrate");
  app.footer(kFooter);
  app.set_version_flag("--version", std::string("windtunnel-calibrate ") + WT_VERSION);
  app.require_subcommand(0, 1);
  Args a;
  add_measure_options(app, a);
  add_replay_command(app, a);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_error_exit(app, e);
  }
  if (a.replay_app->parsed()) return replay_command(a.replay, std::cout, std::cerr);
  return measure_command(a, argc, argv);
}

}  // namespace

int run_app(int argc, char** argv) {
  try {
    return parse_and_run(argc, argv);
  } catch (const InputError& e) {
    print_error(e.what());
    return to_int(ExitCode::bad_input);
  } catch (const GpuUnavailable& e) {
    std::cerr << "windtunnel-calibrate: no usable GPU: " << e.what() << "\n";
    return to_int(ExitCode::no_gpu);
  } catch (const GpuFailure& e) {
    std::cerr << "windtunnel-calibrate: GPU library failure: " << e.what() << "\n";
    return to_int(ExitCode::library_failure);
  } catch (const std::exception& e) {
    std::cerr << "windtunnel-calibrate: internal error: " << e.what() << "\n";
    return to_int(ExitCode::internal_error);
  } catch (...) {
    std::cerr << "windtunnel-calibrate: internal error: unknown exception\n";
    return to_int(ExitCode::internal_error);
  }
}

}  // namespace wt::calibrate
