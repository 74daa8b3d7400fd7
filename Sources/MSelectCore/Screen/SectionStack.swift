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

  /// The frame of `part` in `border`, with its label.
  private func frame(_ part: SectionPlan.Part, _ border: Chrome.Border) -> ChromeDecorator {
    let section = labels.section(part)
    var frame = Chrome()
    frame.border = border
    frame.borderLabel = section.label
    frame.borderLabelPosition = section.labelPosition
    return ChromeDecorator(chrome: frame, unicode: unicode, rows: 0, columns: 0)
  }

  /// Adds `content` in `border`, each row moved right by `shift` columns.
  mutating func add(_ content: [[Frame.Span]], part: SectionPlan.Part, border: Chrome.Border, shift: Int = 0)
  {
    let inner = max(0, width - SectionStack.columns(border))
    let moved =
      shift > 0
      ? content.map { [Frame.Span(text: String(repeating: " ", count: shift), style: [])] + $0 } : content
    let sides = border.sides
    rows += frame(part, border).decorate(
      moved, contentWidth: inner, height: content.count + (sides.top ? 1 : 0) + (sides.bottom ? 1 : 0))
  }

  /// Adds the list's `rows` in `border` with sections inside its frame: `above` from its top edge
  /// inwards, `below` from its bottom edge inwards, each parted from the next by a rule holding the
  /// section's label. Returns the row of the list's first row.
  mutating func addList(
    _ rows: [[Frame.Span]], border: Chrome.Border, above: [(SectionPlan.Part, [[Frame.Span]])],
    below: [(SectionPlan.Part, [[Frame.Span]])]
  ) -> Int {
    var content: [[Frame.Span]] = []
    var rules: [(row: Int, part: SectionPlan.Part)] = []
    for (part, lines) in above {
      content += lines
      rules.append((content.count, part))
      content.append([])
    }
    let listRow = content.count
    content += rows
    for (part, lines) in below.reversed() {
      rules.append((content.count, part))
      content.append([])
      content += lines
    }
    let start = self.rows.count + (border.sides.top ? 1 : 0)
    add(content, part: .list, border: border)
    let inner = max(0, width - SectionStack.columns(border))
    for rule in rules {
      var decorator = frame(rule.part, border)
      decorator.chrome.borderLabelPosition.bottom = false
      self.rows[start + rule.row] = decorator.rule(contentWidth: inner)
    }
    return start + listRow
  }
}
