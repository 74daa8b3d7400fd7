/// The column of sections: the list and, drawn apart as fzf draws them, the input, the header, the
/// header lines, the footer and a `next` preview pane, each in its frame.
extension Renderer {
  /// What goes into the column, made by `render`.
  struct ColumnContent {
    /// The list's part: its rows (with the prompt and header when those are not apart) and tags.
    var list: [[Frame.Span]]
    var listTags: [RowTag?]
    /// The prompt's row in the list's part, when it is there.
    var promptRowInList: Int?
    var prompt: [Frame.Span]
    var info: [[Frame.Span]]
    var header: [[Frame.Span]]
    var headerTags: [RowTag]
    var headerLines: [[Frame.Span]]
    var lineTags: [RowTag]
    var footer: [[Frame.Span]]
    var footerTags: [RowTag]
    /// The preview pane's rows when it sits at `next`.
    var nextPane: [[Frame.Span]]?
  }

  /// The column stacked: its rows and their tags, where the list's rows start (down and across),
  /// where the caret goes (its row, and how far right the prompt moved), and the `next` pane's rows.
  struct Column {
    var rows: [[Frame.Span]]
    var tags: [RowTag?]
    var listTop = 0
    var listLeft = 0
    var caret: (row: Int, shift: Int)?
    var paneRows: Range<Int>?
  }

  /// Stacks `content` as `plan` orders it, each section `width` columns wide; the prompt moves
  /// `inputShift` columns right in its section.
  func stack(
    _ content: ColumnContent, plan: SectionPlan, settings: PickerSettings, width: Int, inputShift: Int
  ) -> Column {
    let reverse = settings.window.layout == .reverse
    /// The rows of the header's, the header lines' and the footer's section, from the top.
    func inside(_ part: SectionPlan.Part) -> SectionStack.Inside {
      switch part {
      case .header:
        let lines = plan.headerHoldsLines ? content.headerLines : []
        let lineTags = plan.headerHoldsLines ? content.lineTags : []
        return reverse
          ? .init(part: part, rows: content.header + lines, tags: content.headerTags + lineTags)
          : .init(
            part: part, rows: lines.reversed() + content.header,
            tags: lineTags.reversed() + content.headerTags)
      case .headerLines:
        return settings.window.layout == .default
          ? .init(part: part, rows: content.headerLines.reversed(), tags: content.lineTags.reversed())
          : .init(part: part, rows: content.headerLines, tags: content.lineTags)
      case .footer: return .init(part: part, rows: content.footer, tags: content.footerTags)
      case .list, .input: return .init(part: part, rows: [], tags: [])
      }
    }
    var stack = SectionStack(width: width, unicode: unicode, labels: settings.look.chrome)
    stack.ellipsis = itemEllipsis(settings)
    var column = Column(rows: [], tags: [])
    // `--preview-window next`: the pane against the input, on the list's side (or against the
    // list's far side when the input is hidden).
    let nextTo: SectionPlan.Part = plan.order.contains(.input) ? .input : .list
    func addPane() {
      guard let pane = content.nextPane else { return }
      column.paneRows = stack.rows.count..<(stack.rows.count + pane.count)
      stack.add(pane)
    }
    for part in plan.order {
      let border = plan.border(of: part)
      if part == nextTo && (nextTo == .input) != reverse { addPane() }
      defer { if part == nextTo && (nextTo == .input) == reverse { addPane() } }
      switch part {
      case .list:
        column.listTop = stack.addList(
          content.list, tags: content.listTags, border: border, above: plan.inlineTop.map(inside),
          below: plan.inlineBottom.map(inside))
        column.listLeft = plan.list.leftColumns
        if let row = content.promptRowInList { column.caret = (column.listTop + row, column.listLeft) }
      case .input:
        let rows = reverse ? [content.prompt] + content.info : content.info + [content.prompt]
        let promptRow = stack.rows.count + (border.sides.top ? 1 : 0) + (reverse ? 0 : content.info.count)
        column.caret = (promptRow, inputShift + border.leftColumns)
        stack.add(rows, part: part, border: border, shift: inputShift)
      case .header, .headerLines, .footer:
        let section = inside(part)
        stack.add(section.rows, tags: section.tags, part: part, border: border)
      }
    }
    column.rows = stack.rows
    column.tags = stack.tags
    return column
  }
}
