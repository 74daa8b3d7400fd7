/// The column of sections drawn apart (fzf's list, input, header, header lines and footer): each
/// boxed in its own border with its label, stacked from the top.
struct SectionStack {
  /// Every section's width, its border included.
  let width: Int
  let unicode: Bool
  /// Where the sections' labels are kept.
  let labels: Chrome
  private(set) var rows: [[Frame.Span]] = []

  /// Columns a section's border takes (a side line keeps a blank column beside the text).
  static func columns(_ border: Chrome.Border) -> Int {
    (border.sides.left ? 2 : 0) + (border.sides.right ? 2 : 0)
  }

  /// Adds `content` in `border`, each row moved right by `shift` columns.
  mutating func add(_ content: [[Frame.Span]], part: SectionPlan.Part, border: Chrome.Border, shift: Int = 0)
  {
    let section = labels.section(part)
    var frame = Chrome()
    frame.border = border
    frame.borderLabel = section.label
    frame.borderLabelPosition = section.labelPosition
    let inner = max(0, width - SectionStack.columns(border))
    let moved =
      shift > 0
      ? content.map { [Frame.Span(text: String(repeating: " ", count: shift), style: [])] + $0 } : content
    let sides = border.sides
    rows += ChromeDecorator(chrome: frame, unicode: unicode, rows: 0, columns: 0)
      .decorate(
        moved, contentWidth: inner, height: content.count + (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0))
  }
}
