/// The steps `Renderer.render` takes: the rows around the list, the list, their order, the sections
/// and the pane, and what lies where for the mouse.
extension Renderer {
  /// The rows around the list: the prompt, the info line, `--header` and the input's header lines,
  /// with what the header rows show for the mouse.
  struct FixedRows {
    var prompt: (spans: [Frame.Span], caret: Int)
    var promptRows: [[Frame.Span]]
    var info: [[Frame.Span]]
    var header: [[Frame.Span]]
    var headerLines: [[Frame.Span]]
    var headerTags: [RowTag]
    var lineTags: [RowTag]
  }

  /// The list's rows from the prompt's side, where each shown item's own rows lie among them (its
  /// gap aside), and the blank rows that fill the list's part.
  struct ListRows {
    var items: [[Frame.Span]] = []
    var itemSpans: [Range<Int>] = []
    var blank: [[Frame.Span]] = []
  }

  /// The frame as it is put together: its rows in the content area, what they show for the mouse,
  /// the caret, and where the list and the pane lie.
  struct FrameDraft {
    var rows: [[Frame.Span]]
    var tags: [RowTag?]
    var caretRow: Int
    var caretColumn: Int
    /// The rows of the list's part above its items (the first item's top when the list is top-down).
    var itemsAbove: Int
    /// Where the list's rows start, down and across, in the column of sections.
    var listTop = 0
    var listLeft = 0
    /// Where the column of list and sections starts, the list's column and height in the content.
    var columnTop = 0
    var listColumn = 0
    var listHeight: Int
    var paneArea: (rows: Range<Int>, columns: Range<Int>)?
  }

  func fixedRows(_ state: PickerState, _ plan: FramePlan) -> FixedRows {
    let settings = plan.settings
    let prompt = promptRow(
      state, width: plan.inputWidth, separator: plan.separator, borderFollows: plan.borderFollows)
    let info =
      settings.look.inputShown
        && settings.look.chrome.infoHasOwnRow(separatorShown: !plan.sections.separatorHidden)
      ? [
        infoRow(
          state, width: plan.inputWidth, alignRight: settings.look.chrome.info == .right,
          separator: plan.separator,
          borderFollows: plan.borderFollows)
      ] : []
    let header =
      state.list.headerShown
      ? textRows(
        settings.look.header, width: plan.partWidth(.header), indent: plan.indent(.header), style: .header,
        settings)
      : []
    // Header lines that do not fit give way, those farthest from the prompt first: the prompt, the
    // info and a list row always show (fzf's `--header-lines` larger than the screen).
    let layout = plan.layout
    let paneHeight = plan.pane.map { $0.position == .left || $0.position == .right ? 0 : $0.outer.rows } ?? 0
    let lineCount = state.list.headerShown ? state.headerLineCount : 0
    let overflow = max(
      0, layout.fixedRows + layout.listRows - layout.insets.top - layout.insets.bottom - layout.contentHeight)
    let shownLines = max(0, min(lineCount - overflow, layout.contentHeight - paneHeight))
    var headerLines: [[Frame.Span]] = []
    for index in 0..<shownLines {
      var row = RowBuilder(width: plan.partWidth(plan.headerPart), ellipsis: itemEllipsis(settings))
      row.append(
        VisibleText(String(repeating: " ", count: plan.indent(plan.headerPart))), style: [], highlights: [])
      state.withDisplayBytes(index) { bytes, colors in
        row.append(
          VisibleText(bytes, tabstop: settings.list.tabstop, controls: settings.controls), style: .header,
          highlights: [], colors: colors)
      }
      headerLines.append(row.spans)
    }
    return FixedRows(
      prompt: prompt, promptRows: settings.look.inputShown ? [prompt.spans] : [], info: info, header: header,
      headerLines: headerLines,
      headerTags: header.indices.map { RowTag(block: .header, index: $0, column: plan.indent(.header)) },
      lineTags: headerLines.indices.map {
        RowTag(block: .headerLines, index: $0, column: plan.indent(plan.headerPart))
      })
  }

  /// The list items on screen, each with its rows and `--gap`'s, from the prompt's side: the
  /// farthest item cut at its far end (bottom-up: its top, unless it is the only one).
  func listRows(_ state: PickerState, _ plan: FramePlan, cache: inout PositionCache) -> ListRows {
    let settings = plan.settings
    var matcher = cache.matcher(for: state.search.result, state.searchSettings)
    let first = state.offset
    let listRows = plan.layout.listRows
    let reversed = plan.reversed
    // Each item's rows in reading order, then its gap (before it, bottom-up).
    var blocks: [[[Frame.Span]]] = []
    var itemParts: [Range<Int>] = []
    var used = 0
    // The item past the last that fits whole shows in part.
    // (A `where` clause would not stop the loop: it would visit every listed line, millions maybe.)
    for i in first..<max(first, state.listCount) {
      guard used < listRows else { break }
      let room = listRows - used
      let itemRows =
        multiLineRows(
          state, i, width: plan.itemWidth, matcher: &matcher, cache: &cache,
          highlight: settings.highlightsMatches,
          limit: room, tail: reversed && i > first)
        ?? [
          itemRow(
            state, i, width: plan.itemWidth, matcher: &matcher, cache: &cache,
            highlight: settings.highlightsMatches)
        ]
      // `--gap`: blank rows after the item, the last one holding the gap line.
      var gapRows: [[Frame.Span]] = []
      if settings.list.gap > 0 {
        // Rows past the room left are cut below anyway: a gap of millions is not built.
        gapRows = Array(
          repeating: gapIndent(settings, marks: plan.marks, width: plan.itemWidth).spans,
          count: min(settings.list.gap, room + 1) - 1)
        gapRows.append(gapLine(settings, marks: plan.marks, width: plan.itemWidth))
      }
      let block =
        reversed
        ? Array((gapRows.reversed() + itemRows).suffix(room)) : Array((itemRows + gapRows).prefix(room))
      let own = min(itemRows.count, block.count)
      itemParts.append(reversed ? (block.count - own)..<block.count : 0..<own)
      used += block.count
      blocks.append(block)
    }
    // The rows run from the prompt's side (turned over later, bottom-up): a block's rows too.
    var list = ListRows()
    list.items = reversed ? blocks.flatMap { $0.reversed() } : blocks.flatMap { $0 }
    if list.items.count > listRows { list.items.removeLast(list.items.count - listRows) }
    var position = 0
    for (block, part) in zip(blocks, itemParts) {
      let own = reversed ? (block.count - part.upperBound)..<(block.count - part.lowerBound) : part
      list.itemSpans.append((position + own.lowerBound)..<(position + own.upperBound))
      position += block.count
    }
    list.blank = Array(repeating: [], count: max(0, listRows - list.items.count))
    drawScrollbar(state, plan, on: &list)
    return list
  }

  /// `--scrollbar`'s glyphs at the list's right edge, in rows counted from the best match's end of
  /// the list, as the items are.
  private func drawScrollbar(_ state: PickerState, _ plan: FramePlan, on list: inout ListRows) {
    let listRows = plan.layout.listRows
    guard let bar = plan.settings.look.scrollbar, let (length, start) = scrollbar(state, rows: listRows)
    else {
      return
    }
    for row in start..<min(listRows, start + length) {
      let glyph = Frame.Span(text: unicode || bar != "│" ? bar : "|", style: .border)
      if row < list.items.count {
        list.items[row] = padded(list.items[row], to: plan.itemWidth) + [glyph]
      } else {
        list.blank[row - list.items.count] = padded([], to: plan.itemWidth) + [glyph]
      }
    }
  }

  /// The list's part in order from the top, as fzf places its rows: the header lines always touch
  /// the list (above it, in reverse-list, in the list's own direction), `--header` beside the info
  /// and the prompt, or past the prompt with `--header-first`.
  func arrange(_ state: PickerState, _ plan: FramePlan, _ fixed: FixedRows, _ list: ListRows) -> FrameDraft {
    let settings = plan.settings
    let (items, blank, reversed) = (list.items, list.blank, plan.reversed)
    let (header, headerLines, info, promptRows) = (
      fixed.header, fixed.headerLines, fixed.info, fixed.promptRows
    )
    func none(_ rows: [[Frame.Span]]) -> [RowTag?] { Array(repeating: nil, count: rows.count) }
    let contentHeight = plan.layout.contentHeight
    if plan.sections.apart {
      let rows = reversed ? blank.reversed() + items.reversed() : items + blank
      return FrameDraft(
        rows: rows, tags: none(rows), caretRow: 0, caretColumn: fixed.prompt.caret, itemsAbove: 0,
        listHeight: contentHeight)
    }
    let input = promptRows + info
    switch settings.window.layout {
    case .reverse:
      // Prompt on top, the info below it, the best match below them.
      let top = settings.look.headerFirst ? header + input + headerLines : input + header + headerLines
      let headerTags =
        settings.look.headerFirst ? fixed.headerTags + none(input) : none(input) + fixed.headerTags
      let promptRow = settings.look.inputShown ? (settings.look.headerFirst ? header.count : 0) : 0
      return FrameDraft(
        rows: top + items + blank, tags: headerTags + fixed.lineTags + none(items + blank),
        caretRow: promptRow,
        caretColumn: fixed.prompt.caret, itemsAbove: top.count, listHeight: contentHeight)
    case .default, .reverseList:
      let rows =
        reversed ? blank.reversed() + items.reversed() + headerLines.reversed() : headerLines + items + blank
      let bottom = settings.look.headerFirst ? info + promptRows + header : header + info + promptRows
      let tags =
        (reversed ? none(blank + items) + fixed.lineTags.reversed() : fixed.lineTags + none(items + blank))
        + (settings.look.headerFirst ? none(input) + fixed.headerTags : fixed.headerTags + none(input))
      let promptRow =
        settings.look.inputShown
        ? rows.count + (settings.look.headerFirst ? info.count : header.count + info.count) : 0
      return FrameDraft(
        rows: rows + bottom, tags: tags, caretRow: promptRow, caretColumn: fixed.prompt.caret,
        itemsAbove: reversed ? 0 : headerLines.count, listHeight: contentHeight)
    }
  }

  /// The preview pane's rows, as tall as the content beside the list or as the pane above or below.
  func previewRows(_ state: PickerState, _ plan: FramePlan) -> (rows: [[Frame.Span]], images: [Frame.Image]) {
    guard let pane = plan.pane else { return ([], []) }
    let settings = plan.settings
    let height =
      pane.position == .left || pane.position == .right ? plan.layout.contentHeight : pane.outer.rows
    var renderer = PreviewRenderer(
      pane: state.preview, layout: pane, unicode: unicode,
      headerLines: pane.active.headerLines, border: pane.active.drawnBorder(settings.window.layout),
      label: settings.preview.label, labelPosition: settings.preview.labelPosition,
      scrollbar: settings.look.scrollbar, labelEllipsis: itemEllipsis(settings),
      wrapSign: VisibleText(settings.look.previewWrapSign ?? (unicode ? "↳ " : "> ")))
    renderer.cell = cell
    let (rows, images) = renderer.draw(height: height)
    return (rows.map { Frame.painted($0, .inPreview, width: pane.outer.columns) }, images)
  }

  /// The pane's pictures moved to where its text starts on screen (`origin`); one that would not lie
  /// wholly in the pane's `area` is left out.
  func placed(_ images: [Frame.Image], at origin: (row: Int, column: Int), within area: Frame.Area) -> [Frame
    .Image]
  {
    images.compactMap { image in
      var image = image
      image.row += origin.row
      image.column += origin.column
      let inside =
        image.row + image.rows <= area.rows.upperBound
        && image.column + image.columns <= area.columns.upperBound
      return inside ? image : nil
    }
  }

  /// Puts the list's part, the input, the header and the footer in sections of their own.
  func stackSections(
    _ state: PickerState, _ plan: FramePlan, _ fixed: FixedRows, paneRows: [[Frame.Span]],
    into draft: inout FrameDraft
  ) {
    let settings = plan.settings
    let footer = textRows(
      settings.look.footerRows > 0 ? settings.look.footer : nil, width: plan.partWidth(.footer),
      indent: plan.indent(.footer), style: .header, settings)
    let promptInList = plan.sections.apart || !settings.look.inputShown ? nil : draft.caretRow
    let content = ColumnContent(
      list: draft.rows, listTags: draft.tags, promptRowInList: promptInList, prompt: fixed.prompt.spans,
      info: fixed.info, header: fixed.header, headerTags: fixed.headerTags, headerLines: fixed.headerLines,
      lineTags: fixed.lineTags, footer: footer,
      footerTags: footer.indices.map { RowTag(block: .footer, index: $0, column: plan.indent(.footer)) },
      nextPane: plan.pane?.position == .next ? paneRows : nil)
    let column = stack(
      content, plan: plan.sections, settings: settings, width: plan.sectionWidth, inputShift: plan.inputShift)
    (draft.rows, draft.tags, draft.listTop, draft.listLeft) = (
      column.rows, column.tags, column.listTop, column.listLeft
    )
    draft.listColumn = column.listLeft
    if let caret = column.caret {
      (draft.caretRow, draft.caretColumn) = (caret.row, fixed.prompt.caret + caret.shift)
    }
    if let paneRows = column.paneRows { draft.paneArea = (paneRows, 0..<plan.sectionWidth) }
    // Sections taller than the screen: those farthest from the prompt give way (the top ones, but
    // in the reverse layout), so the prompt always shows.
    let room = plan.layout.contentHeight - plan.paneHeight
    if settings.window.layout != .reverse && draft.rows.count > room {
      let cut = draft.rows.count - room
      draft.rows.removeFirst(cut)
      draft.tags.removeFirst(cut)
      (draft.listTop, draft.caretRow) = (draft.listTop - cut, max(0, draft.caretRow - cut))
      draft.paneArea = draft.paneArea.map {
        (max(0, $0.rows.lowerBound - cut)..<max(0, $0.rows.upperBound - cut), $0.columns)
      }
    }
  }

  /// Puts the preview pane beside, above or below the column of list and sections.
  func placePane(_ plan: FramePlan, paneRows: [[Frame.Span]], into draft: inout FrameDraft) {
    guard let pane = plan.pane else { return }
    let contentHeight = plan.layout.contentHeight
    switch pane.position {
    case .next: break
    case .right, .left:
      var rows = Array(draft.rows.prefix(contentHeight))
      while rows.count < contentHeight { rows.append([]) }
      draft.rows = zip(rows, paneRows).map { list, side in
        pane.position == .right ? padded(list, to: plan.sectionWidth) + side : side + list
      }
      if pane.position == .left {
        draft.caretColumn += pane.outer.columns
        draft.listColumn += pane.outer.columns
        draft.paneArea = (0..<contentHeight, 0..<pane.outer.columns)
      } else {
        draft.paneArea = (0..<contentHeight, plan.sectionWidth..<(plan.sectionWidth + pane.outer.columns))
      }
    case .up:
      draft.rows = paneRows + draft.rows
      draft.caretRow += paneRows.count
      draft.columnTop = paneRows.count
      draft.paneArea = (0..<paneRows.count, 0..<plan.layout.contentWidth)
    case .down:
      draft.listHeight = max(0, contentHeight - paneRows.count)
      var rows = Array(draft.rows.prefix(draft.listHeight))
      while rows.count < draft.listHeight { rows.append([]) }
      draft.rows = rows + paneRows
      draft.paneArea = (draft.listHeight..<(draft.listHeight + paneRows.count), 0..<plan.layout.contentWidth)
    }
  }

  /// Where each shown item lies on screen, for the mouse.
  func itemAreas(_ state: PickerState, _ plan: FramePlan, _ list: ListRows, _ draft: FrameDraft) -> [Frame
    .Area]
  {
    let (insets, contentHeight) = (plan.layout.insets, plan.layout.contentHeight)
    var areas: [Frame.Area] = []
    for k in list.itemSpans.indices {
      // Its top row among the list's rows (bottom-up: the blank rows first, the items turned over).
      let top =
        plan.reversed
        ? draft.itemsAbove + list.blank.count + list.items.count - list.itemSpans[k].upperBound
        : draft.itemsAbove + list.itemSpans[k].lowerBound
      let row = draft.columnTop + draft.listTop + top
      let end = min(row + list.itemSpans[k].count, contentHeight, draft.columnTop + draft.listHeight)
      guard row >= draft.columnTop, row < end else { continue }
      areas.append(
        Frame.Area(
          rows: (row + insets.top)..<(end + insets.top),
          columns: (draft.listColumn + insets.left)..<(draft.listColumn + insets.left + plan.width),
          kind: .item(position: state.offset + k, markerColumns: plan.marks)))
    }
    return areas
  }

  /// Where the header and footer rows lie, numbered as fzf does for `click-header`: the header
  /// lines and `--header` as one block from the top.
  func tagAreas(_ plan: FramePlan, _ fixed: FixedRows, _ draft: FrameDraft) -> [Frame.Area] {
    let insets = plan.layout.insets
    let columnLeft = insets.left + draft.listColumn - draft.listLeft
    let (h, m) = (fixed.header.count, fixed.headerLines.count)
    var areas: [Frame.Area] = []
    for (row, tag) in draft.tags.enumerated() {
      guard let tag, draft.columnTop + row < plan.layout.contentHeight else { continue }
      let kind: Frame.Area.Kind
      switch (tag.block, plan.settings.window.layout) {
      case (.header, .reverse): kind = .header(line: tag.index + 1)
      case (.header, _): kind = .header(line: m + tag.index + 1)
      case (.headerLines, .reverse): kind = .header(line: h + tag.index + 1)
      case (.headerLines, .default): kind = .header(line: m - tag.index)
      case (.headerLines, .reverseList): kind = .header(line: tag.index + 1)
      case (.footer, _): kind = .footer(line: tag.index + 1)
      }
      let top = draft.columnTop + row + insets.top
      areas.append(
        Frame.Area(
          rows: top..<(top + 1), columns: (columnLeft + tag.column)..<(columnLeft + plan.sectionWidth),
          kind: kind))
    }
    return areas
  }

  /// Where the preview pane lies.
  func paneAreas(_ plan: FramePlan, _ draft: FrameDraft) -> [Frame.Area] {
    guard let area = draft.paneArea else { return [] }
    let insets = plan.layout.insets
    return [
      Frame.Area(
        rows: (area.rows.lowerBound + insets.top)..<(min(area.rows.upperBound, plan.layout.contentHeight)
          + insets.top),
        columns: (area.columns.lowerBound + insets.left)..<(area.columns.upperBound + insets.left),
        kind: .preview)
    ]
  }
}
