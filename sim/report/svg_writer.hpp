#pragma once
// A small SVG 1.1 writer for the plots: shapes and text appended in drawing order, attribute values
// and text escaped, numbers with two decimals. No dependency, no rasterizing.
#include <string>
#include <vector>

namespace wt {

struct Point2 {
  double x = 0.0, y = 0.0;
};

enum class TextAnchor { start, middle, end };

class SvgWriter {
 public:
  SvgWriter(double width, double height);

  // `cls` becomes the class attribute (tests and style sheets find elements by it).
  void rect(double x, double y, double w, double h, const std::string& fill, const std::string& cls,
            const std::string& tooltip = {});
  void line(Point2 a, Point2 b, const std::string& stroke, double width, const std::string& cls);
  void polyline(const std::vector<Point2>& points, const std::string& stroke, double width,
                const std::string& cls);
  void circle(Point2 c, double r, const std::string& fill, const std::string& cls,
              const std::string& tooltip = {});
  // A circle drawn as a ring: white inside, `stroke` around.
  void ring(Point2 c, double r, const std::string& stroke, double width, const std::string& cls,
            const std::string& tooltip = {});
  void text(Point2 at, const std::string& content, double size, TextAnchor anchor,
            const std::string& cls, double rotate_deg = 0.0);

  std::string str() const;  // the whole document, with the XML declaration

 private:
  double width_, height_;
  std::string body_;
};

// Text and attribute values with &, <, >, " and ' escaped.
std::string xml_escape(const std::string& text);
// 12.3456 → "12.35"; trailing zeros dropped ("12.5", "12").
std::string svg_number(double v);

}  // namespace wt
