// Not a test: renders the Topology tab of shipped fat-tree, torus and dragonfly scenarios after a
// SimGrid run (and the 16k-GPU fat-tree without one) to PNGs, for people to look at.
//   QT_QPA_PLATFORM=offscreen topology_gallery OUT_DIR
#include <QApplication>
#include <QDir>
#include <cstdio>
#include <utility>

#include "gui/topology/topology_view.hpp"
#include "sim/scenario/parse.hpp"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  if (argc < 2) {
    std::fprintf(stderr, "usage: topology_gallery OUT_DIR\n");
    return 2;
  }
  const QDir out(argv[1]);
  const struct {
    const char* scenario;
    bool simgrid;
  } shots[] = {{"oversubscribed-fat-tree-llama2-13b", true},
               {"rail-fat-tree-llama3-70b", true},
               {"torus-llama2-7b", true},
               {"torus-3d-gpt3-13b", true},
               {"dragonfly-llama3-8b", true},
               {"llama3-405b-16k-h100", false},
               {"llama3-8b-1node-h100", true}};
  for (const auto& shot : shots) {
    const wt::Scenario s = wt::load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" +
                                                  shot.scenario + ".json");
    wt::RunOutput run;
    if (shot.simgrid) run = wt::run_scenario(s, wt::EngineKind::simgrid);
    wt::gui::TopologyView view;
    view.resize(1400, 900);
    view.show_network(s, shot.simgrid ? &run.link_loads : nullptr);
    const QString path = out.filePath(QString(shot.scenario) + ".png");
    if (!view.export_widget()->grab().save(path)) return 1;
    std::printf("%s\n", qPrintable(path));
  }
  // Beyond the shipped sizes: what a large dragonfly and torus show.
  wt::Scenario dragonfly =
      wt::load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/dragonfly-llama3-8b.json");
  dragonfly.cluster.network.dragonfly = {10, 10, 8, 1};
  dragonfly.cluster.num_nodes = 800;
  wt::Scenario torus =
      wt::load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/torus-3d-gpt3-13b.json");
  torus.cluster.network.torus.dims = {20, 8, 8};
  torus.cluster.num_nodes = 1280;
  for (const auto& [name, s] :
       {std::pair{"dragonfly-800-nodes", dragonfly}, std::pair{"torus-20x8x8", torus}}) {
    wt::gui::TopologyView view;
    view.resize(1400, 900);
    view.show_network(s, nullptr);
    const QString path = out.filePath(QString(name) + ".png");
    if (!view.export_widget()->grab().save(path)) return 1;
    std::printf("%s\n", qPrintable(path));
  }
  return 0;
}
