/// Draws a `PickerState` into a `Frame`: prompt, info line, header and the visible part of the list.
public struct Renderer {
  static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let asciiSpinner = ["-", "\\", "|", "/"]
  /// The longest line (bytes) `--keep-right` shows the end of.
  static let keepRightLimit = 64 << 10
  /// The longest line (bytes) `--freeze-left` and `--freeze-right` apply to.
  static let frozenLimit = 1 << 20

  let unicode: Bool
  let cache = PositionCache()

  public init(unicode: Bool = true) {
    self.unicode = unicode
  }

  public func render(_ state: PickerState) -> Frame {
    let settings = state.settings
    let chrome = settings.chrome
    let layout = state.layout
    let plan = layout.sections
    let insets = layout.insets
    let fullWidth = layout.contentWidth
    // A pane of size 0 runs its command and takes no room.
    let pane = layout.preview.flatMap { $0.outer.rows > 0 && $0.outer.columns > 0 ? $0 : nil }
    let width = layout.listWidth
    let gap = settings.gap
    let separator = plan.separatorHidden ? nil : chrome.separator
    let listSides = plan.list.sides
    // The width of each section apart: the list's with its border, and, as fzf draws them, the blank
    // column before the picker's right border when no section has a right side of its own.
    let headerRight = state.headerCount > 0 && plan.header.sides.right
    let reachesBorder =
      plan.active && pane == nil && chrome.border.sides.right && !listSides.right && !plan.input.sides.right
      && !headerRight
    let sectionWidth = width + (plan.active ? plan.listBorderColumns : 0) + (reachesBorder ? 1 : 0)
    // The prompt and info: in the list's frame, or in their own, moved past the list's left border
    // when theirs has no left side (so the prompt stands over the items).
    let inputShift = plan.inputApart && !plan.input.sides.left && listSides.left ? 2 : 0
    let inputWidth =
      plan.inputApart ? max(1, sectionWidth - plan.input.columns - inputShift) : width
    // The info line reaches the last column when a border follows it there.
    let sectionRight = plan.inputApart ? plan.input.sides.right : plan.list.sides.right
    let borderFollows = sectionRight || (chrome.border.sides.right && pane == nil)
    let prompt = promptRow(state, width: inputWidth, separator: separator, borderFollows: borderFollows)
    let promptRows = settings.inputShown ? [prompt.spans] : []
    let info =
      settings.inputShown && chrome.infoHasOwnRow(separatorShown: !plan.separatorHidden)
      ? [
        infoRow(
          state, width: inputWidth, alignRight: chrome.info == .right, separator: separator,
          borderFollows: borderFollows)
      ] : []
    // Header rows start where the items' text does (after the pointer and marker columns), so the
    // column titles of `ps` or `kubectl get` stand over their columns; in a section of their own,
    // past the list's left border unless theirs has one.
    let marks =
      DisplayWidth.of(settings.pointer) + Renderer.markerWidth(settings) + Renderer.learnWidth(settings)
    func indent(_ part: SectionPlan.Part) -> Int {
      guard (plan.apart || part == .footer) && plan.border(of: part) != .inline else { return marks }
      let border = plan.border(of: part).sides.left ? 2 : 0
      return max(0, marks + (listSides.left ? 2 : 0) - border)
    }
    // fzf's scrollbar: in the column a right border leaves blank before it, or in the list's last one.
    let barBeyond = plan.active ? listSides.right || reachesBorder : pane == nil && chrome.border.sides.right
    // fzf keeps that column before a pane on the right, scrollbar or not.
    let barColumn =
      settings.scrollbar != nil || (settings.flavor == .fzf && pane?.position == .right)
    let itemWidth = barColumn && !barBeyond ? max(1, width - 1) : width
    func partWidth(_ part: SectionPlan.Part) -> Int {
      guard (plan.apart || part == .footer) && plan.border(of: part) != .inline else { return width }
      let own = max(1, sectionWidth - plan.border(of: part).columns)
      // fzf's: a part of its own is cut where the list's items are.
      guard settings.flavor == .fzf else { return own }
      let edge = (listSides.left ? 2 : 0) + itemWidth - (plan.border(of: part).sides.left ? 2 : 0)
      return max(1, min(own, edge))
    }
    // `--header`'s rows, then the header lines of the input (column titles, kept next to the list).
    let headerPart: SectionPlan.Part = plan.headerHoldsLines || !plan.apart ? .header : .headerLines
    let header =
      state.list.headerShown
      ? textRows(
        settings.header, width: partWidth(.header), indent: indent(.header), style: .header, settings)
      : []
    var headerLines: [[Frame.Span]] = []
    // Header lines that do not fit give way, those farthest from the prompt first: the prompt, the
    // info and a list row always show (fzf's `--header-lines` larger than the screen).
    let paneHeight = pane.map { $0.position == .left || $0.position == .right ? 0 : $0.outer.rows } ?? 0
    let lineCount = state.list.headerShown ? state.candidateStart : 0
    let overflow = max(
      0, layout.fixedRows + layout.listRows - layout.insets.top - layout.insets.bottom - layout.contentHeight)
    let shownLines = max(0, min(lineCount - overflow, layout.contentHeight - paneHeight))
    for index in 0..<shownLines {
      var row = RowBuilder(width: partWidth(headerPart), ellipsis: itemEllipsis(settings))
      row.append(VisibleText(String(repeating: " ", count: indent(headerPart))), style: [], highlights: [])
      withDisplayBytes(state, index) { bytes, colors in
        row.append(
          VisibleText(bytes, tabstop: settings.tabstop, controls: settings.controls), style: .header,
          highlights: [], colors: colors)
      }
      headerLines.append(row.spans)
    }
    var items: [[Frame.Span]] = []
    var matcher = cache.matcher(for: state.search.result.query, settings.search)
    let highlight = settings.highlightsMatches
    let first = state.offset
    let gapIndent = VisibleText(String(repeating: " ", count: marks))
    let listRows = layout.listRows
    let reversed = settings.layout == .default
    // Each item's rows in reading order, then its gap (before it, bottom-up); the rows of the list's
    // part taken from the prompt's side, the farthest item cut at its far end (bottom-up: its top,
    // unless it is the only one).
    var blocks: [[[Frame.Span]]] = []
    // Where the item's own rows lie in each block (its gap aside).
    var itemParts: [Range<Int>] = []
    var used = 0
    // The item past the last that fits whole shows in part.
    // (A `where` clause would not stop the loop: it would visit every listed line, millions maybe.)
    for i in first..<max(first, state.listCount) {
      guard used < listRows else { break }
      let room = listRows - used
      let itemRows =
        multiLineRows(
          state, i, width: itemWidth, matcher: &matcher, highlight: highlight, limit: room,
          tail: reversed && i > first)
        ?? [itemRow(state, i, width: itemWidth, matcher: &matcher, highlight: highlight)]
      // `--gap`: blank rows after the item, the last one holding the gap line.
      var gapRows: [[Frame.Span]] = []
      if gap > 0 {
        gapRows = Array(repeating: [], count: gap - 1)
        gapRows.append(gapLine(settings, indent: gapIndent, width: itemWidth))
      }
      let block =
        reversed
        ? Array((gapRows.reversed() + itemRows).suffix(room)) : Array((itemRows + gapRows).prefix(room))
      let own = min(itemRows.count, block.count)
      itemParts.append(reversed ? (block.count - own)..<block.count : 0..<own)
      used += block.count
      blocks.append(block)
    }
    // `items` runs from the prompt's side (turned over below, bottom-up): a block's rows too.
    items = reversed ? blocks.flatMap { $0.reversed() } : blocks.flatMap { $0 }
    if items.count > listRows { items.removeLast(items.count - listRows) }
    // The rows of `items` each shown item's own rows are.
    var itemSpans: [Range<Int>] = []
    var position = 0
    for (block, part) in zip(blocks, itemParts) {
      let own = reversed ? (block.count - part.upperBound)..<(block.count - part.lowerBound) : part
      itemSpans.append((position + own.lowerBound)..<(position + own.upperBound))
      position += block.count
    }
    var blank = Array(repeating: [Frame.Span](), count: max(0, listRows - items.count))
    if let bar = settings.scrollbar, let (length, start) = scrollbar(state, rows: listRows) {
      // Rows counted from the best match's end of the list, as the items are.
      for row in start..<min(listRows, start + length) {
        let glyph = Frame.Span(text: unicode || bar != "│" ? bar : "|", style: .border)
        if row < items.count {
          items[row] = padded(items[row], to: itemWidth) + [glyph]
        } else {
          blank[row - items.count] = padded([], to: itemWidth) + [glyph]
        }
      }
    }
    var rows: [[Frame.Span]]
    // What the rows show, for the mouse: header and footer rows, their text after the indent.
    let headerTags = header.indices.map { RowTag(block: .header, index: $0, column: indent(.header)) }
    let lineTags = headerLines.indices.map {
      RowTag(block: .headerLines, index: $0, column: indent(headerPart))
    }
    var tags: [RowTag?]
    func none(_ rows: [[Frame.Span]]) -> [RowTag?] { Array(repeating: nil, count: rows.count) }
    /// The prompt's row in the list's part (nil: the prompt is in a part of its own).
    var promptRowIndex: Int?
    /// The top row of the `k`-th item shown in the list's part.
    let itemRow: (Int) -> Int
    // Its top row among the list's rows, when the list starts at `above` (bottom-up: the blank rows
    // first, the items turned over).
    func itemTop(_ k: Int, above: Int) -> Int {
      reversed ? above + blank.count + items.count - itemSpans[k].upperBound : above + itemSpans[k].lowerBound
    }
    // As fzf places them: the header lines always touch the list (above it, in reverse-list, in the
    // list's own direction), `--header` beside the info and the prompt, or past the prompt with
    // `--header-first`.
    if plan.apart {
      rows = reversed ? blank.reversed() + items.reversed() : items + blank
      tags = none(rows)
      itemRow = { itemTop($0, above: 0) }
    } else {
      let input = promptRows + info
      switch settings.layout {
      case .reverse:
        // Prompt on top, the info below it, the best match below them.
        let top = settings.headerFirst ? header + input + headerLines : input + header + headerLines
        rows = top + items + blank
        tags =
          (settings.headerFirst ? headerTags + none(input) : none(input) + headerTags) + lineTags
          + none(items + blank)
        promptRowIndex = settings.inputShown ? (settings.headerFirst ? header.count : 0) : nil
        itemRow = { itemTop($0, above: top.count) }
      case .default, .reverseList:
        let list =
          reversed
          ? blank.reversed() + items.reversed() + headerLines.reversed() : headerLines + items + blank
        let bottom = settings.headerFirst ? info + promptRows + header : header + info + promptRows
        rows = list + bottom
        tags =
          (reversed ? none(blank + items) + lineTags.reversed() : lineTags + none(items + blank))
          + (settings.headerFirst ? none(input) + headerTags : headerTags + none(input))
        promptRowIndex =
          settings.inputShown
          ? list.count + (settings.headerFirst ? info.count : header.count + info.count) : nil
        itemRow = { itemTop($0, above: reversed ? 0 : headerLines.count) }
      }
    }
    var caretRow = promptRowIndex ?? 0
    var caretColumn = prompt.caret
    // Where the list's rows start, down and across, in the column of sections.
    var listTop = 0
    var listLeft = 0
    let contentHeight = layout.contentHeight
    let paneRows =
      pane.map { pane in
        PreviewRenderer(
          pane: state.preview, layout: pane, unicode: unicode,
          headerLines: pane.active.headerLines, border: pane.active.drawnBorder(settings.layout),
          label: settings.preview.label, labelPosition: settings.preview.labelPosition,
          scrollbar: settings.scrollbar, labelEllipsis: itemEllipsis(settings),
          wrapSign: VisibleText(settings.previewWrapSign ?? (unicode ? "↳ " : "> "))
        ).rows(height: pane.position == .left || pane.position == .right ? contentHeight : pane.outer.rows)
          .map { Frame.painted($0, .inPreview, width: pane.outer.columns) }
      } ?? []
    var paneArea: (rows: Range<Int>, columns: Range<Int>)?
    if plan.active {
      let footer = textRows(
        settings.footerRows > 0 ? settings.footer : nil, width: partWidth(.footer), indent: indent(.footer),
        style: .header, settings)
      let content = ColumnContent(
        list: rows, listTags: tags, promptRowInList: promptRowIndex, prompt: prompt.spans, info: info,
        header: header, headerTags: headerTags, headerLines: headerLines, lineTags: lineTags, footer: footer,
        footerTags: footer.indices.map { RowTag(block: .footer, index: $0, column: indent(.footer)) },
        nextPane: pane?.position == .next ? paneRows : nil)
      let column = stack(content, plan: plan, settings: settings, width: sectionWidth, inputShift: inputShift)
      (rows, tags, listTop, listLeft) = (column.rows, column.tags, column.listTop, column.listLeft)
      if let caret = column.caret { (caretRow, caretColumn) = (caret.row, prompt.caret + caret.shift) }
      if let paneRows = column.paneRows { paneArea = (paneRows, 0..<sectionWidth) }
      // Sections taller than the screen: those farthest from the prompt give way (the top ones, but
      // in the reverse layout), so the prompt always shows.
      let room =
        contentHeight - (pane.map { $0.position == .up || $0.position == .down ? $0.outer.rows : 0 } ?? 0)
      if settings.layout != .reverse && rows.count > room {
        let cut = rows.count - room
        rows.removeFirst(cut)
        tags.removeFirst(cut)
        (listTop, caretRow) = (listTop - cut, max(0, caretRow - cut))
        paneArea = paneArea.map {
          (max(0, $0.rows.lowerBound - cut)..<max(0, $0.rows.upperBound - cut), $0.columns)
        }
      }
    }
    // Where the column of list and sections and the pane lie in the content (for the mouse).
    var columnTop = 0
    var listColumn = listLeft
    var listHeight = contentHeight
    if let pane {
      switch pane.position {
      case .next: break
      case .right, .left:
        rows = Array(rows.prefix(contentHeight))
        while rows.count < contentHeight { rows.append([]) }
        rows = zip(rows, paneRows).map { list, side in
          pane.position == .right ? padded(list, to: sectionWidth) + side : side + list
        }
        if pane.position == .left {
          caretColumn += pane.outer.columns
          listColumn += pane.outer.columns
          paneArea = (0..<contentHeight, 0..<pane.outer.columns)
        } else {
          paneArea = (0..<contentHeight, sectionWidth..<(sectionWidth + pane.outer.columns))
        }
      case .up:
        rows = paneRows + rows
        caretRow += paneRows.count
        columnTop = paneRows.count
        paneArea = (0..<paneRows.count, 0..<fullWidth)
      case .down:
        listHeight = max(0, contentHeight - paneRows.count)
        rows = Array(rows.prefix(listHeight))
        while rows.count < listHeight { rows.append([]) }
        rows += paneRows
        paneArea = (listHeight..<(listHeight + paneRows.count), 0..<fullWidth)
      }
    }
    rows = Array(rows.prefix(contentHeight))
    while rows.count < contentHeight { rows.append([]) }
    if insets != (0, 0, 0, 0) {
      var decorator = ChromeDecorator(
        chrome: chrome, unicode: unicode, rows: state.rows, columns: state.columns)
      decorator.ellipsis = itemEllipsis(settings)
      rows = decorator.decorate(rows, contentWidth: fullWidth, height: state.height)
    }
    var areas: [Frame.Area] = []
    let markerColumns =
      DisplayWidth.of(settings.pointer) + Renderer.markerWidth(settings) + Renderer.learnWidth(settings)
    for k in itemSpans.indices {
      let row = columnTop + listTop + itemRow(k)
      let end = min(row + itemSpans[k].count, contentHeight, columnTop + listHeight)
      guard row >= columnTop, row < end else { continue }
      areas.append(
        Frame.Area(
          rows: (row + insets.top)..<(end + insets.top),
          columns: (listColumn + insets.left)..<(listColumn + insets.left + width),
          kind: .item(position: first + k, markerColumns: markerColumns)))
    }
    // Header and footer rows, numbered as fzf does for `click-header`: the header lines and `--header`
    // as one block from the top.
    let columnLeft = insets.left + listColumn - listLeft
    for (row, tag) in tags.enumerated() {
      guard let tag, columnTop + row < contentHeight else { continue }
      let (h, m) = (header.count, headerLines.count)
      let kind: Frame.Area.Kind
      switch tag.block {
      case .header: kind = .header(line: settings.layout == .reverse ? tag.index + 1 : m + tag.index + 1)
      case .headerLines:
        switch settings.layout {
        case .reverse: kind = .header(line: h + tag.index + 1)
        case .default: kind = .header(line: m - tag.index)
        case .reverseList: kind = .header(line: tag.index + 1)
        }
      case .footer: kind = .footer(line: tag.index + 1)
      }
      let top = columnTop + row + insets.top
      areas.append(
        Frame.Area(
          rows: top..<(top + 1), columns: (columnLeft + tag.column)..<(columnLeft + sectionWidth), kind: kind)
      )
    }
    if let paneArea {
      areas.append(
        Frame.Area(
          rows: (paneArea.rows.lowerBound + insets.top)..<(min(paneArea.rows.upperBound, contentHeight)
            + insets.top),
          columns: (paneArea.columns.lowerBound + insets.left)..<(paneArea.columns.upperBound + insets.left),
          kind: .preview))
    }
    var frame = Frame(
      rows: rows,
      caret: (min(caretRow + insets.top, state.height - 1), caretColumn + insets.left),
      width: state.columns, areas: areas)
    frame.caretShown = settings.inputShown
    return frame
  }

  /// `text`'s lines (`--header`, `--footer`), each after `indent` blank columns.
  private func textRows(
    _ text: String?, width: Int, indent: Int, style: Frame.Style, _ settings: PickerSettings
  ) -> [[Frame.Span]] {
    guard let text else { return [] }
    let blank = VisibleText(String(repeating: " ", count: indent))
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var row = RowBuilder(width: width, ellipsis: itemEllipsis(settings))
      row.append(blank, style: [], highlights: [])
      // fzf's: colors in `--header` and `--footer` are colors, `--ansi` or not.
      let bytes = Array(line.utf8)
      bytes.withUnsafeBytes { raw in
        guard ANSI.mayHaveSequences(raw) else {
          return row.append(VisibleText(raw, tabstop: settings.tabstop), style: style, highlights: [])
        }
        let colored = ANSI.colored(raw)
        colored.text.withUnsafeBytes {
          row.append(
            VisibleText($0, tabstop: settings.tabstop), style: style, highlights: [], colors: colored.colors)
        }
      }
      return row.spans
    }
  }

  /// `row` padded with blanks to `width` columns (so what follows it starts in the right column).
  private func padded(_ row: [Frame.Span], to width: Int) -> [Frame.Span] {
    let used = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
    return used < width
      ? row + [Frame.Span(text: String(repeating: " ", count: width - used), style: [])] : row
  }

  /// Runs `body` on the bytes shown for a line and, with `--ansi`, the colors of its characters.
  func withDisplayBytes<R>(
    _ state: PickerState, _ index: Int, _ body: (UnsafeRawBufferPointer, [String?]?) -> R
  ) -> R {
    let line = state.store.line(index)
    if state.settings.search.fields.ansi && ANSI.mayHaveSequences(line) {
      let colored = ANSI.colored(line)
      return colored.text.withUnsafeBytes { text in
        if let spec = state.settings.shownFields {
          // Fields are cut from the text; their colors are not carried over.
          return Fields.view(text, spec, state.settings.delimiter).withUnsafeBytes { body($0, nil) }
        }
        return body(text, colored.colors)
      }
    }
    if let spec = state.settings.shownFields {
      return Fields.view(line, spec, state.settings.delimiter).withUnsafeBytes { body($0, nil) }
    }
    return body(line, nil)
  }

  /// The width of `--learn-marker`'s column (0 without one).
  static func learnWidth(_ settings: PickerSettings) -> Int {
    settings.learnMarker.map(DisplayWidth.of) ?? 0
  }

  /// The marker column's width: the wider of the marked and unmarked lines' marks.
  static func markerWidth(_ settings: PickerSettings) -> Int {
    let multi = settings.multiLine ? DisplayWidth.of(settings.markerMultiLine[0]) : 0
    return max(DisplayWidth.of(settings.marker), settings.unmarked.map(DisplayWidth.of) ?? 0, multi)
  }

  /// `--gap`'s line: `--gap-line`'s text repeated from the items' text column to the edge.
  private func gapLine(_ settings: PickerSettings, indent: VisibleText, width: Int) -> [Frame.Span] {
    var row = RowBuilder(width: width, ellipsis: VisibleText())
    row.append(indent, style: [], highlights: [])
    let unit = settings.gapLine ?? (unicode ? "┈" : "-")
    let unitWidth = max(1, DisplayWidth.of(unit))
    guard !unit.isEmpty, row.remaining > 0 else { return row.spans }
    let text = String(repeating: unit, count: row.remaining / unitWidth + 1)
    row.append(VisibleText(text), style: .border, highlights: [])
    return row.spans
  }

  /// The ellipsis that marks a cut item.
  func itemEllipsis(_ settings: PickerSettings) -> VisibleText {
    settings.ellipsis == nil ? RowBuilder.defaultEllipsis : VisibleText(settings.ellipsis(unicode: unicode))
  }

  /// A row of list item `i` up to its text: the pointer (or gutter, or `jump` label) and `mark`, or
  /// the marker when `mark` is nil.
  func itemPrefix(_ state: PickerState, _ i: Int, width: Int, mark: String? = nil) -> RowBuilder {
    let index = state.line(at: i)
    let isCurrent = i == state.cursor
    let settings = state.settings
    var row = RowBuilder(width: width, ellipsis: itemEllipsis(settings))
    let base: Frame.Style = isCurrent ? .current : []
    let pointerWidth = DisplayWidth.of(settings.pointer)
    let markerWidth = Renderer.markerWidth(settings)
    let blank = String(repeating: " ", count: pointerWidth)
    // The other lines show the gutter there (fzf's), padded to the pointer's width; no pointer, no
    // gutter.
    // Raw mode has a gutter of its own, so the list shows which mode it is in.
    let gutter =
      pointerWidth == 0
      ? nil
      : (settings.raw ? settings.gutterRaw : settings.gutter).map {
        $0 + String(blank.dropFirst(min(pointerWidth, DisplayWidth.of($0))))
      }
    var pointer = isCurrent ? settings.pointer : gutter ?? blank
    var pointerStyle = base.union(.pointer)
    if !isCurrent && gutter != nil { pointerStyle = .gutter }
    // `jump`: each visible line shows its label where the pointer goes.
    let labels = settings.jumpLabels
    if state.list.jumping != nil, i - state.offset < labels.count {
      let label = labels[labels.index(labels.startIndex, offsetBy: i - state.offset)]
      pointer = String(label) + String(repeating: " ", count: max(0, pointerWidth - 1))
      pointerStyle = base.union(.pointer)
    }
    row.append(VisibleText(pointer), style: pointerStyle, highlights: [])
    let mark = mark ?? (state.selection.contains(index) ? settings.marker : settings.unmarked ?? "")
    row.append(
      VisibleText(mark + String(repeating: " ", count: max(0, markerWidth - DisplayWidth.of(mark)))),
      style: base.union(.marker), highlights: [])
    if let learnMarker = settings.learnMarker {
      let learned = settings.search.rank.learned?.knows(state.store.line(index)) == true
      row.append(
        VisibleText(learned ? learnMarker : String(repeating: " ", count: DisplayWidth.of(learnMarker))),
        style: base.union(.marker), highlights: [])
    }
    return row
  }

  private func itemRow(_ state: PickerState, _ i: Int, width: Int, matcher: inout Matcher, highlight: Bool)
    -> [Frame.Span]
  {
    let index = state.line(at: i)
    let isCurrent = i == state.cursor
    let settings = state.settings
    let ellipsis = itemEllipsis(settings)
    var row = itemPrefix(state, i, width: width)
    var base: Frame.Style = isCurrent ? .current : []
    if !state.matches(index) { base.insert(.unmatched) }
    let room = row.remaining
    withDisplayBytes(state, index) { bytes, colors in
      var positions: [Int] = []
      if highlight && !state.search.result.query.isEmpty {
        positions = cache.positions(index, query: state.search.result.query) {
          matcher.positions(bytes) ?? []
        }
      }
      // `--freeze-left`, `--freeze-right`: a line too long keeps its first and last fields in view.
      if let frozen = settings.frozenFields, bytes.count <= Renderer.frozenLimit {
        let whole = VisibleText(bytes, tabstop: settings.tabstop, controls: settings.controls)
        if whole.width > room {
          let pieces = frozen.pieces(
            whole, splits: frozen.splits(bytes), room: room, ellipsis: ellipsis.width, positions: positions,
            context: settings.hscrollOff, keepRight: settings.keepRight)
          for piece in pieces {
            switch piece {
            case .text(let text): row.append(text, style: base, highlights: Set(positions), colors: colors)
            case .ellipsis: row.append(ellipsis, style: base, highlights: [])
            }
          }
          return
        }
      }
      // Only what can show becomes cells: a row's worth, ending some way past the last highlighted
      // character when that one is far to the right (a long line scrolls to show its match, with
      // up to `--hscroll-off` columns of what follows it, as fzf does).
      let mark = ellipsis.width
      // `--keep-right` with nothing to show: the line's end is what counts (a path's file name). A huge
      // line keeps its start: its end would take decoding all of it, at every frame.
      let keepsRight = settings.keepRight && positions.isEmpty && bytes.count <= Renderer.keepRightLimit
      let lastMatch = settings.hscroll ? positions.last ?? (keepsRight ? Int.max : 0) : 0
      let context = min(settings.hscrollOff, max(0, room / 3))
      // Characters before the match are skipped as if each took a column; where zero-width ones
      // (decomposed accents) make them take fewer, the row would end short: fewer are skipped, up
      // to 64 characters a column.
      var skip = 0
      var text = VisibleText()
      for charactersPerColumn in [1, 4, 16, 64] {
        skip = lastMatch == .max ? 0 : max(0, lastMatch + 2 - room * charactersPerColumn)
        text = VisibleText(
          bytes, from: skip, limit: lastMatch == .max ? .max : lastMatch + 1, columnsPast: room + 1,
          tabstop: state.settings.tabstop, controls: settings.controls)
        if skip == 0
          || text.cells.prefix(while: { $0.source <= lastMatch }).reduce(0, { $0 + $1.width }) >= room
        {
          break
        }
      }
      var cutLeft = skip > 0
      if positions.last != nil || lastMatch == .max {
        let endColumn = text.cells.prefix { $0.source <= lastMatch }.reduce(0) { $0 + $1.width }
        // What follows the match: `context` characters, as fzf counts them (an accent is one).
        let following = text.cells.drop { $0.source <= lastMatch }
        let after = following.prefix { $0.source <= lastMatch + context }.reduce(0) { $0 + $1.width }
        // Room for the ellipsis on the left, and on the right when the line goes on.
        let rightMark = following.contains { $0.source > lastMatch + context && $0.width > 0 } ? mark : 0
        var drop = 0
        var dropped = 0
        while endColumn - dropped + after + rightMark > room - mark && drop < text.cells.count {
          dropped += text.cells[drop].width
          drop += 1
        }
        // An accent is not left without its letter, next to the ellipsis.
        while drop > 0 && drop < text.cells.count && text.cells[drop].width == 0 { drop += 1 }
        if drop > 0 {
          text.cells.removeFirst(drop)
          cutLeft = true
        }
      }
      if cutLeft { row.append(ellipsis, style: base, highlights: []) }
      row.append(text, style: base, highlights: Set(positions), colors: colors)
    }
    if isCurrent { row.fill(style: base) }
    return row.spans
  }
}

/// The matcher and the highlight positions of the lines on screen, kept while the query stays the
/// same (a frame is rendered at every event, and a long line's positions are not free).
final class PositionCache {
  private var query: [UInt8] = []
  private var byLine: [Int: [Int]] = [:]

  private var matcher: Matcher?

  /// The matcher of `query`, made once per query (a frame is drawn at every event).
  func matcher(for query: [UInt8], _ settings: SearchSettings) -> Matcher {
    if let matcher, matcher.pattern.query == query, matcher.pattern.options == settings.match {
      return matcher
    }
    let made = Matcher(pattern: settings.pattern(query))
    matcher = made
    return made
  }

  func positions(_ line: Int, query: [UInt8], compute: () -> [Int]) -> [Int] {
    if query != self.query {
      self.query = query
      byLine.removeAll()
    }
    if let known = byLine[line] { return known }
    if byLine.count > 512 { byLine.removeAll() }
    let found = compute()
    byLine[line] = found
    return found
  }
}
