#pragma once
// A layout that lays its widgets out left to right and starts a new row when the next one does
// not fit the width, then shares each row's spare width among its widgets (each at least its
// size hint), so a row of boxes reflows to two rows on a narrow window instead of being clipped.
// Each widget takes its own height (top-aligned); its height for width is asked when it has one.
#include <QLayout>
#include <QList>

namespace wt::gui {

class FlowLayout : public QLayout {
 public:
  explicit FlowLayout(QWidget* parent = nullptr);
  ~FlowLayout() override;

  void addItem(QLayoutItem* item) override;
  int count() const override;
  QLayoutItem* itemAt(int index) const override;
  QLayoutItem* takeAt(int index) override;

  Qt::Orientations expandingDirections() const override;
  bool hasHeightForWidth() const override;
  int heightForWidth(int width) const override;
  QSize minimumSize() const override;
  QSize sizeHint() const override;
  void setGeometry(const QRect& rect) override;

  // The number of rows the widgets take at `width` (the layout's own width, margins included).
  int rows_at(int width) const;

 private:
  int spacing_or_default() const;
  // Lays the items out in `rect`; moves them only when `apply`. Returns the height used.
  int arrange(const QRect& rect, bool apply, int* rows = nullptr) const;
  QList<QLayoutItem*> items_;
};

}  // namespace wt::gui
