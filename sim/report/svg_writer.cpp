#include "sim/report/svg_writer.hpp"

#include <array>
#include <cstdio>

namespace wt {
namespace {

const char* anchor_name(TextAnchor a) {
  switch (a) {
    case TextAnchor::start:
      return "start";
    case TextAnchor::middle:
      return "middle";
    case TextAnchor::end:
      return "end";
  }
  return "start";
}

std::string attr(const char* name, const std::string& value) {
  return std::string(" ") + name + "=\"" + xml_escape(value) + "\"";
}

std::string num_attr(const char* name, double v) {
  return attr(name, svg_number(v));
}

std::string title_element(const std::string& tooltip) {
  return tooltip.empty() ? "" : "<title>" + xml_escape(tooltip) + "</title>";
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string svg_number(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.2f", v);
  std::string s = buf.data();
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

SvgWriter::SvgWriter(double width, double height) : width_(width), height_(height) {}

void SvgWriter::rect(double x, double y, double w, double h, const std::string& fill,
                     const std::string& cls, const std::string& tooltip) {
  body_ += "<rect" + attr("class", cls) + num_attr("x", x) + num_attr("y", y) +
           num_attr("width", w) + num_attr("height", h) + attr("fill", fill) + ">" +
           title_element(tooltip) + "</rect>\n";
}

void SvgWriter::line(Point2 a, Point2 b, const std::string& stroke, double width,
                     const std::string& cls) {
  body_ += "<line" + attr("class", cls) + num_attr("x1", a.x) + num_attr("y1", a.y) +
           num_attr("x2", b.x) + num_attr("y2", b.y) + attr("stroke", stroke) +
           num_attr("stroke-width", width) + "/>\n";
}

void SvgWriter::polyline(const std::vector<Point2>& points, const std::string& stroke, double width,
                         const std::string& cls) {
  std::string coords;
  for (const Point2& p : points) {
    coords += (coords.empty() ? "" : " ") + svg_number(p.x) + "," + svg_number(p.y);
  }
  body_ += "<polyline" + attr("class", cls) + attr("points", coords) + attr("fill", "none") +
           attr("stroke", stroke) + num_attr("stroke-width", width) + "/>\n";
}

void SvgWriter::circle(Point2 c, double r, const std::string& fill, const std::string& cls,
                       const std::string& tooltip) {
  body_ += "<circle" + attr("class", cls) + num_attr("cx", c.x) + num_attr("cy", c.y) +
           num_attr("r", r) + attr("fill", fill) + ">" + title_element(tooltip) + "</circle>\n";
}

void SvgWriter::ring(Point2 c, double r, const std::string& stroke, double width,
                     const std::string& cls, const std::string& tooltip) {
  body_ += "<circle" + attr("class", cls) + num_attr("cx", c.x) + num_attr("cy", c.y) +
           num_attr("r", r) + attr("fill", "white") + attr("stroke", stroke) +
           num_attr("stroke-width", width) + ">" + title_element(tooltip) + "</circle>\n";
}

void SvgWriter::text(Point2 at, const std::string& content, double size, TextAnchor anchor,
                     const std::string& cls, double rotate_deg) {
  std::string transform;
  if (rotate_deg != 0.0) {
    transform = attr("transform", "rotate(" + svg_number(rotate_deg) + " " + svg_number(at.x) +
                                      " " + svg_number(at.y) + ")");
  }
  body_ += "<text" + attr("class", cls) + num_attr("x", at.x) + num_attr("y", at.y) +
           num_attr("font-size", size) + attr("text-anchor", anchor_name(anchor)) + transform +
           ">" + xml_escape(content) + "</text>\n";
}

std::string SvgWriter::str() const {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"" +
         num_attr("width", width_) + num_attr("height", height_) +
         attr("viewBox", "0 0 " + svg_number(width_) + " " + svg_number(height_)) +
         attr("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif") + ">\n" +
         "<rect class=\"background\" x=\"0\" y=\"0\"" + num_attr("width", width_) +
         num_attr("height", height_) + " fill=\"white\"/>\n" + body_ + "</svg>\n";
}

}  // namespace wt
