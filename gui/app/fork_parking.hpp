#pragma once
// Parks the GUI thread while a worker forks a SimGrid child (sim/run_isolation.hpp, ForkHooks):
// the event loop then holds no allocator lock the child could inherit locked.
namespace wt::gui {

// Installs the hooks once per process; call from the GUI thread with the QApplication running.
void install_fork_parking();

}  // namespace wt::gui
