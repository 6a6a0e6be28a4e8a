// The walk on hand-made programs: stream order, dependencies, transfers and the wait split.
#include "sim/engine/analytical/walk.hpp"

#include <gtest/gtest.h>

namespace wt {
namespace {

Op compute_op(double seconds) {
  Op op;
  op.kind = OpKind::compute;
  op.duration_s = seconds;
  return op;
}

TEST(Walk, OpsOnOneStreamRunInOrder) {
  Workload w;
  w.programs.resize(1);
  w.programs[0].ops = {compute_op(1.0), compute_op(2.0), compute_op(0.5)};
  const Timeline t = walk(w);
  EXPECT_DOUBLE_EQ(t.roles[0].ops[2].start_s, 3.0);
  EXPECT_DOUBLE_EQ(t.iteration_s, 3.5);
}

TEST(Walk, AnotherStreamOverlapsAndAWaitOnItIsExposedCommunication) {
  Workload w;
  w.programs.resize(1);
  Op comm;
  comm.kind = OpKind::collective;
  comm.stream = Stream::dp_comm;
  comm.duration_s = 3.0;
  comm.deps[0] = 0;  // starts after the first compute op
  Op last = compute_op(1.0);
  last.deps[0] = 2;  // waits for the collective
  w.programs[0].ops = {compute_op(1.0), compute_op(1.0), comm, last};
  const Timeline t = walk(w);
  // compute 0–1, 1–2; comm 1–4 overlaps the second op; the last op waits 2 s for it.
  EXPECT_DOUBLE_EQ(t.roles[0].ops[2].start_s, 1.0);
  EXPECT_DOUBLE_EQ(t.roles[0].ops[3].start_s, 4.0);
  EXPECT_DOUBLE_EQ(t.roles[0].ops[3].wait_comm_s, 2.0);
  EXPECT_DOUBLE_EQ(t.roles[0].ops[3].wait_bubble_s, 0.0);
  EXPECT_DOUBLE_EQ(t.iteration_s, 5.0);
}

TEST(Walk, ReceiveWaitsForTheSenderAndSplitsBubbleFromTransfer) {
  Workload w;
  w.programs.resize(2);
  Op send;
  send.kind = OpKind::send;
  send.stream = Stream::pp_send;
  send.duration_s = 0.25;
  send.deps[0] = 0;
  send.peer_role = 1;
  w.programs[0].ops = {compute_op(2.0), send};
  Op recv;
  recv.kind = OpKind::recv;
  recv.peer_role = 0;
  recv.peer_op = 1;
  w.programs[1].role = 1;
  w.programs[1].ops = {compute_op(0.5), recv, compute_op(1.0)};
  const Timeline t = walk(w);
  // Role 1 is free at 0.5, data arrives at 2.25: 1.5 s bubble, 0.25 s transfer.
  EXPECT_DOUBLE_EQ(t.roles[1].ops[1].end_s, 2.25);
  EXPECT_DOUBLE_EQ(t.roles[1].ops[1].wait_bubble_s, 1.5);
  EXPECT_DOUBLE_EQ(t.roles[1].ops[1].wait_comm_s, 0.25);
  EXPECT_DOUBLE_EQ(t.iteration_s, 3.25);
  EXPECT_EQ(t.critical_role, 1);
}

TEST(Walk, ACycleIsReportedNotHung) {
  Workload w;
  w.programs.resize(2);
  Op recv;
  recv.kind = OpKind::recv;
  recv.peer_role = 1;
  recv.peer_op = 1;
  Op send;
  send.kind = OpKind::send;
  send.stream = Stream::pp_send;
  send.deps[0] = 0;
  w.programs[0].ops = {recv, send};
  Op recv1 = recv;
  recv1.peer_role = 0;
  w.programs[1].ops = {recv1, send};
  EXPECT_THROW(walk(w), std::logic_error);
}

}  // namespace
}  // namespace wt
