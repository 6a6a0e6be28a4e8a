#include "gui/app/job_control.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <bit>
#include <new>

namespace wt::gui {

JobControl::JobControl() : owner_(::getpid()) {
  void* page =
      ::mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) throw std::bad_alloc();
  shared_ = new (page) Shared;
}

JobControl::~JobControl() {
  shared_->~Shared();
  ::munmap(shared_, sizeof(Shared));
}

void JobControl::report(double fraction) {
  shared_->fraction_bits.store(std::bit_cast<uint64_t>(fraction));
}

double JobControl::fraction() const {
  return std::bit_cast<double>(shared_->fraction_bits.load());
}

void JobControl::exit_child_if_cancelled() const {
  if (cancelled() && ::getpid() != owner_) ::_exit(1);
}

}  // namespace wt::gui
