// The flow layout of the Summary tab's figure boxes: a row takes the widgets that fit the width at
// their size hints, shares its spare width among them, and the rest start a new row.
#include <QTest>
#include <QWidget>

#include "gui/app/flow_layout.hpp"

namespace wt::gui::test {

class FlowLayoutTest : public QObject {
  Q_OBJECT
 private slots:
  void init() {
    parent_ = std::make_unique<QWidget>();
    layout_ = new FlowLayout(parent_.get());
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(10);
    // Widgets 300, 200 and 100 wide (40, 50, 30 high): one row needs 300 + 10 + 200 + 10 + 100.
    for (const QSize size : {QSize(300, 40), QSize(200, 50), QSize(100, 30)}) {
      auto* w = new QWidget(parent_.get());
      w->setMinimumSize(size);
      layout_->addWidget(w);
      widgets_.push_back(w);
    }
  }
  void cleanup() {
    widgets_.clear();
    parent_.reset();
  }

  void one_row_shares_the_spare_width() {
    QCOMPARE(layout_->rows_at(620), 1);
    QCOMPARE(layout_->heightForWidth(620), 50);  // the tallest
    // At 700 the spare 80 goes 27 + 27 + 26.
    layout_->setGeometry(QRect(0, 0, 700, 50));
    QCOMPARE(widgets_[0]->geometry(), QRect(0, 0, 327, 40));
    QCOMPARE(widgets_[1]->geometry(), QRect(337, 0, 227, 50));
    QCOMPARE(widgets_[2]->geometry(), QRect(574, 0, 126, 30));
  }

  void a_pixel_narrower_the_last_box_wraps() {
    QCOMPARE(layout_->rows_at(619), 2);
    QCOMPARE(layout_->heightForWidth(619), 50 + 10 + 30);
    // Row one: 300 + 10 + 200 leaves 109, shared 55 + 54; row two is the third box alone.
    layout_->setGeometry(QRect(0, 0, 619, 90));
    QCOMPARE(widgets_[0]->geometry(), QRect(0, 0, 355, 40));
    QCOMPARE(widgets_[1]->geometry(), QRect(365, 0, 254, 50));
    QCOMPARE(widgets_[2]->geometry(), QRect(0, 60, 619, 30));
  }

  void narrower_than_a_box_each_takes_a_row_at_its_minimum() {
    QCOMPARE(layout_->rows_at(250), 3);
    QCOMPARE(layout_->heightForWidth(250), 40 + 10 + 50 + 10 + 30);
    QCOMPARE(layout_->minimumSize(), QSize(300, 50));
    layout_->setGeometry(QRect(0, 0, 250, 140));
    QCOMPARE(widgets_[0]->geometry(), QRect(0, 0, 300, 40));
    QCOMPARE(widgets_[1]->geometry(), QRect(0, 50, 250, 50));
    QCOMPARE(widgets_[2]->geometry(), QRect(0, 110, 250, 30));
  }

 private:
  std::unique_ptr<QWidget> parent_;
  FlowLayout* layout_ = nullptr;
  std::vector<QWidget*> widgets_;
};

}  // namespace wt::gui::test

QTEST_MAIN(wt::gui::test::FlowLayoutTest)
#include "flow_layout_test.moc"
