#pragma once
// The `windtunnel-calibrate` program: parses the command line, runs the measurement or the replay
// and maps every outcome to an exit code (exit_code.hpp). No exception leaves run_app.
namespace wt::calibrate {

int run_app(int argc, char** argv);

}  // namespace wt::calibrate
