/// The columns of a list item: the marks before its text and the width its text has, which the
/// renderer draws in and `--wrap` lays long lines over.
extension PickerSettings {
  /// The width of `--learn-marker`'s column (0 without one).
  package var learnWidth: Int { look.learnMarker.map(DisplayWidth.of) ?? 0 }

  /// The marker column's width: the wider of the marked and unmarked lines' marks.
  package var markerWidth: Int {
    let multi = list.multiLine || list.wrap ? DisplayWidth.of(look.markerMultiLine[0]) : 0
    return max(DisplayWidth.of(look.marker), look.unmarked.map(DisplayWidth.of) ?? 0, multi)
  }

  /// The columns before an item's text: pointer, marker and `--learn-marker`.
  package var markColumns: Int { DisplayWidth.of(look.pointer) + markerWidth + learnWidth }
}

extension PickerState {
  /// An item's width (its marks included) in `layout`, less fzf's scrollbar column when that is
  /// inside the list; and whether the list's rows reach the picker's right border.
  package func itemColumns(_ layout: Layout) -> (width: Int, reachesBorder: Bool) {
    let plan = layout.sections
    let chrome = settings.look.chrome
    let pane = layout.preview.flatMap { $0.outer.rows > 0 && $0.outer.columns > 0 ? $0 : nil }
    let listSides = plan.list.sides
    let headerRight = headerCount > 0 && plan.header.sides.right
    let reachesBorder =
      plan.active && pane == nil && chrome.border.sides.right && !listSides.right && !plan.input.sides.right
      && !headerRight
    // fzf's scrollbar: in the column a right border leaves blank before it, or in the list's last
    // one; fzf keeps that column before a pane on the right, scrollbar or not.
    let barBeyond = plan.active ? listSides.right || reachesBorder : pane == nil && chrome.border.sides.right
    let barColumn = settings.look.scrollbar != nil || (settings.flavor == .fzf && pane?.position == .right)
    let width = layout.listWidth
    return (barColumn && !barBeyond ? max(1, width - 1) : width, reachesBorder)
  }

  /// The columns an item's text has, after its marks.
  var itemTextWidth: Int { max(1, itemColumns(layout).width - settings.markColumns) }
}
