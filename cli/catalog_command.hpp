#pragma once
// `windtunnel catalog`: the built-in GPU catalog and model presets, as tables or JSON with sources.
#include <CLI/CLI.hpp>

namespace wt::cli {

struct CatalogOptions {
  bool json = false;
};

CLI::App* add_catalog_command(CLI::App& app, CatalogOptions& options);
int catalog_command(const CatalogOptions& options);

}  // namespace wt::cli
