#include "cli/app.hpp"

int main(int argc, char** argv) {
  return wt::cli::run_app(argc, argv);
}
