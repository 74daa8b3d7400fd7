/// The column of sections drawn apart (fzf's list, input, header, header lines and footer): each
/// boxed in its own border with its label, stacked from the top.
struct SectionStack {
  /// Every section's width, its border included.
  let width: Int
  let unicode: Bool
  /// Where the sections' labels are kept.
  let labels: Chrome
  /// What marks a label cut to fit (`--ellipsis`).
  var ellipsis = RowBuilder.defaultEllipsis
  private(set) var rows: [[Frame.Span]] = []
  /// What each row shows, for the mouse (nil: nothing a click means something on).
  private(set) var tags: [RowTag?] = []

  /// A section drawn inside the list's frame: its rows and their tags.
  struct Inside {
    let part: SectionPlan.Part
    let rows: [[Frame.Span]]
    let tags: [RowTag?]
  }

  /// The frame of `part` in `border`, with its label.
  private func frame(_ part: SectionPlan.Part, _ border: Chrome.Border) -> ChromeDecorator {
    let section = labels.section(part)
    var frame = Chrome()
    frame.border = border
    frame.borderLabel = section.label
    frame.borderLabelPosition = section.labelPosition
    var decorator = ChromeDecorator(chrome: frame, unicode: unicode, rows: 0, columns: 0)
    decorator.ellipsis = ellipsis
    return decorator
  }

  /// Adds `content` in `border`, each row moved right by `shift` columns, with the rows' `tags`.
  mutating func add(
    _ content: [[Frame.Span]], tags: [RowTag?] = [], part: SectionPlan.Part, border: Chrome.Border,
    shift: Int = 0
  ) {
    let inner = max(0, width - border.columns)
    let moved =
      shift > 0
      ? content.map { [Frame.Span(text: String(repeating: " ", count: shift), style: [])] + $0 } : content
    let sides = border.sides
    let right = shift + border.leftColumns
    if sides.top { self.tags.append(nil) }
    self.tags += content.indices.map { i in i < tags.count ? tags[i]?.moved(by: right) : nil }
    if sides.bottom { self.tags.append(nil) }
    let start = rows.count
    rows += frame(part, border).decorate(
      moved, contentWidth: inner, height: content.count + border.rows)
    paint(start..<rows.count, part.section)
  }

  /// Puts rows `range` in `section` (for its colors), each as wide as the column.
  private mutating func paint(_ range: Range<Int>, _ section: Frame.Style) {
    for r in range where r < rows.count { rows[r] = Frame.painted(rows[r], section, width: width) }
  }

  /// Adds `rows` as they are (a preview pane between the sections).
  mutating func add(_ rows: [[Frame.Span]]) {
    self.rows += rows
    tags += Array(repeating: nil, count: rows.count)
  }

  /// Adds the list's `rows` in `border` with sections inside its frame: `above` from its top edge
  /// inwards, `below` from its bottom edge inwards, each parted from the next by a rule holding the
  /// section's label. Returns the row of the list's first row.
  mutating func addList(
    _ rows: [[Frame.Span]], tags: [RowTag?], border: Chrome.Border, above: [Inside], below: [Inside]
  ) -> Int {
    var content: [[Frame.Span]] = []
    var contentTags: [RowTag?] = []
    var rules: [(row: Int, part: SectionPlan.Part)] = []
    for inside in above {
      content += inside.rows
      contentTags += inside.tags
      rules.append((content.count, inside.part))
      content.append([])
      contentTags.append(nil)
    }
    let listRow = content.count
    content += rows
    contentTags += tags
    for inside in below.reversed() {
      rules.append((content.count, inside.part))
      content.append([])
      contentTags.append(nil)
      content += inside.rows
      contentTags += inside.tags
    }
    let start = self.rows.count + (border.sides.top ? 1 : 0)
    add(content, tags: contentTags, part: .list, border: border)
    let inner = max(0, width - border.columns)
    for rule in rules {
      var decorator = frame(rule.part, border)
      decorator.chrome.borderLabelPosition.bottom = false
      self.rows[start + rule.row] = decorator.rule(contentWidth: inner)
    }
    // A section inside the frame owns its rows, its rule and the frame's edge on its side.
    let top = start - (border.sides.top ? 1 : 0)
    let end = start + content.count + (border.sides.bottom ? 1 : 0)
    paint(top..<end, .inList)
    var from = top
    for (k, inside) in above.enumerated() {
      let rule = start + rules[k].row
      paint(from..<(rule + 1), inside.part.section)
      from = rule + 1
    }
    let belowRules = rules.dropFirst(above.count).map { start + $0.row }
    for (k, inside) in below.reversed().enumerated() {
      let to = k + 1 < belowRules.count ? belowRules[k + 1] : end
      paint(belowRules[k]..<to, inside.part.section)
    }
    return start + listRow
  }
}

/// What a row of the picker shows that a click means something on: the `index`th row of `--header`,
/// of the header lines (as in the input) or of `--footer`, its text starting at `column`.
struct RowTag: Equatable {
  enum Block: Equatable { case header, headerLines, footer }
  let block: Block
  let index: Int
  let column: Int

  /// The tag of the same row `columns` further right.
  func moved(by columns: Int) -> RowTag { RowTag(block: block, index: index, column: column + columns) }
}

extension SectionPlan.Part {
  /// The style that puts a cell in this part's section (its colors).
  var section: Frame.Style {
    switch self {
    case .list: .inList
    case .input: .inInput
    case .header, .headerLines: .inHeader
    case .footer: .inFooter
    }
  }
}
