#include "calibrate/app.hpp"

int main(int argc, char** argv) {
  return wt::calibrate::run_app(argc, argv);
}
