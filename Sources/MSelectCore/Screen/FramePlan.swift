/// Where a frame's parts go and how wide each is, worked out once before anything is drawn.
struct FramePlan {
  let settings: PickerSettings
  let layout: Layout
  let sections: SectionPlan
  /// The preview pane, when it takes room (a pane of size 0 runs its command and takes none).
  let pane: PickerState.PreviewLayout?
  /// The list's width, and the width of each section apart: the list's with its border, and, as fzf
  /// draws them, the blank column before the picker's right border when no section has a right
  /// side of its own.
  let width: Int
  let sectionWidth: Int
  /// The prompt and info: in the list's frame, or in their own, moved past the list's left border
  /// when theirs has no left side (so the prompt stands over the items).
  let inputShift: Int
  let inputWidth: Int
  /// The info line reaches the last column when a border follows it there.
  let borderFollows: Bool
  let separator: String?
  /// The columns before an item's text: pointer, marker and `--learn-marker`.
  let marks: Int
  /// The items' width, less fzf's scrollbar column when it is inside the list.
  let itemWidth: Int
  /// The part the header lines of the input go in.
  let headerPart: SectionPlan.Part
  /// The list grows upwards (fzf's default layout): the best match is nearest the bottom.
  let reversed: Bool

  init(_ state: PickerState) {
    settings = state.settings
    layout = state.layout
    sections = layout.sections
    let chrome = settings.look.chrome
    let plan = sections
    pane = layout.preview.flatMap { $0.outer.rows > 0 && $0.outer.columns > 0 ? $0 : nil }
    width = layout.listWidth
    separator = plan.separatorHidden ? nil : chrome.separator
    let (itemWidth, reachesBorder) = state.itemColumns(layout)
    self.itemWidth = itemWidth
    sectionWidth = width + (plan.active ? plan.listBorderColumns : 0) + (reachesBorder ? 1 : 0)
    inputShift = plan.inputApart && !plan.input.sides.left ? plan.list.leftColumns : 0
    inputWidth = plan.inputApart ? max(1, sectionWidth - plan.input.columns - inputShift) : width
    let sectionRight = plan.inputApart ? plan.input.sides.right : plan.list.sides.right
    borderFollows = sectionRight || (chrome.border.sides.right && pane == nil)
    marks = settings.markColumns
    headerPart = plan.headerHoldsLines || !plan.apart ? .header : .headerLines
    reversed = settings.window.layout == .default
  }

  /// Where `part`'s text starts: where the items' text does (after the pointer and marker columns),
  /// so the column titles of `ps` or `kubectl get` stand over their columns; in a section of its own,
  /// past the list's left border unless its own has one.
  func indent(_ part: SectionPlan.Part) -> Int {
    guard (sections.apart || part == .footer) && sections.border(of: part) != .inline else { return marks }
    return max(0, marks + sections.list.leftColumns - sections.border(of: part).leftColumns)
  }

  /// The width of `part`'s rows.
  func partWidth(_ part: SectionPlan.Part) -> Int {
    guard (sections.apart || part == .footer) && sections.border(of: part) != .inline else { return width }
    let own = max(1, sectionWidth - sections.border(of: part).columns)
    // fzf's: a part of its own is cut where the list's items are.
    guard settings.flavor == .fzf else { return own }
    let edge = sections.list.leftColumns + itemWidth - sections.border(of: part).leftColumns
    return max(1, min(own, edge))
  }

  /// The rows the pane takes from the column of list and sections, when it is above or below it.
  var paneHeight: Int {
    pane.map { $0.position == .up || $0.position == .down ? $0.outer.rows : 0 } ?? 0
  }
}
