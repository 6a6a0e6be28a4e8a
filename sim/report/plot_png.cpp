// PNG plots: the SVG the plots draw, rasterised by librsvg onto a cairo image surface.
#include <cairo.h>
#include <librsvg/rsvg.h>

#include <cmath>
#include <memory>
#include <stdexcept>

#include "sim/report/plot_svg.hpp"

namespace wt {
namespace {

template <class T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
void unref_handle(RsvgHandle* h) {
  g_object_unref(h);
}
using Handle = std::unique_ptr<RsvgHandle, Deleter<RsvgHandle, unref_handle>>;
using Surface = std::unique_ptr<cairo_surface_t, Deleter<cairo_surface_t, cairo_surface_destroy>>;
using Context = std::unique_ptr<cairo_t, Deleter<cairo_t, cairo_destroy>>;

// The plots are drawn by this program: an SVG that librsvg refuses is a bug, not bad input.
[[noreturn]] void fail(const std::string& what, GError* error) {
  const std::string detail = error != nullptr ? std::string(": ") + error->message : "";
  if (error != nullptr) g_error_free(error);
  throw std::logic_error("PNG plot: " + what + detail);
}

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string svg_to_png(const std::string& svg, double scale) {
  GError* error = nullptr;
  const Handle handle(
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &error));
  if (!handle) fail("the SVG does not parse", error);
  gdouble width = 0.0, height = 0.0;
  if (rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &width, &height) == FALSE) {
    fail("the SVG has no size in pixels", nullptr);
  }
  const int w = static_cast<int>(std::lround(width * scale));
  const int h = static_cast<int>(std::lround(height * scale));
  const Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h));
  const Context cr(cairo_create(surface.get()));
  cairo_set_source_rgb(cr.get(), 1.0, 1.0, 1.0);
  cairo_paint(cr.get());
  const RsvgRectangle viewport{0.0, 0.0, static_cast<double>(w), static_cast<double>(h)};
  if (rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &error) == FALSE) {
    fail("rendering failed", error);
  }
  std::string png;
  cairo_surface_flush(surface.get());
  if (cairo_surface_write_to_png_stream(surface.get(), append, &png) != CAIRO_STATUS_SUCCESS) {
    fail("encoding failed", nullptr);
  }
  return png;
}

}  // namespace wt
