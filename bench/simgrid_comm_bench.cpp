// simgrid_comm_bench N MODE: the cost of N concurrent flows in SimGrid 3.32 (docs/engine.md,
// "SimGrid 3.32 facts"). A star of 2N hosts (1 GB/s, 1 µs links); flow i goes from host i to host
// N + i with 1e6 · (1 + i mod 7) bytes; three rounds, each waiting for all its flows. MODE:
//   sendto  - one actor starts every flow with Comm::sendto_async and waits with Comm::wait_all
//             (what sim/engine/simgrid/des.cpp does);
//   mailbox - a sender actor on host i and a receiver actor on host N + i per flow, for the whole
//             run, exchanging one mailbox message per round (a barrier between rounds);
//   spawn   - one actor creates, per round, a sender and a receiver actor per flow and joins them.
// Prints the wall time of Engine::run and the simulated end time (hexadecimal, to compare modes).
// Run it with --log=root.thres:critical to silence SimGrid.
#include <simgrid/s4u.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {

int g_payload = 0;

double flow_bytes(int i) {
  return 1e6 * (1 + i % 7);
}

void sendto_rounds(const std::vector<sg4::Host*>& h, int n) {
  sg4::Actor::create("driver", h[0], [&h, n] {
    for (int round = 0; round < 3; ++round) {
      std::vector<sg4::CommPtr> comms;
      for (int i = 0; i < n; ++i)
        comms.push_back(sg4::Comm::sendto_async(h[i], h[n + i], flow_bytes(i)));
      sg4::Comm::wait_all(comms);
    }
  });
}

void mailbox_rounds(const std::vector<sg4::Host*>& h, int n) {
  sg4::BarrierPtr barrier = sg4::Barrier::create(2 * n);
  for (int i = 0; i < n; ++i) {
    sg4::Mailbox* m = sg4::Mailbox::by_name("m" + std::to_string(i));
    sg4::Actor::create("s" + std::to_string(i), h[i], [m, i, barrier] {
      for (int round = 0; round < 3; ++round) {
        m->put(&g_payload, flow_bytes(i));
        barrier->wait();
      }
    });
    sg4::Actor::create("r" + std::to_string(i), h[n + i], [m, barrier] {
      for (int round = 0; round < 3; ++round) {
        m->get<int>();
        barrier->wait();
      }
    });
  }
}

void spawn_rounds(const std::vector<sg4::Host*>& h, int n) {
  sg4::Actor::create("driver", h[0], [&h, n] {
    for (int round = 0; round < 3; ++round) {
      std::vector<sg4::ActorPtr> receivers;
      for (int i = 0; i < n; ++i) {
        sg4::Mailbox* m = sg4::Mailbox::by_name("m" + std::to_string(i));
        sg4::Actor::create("s", h[i], [m, i] { m->put(&g_payload, flow_bytes(i)); });
        receivers.push_back(sg4::Actor::create("r", h[n + i], [m] { m->get<int>(); }));
      }
      for (const sg4::ActorPtr& r : receivers)
        r->join();
    }
  });
}

}  // namespace

int main(int argc, char** argv) {
  // SimGrid takes its own options (--log=..., --cfg=...) out of argv first.
  sg4::Engine engine(&argc, argv);
  const int n = argc > 1 ? std::atoi(argv[1]) : 0;
  const std::string mode = argc > 2 ? argv[2] : "";
  if (n < 1 || (mode != "sendto" && mode != "mailbox" && mode != "spawn")) {
    std::fprintf(stderr, "usage: simgrid_comm_bench N sendto|mailbox|spawn [SimGrid options]\n");
    return 2;
  }
  for (const char* setting :
       {"network/model:CM02", "network/crosstraffic:0", "network/TCP-gamma:0"})
    engine.set_config(setting);
  sg4::NetZone* zone = sg4::create_star_zone("star");
  std::vector<sg4::Host*> hosts;
  for (int i = 0; i < 2 * n; ++i) {
    sg4::Host* host = zone->create_host("h" + std::to_string(i), 1e9);
    sg4::SplitDuplexLink* link = zone->create_split_duplex_link("l" + std::to_string(i), 1e9);
    link->set_latency(1e-6);
    zone->add_route(host->get_netpoint(), nullptr, nullptr, nullptr,
                    {{link, sg4::LinkInRoute::Direction::UP}}, true);
    hosts.push_back(host);
  }
  zone->seal();
  if (mode == "sendto") sendto_rounds(hosts, n);
  if (mode == "mailbox") mailbox_rounds(hosts, n);
  if (mode == "spawn") spawn_rounds(hosts, n);
  const auto start = std::chrono::steady_clock::now();
  engine.run();
  const double wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d flows x 3 rounds, %s: wall %.2f s, simulated end %a s\n", n, mode.c_str(), wall_s,
              sg4::Engine::get_clock());
  return 0;
}
