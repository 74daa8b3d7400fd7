/// Draws a `PickerState` into a `Frame`: prompt, info line, header and the visible part of the list.
package struct Renderer {
  static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let asciiSpinner = ["-", "\\", "|", "/"]
  /// The longest line (bytes) `--keep-right` shows the end of.
  static let keepRightLimit = 64 << 10
  /// The longest line (bytes) `--freeze-left` and `--freeze-right` apply to.
  static let frozenLimit = 1 << 20

  let unicode: Bool
  /// A cell's size in pixels, when the terminal says: how many rows a Sixel picture takes.
  package var cell: (width: Int, height: Int)?

  package init(unicode: Bool = true) {
    self.unicode = unicode
  }

  /// Draws `state` with nothing remembered from earlier frames.
  package func render(_ state: PickerState) -> Frame {
    var cache = PositionCache()
    return render(state, cache: &cache)
  }

  /// Draws `state`, reusing (and keeping for the next frame) the matcher and match positions of
  /// the query shown.
  package func render(_ state: PickerState, cache: inout PositionCache) -> Frame {
    let plan = FramePlan(state)
    let fixed = fixedRows(state, plan)
    let list = listRows(state, plan, cache: &cache)
    var draft = arrange(state, plan, fixed, list)
    let (paneRows, paneImages) = previewRows(state, plan)
    if plan.sections.active { stackSections(state, plan, fixed, paneRows: paneRows, into: &draft) }
    placePane(plan, paneRows: paneRows, into: &draft)
    let contentHeight = plan.layout.contentHeight
    var rows = Array(draft.rows.prefix(contentHeight))
    while rows.count < contentHeight { rows.append([]) }
    let insets = plan.layout.insets
    if insets != (0, 0, 0, 0) {
      var decorator = ChromeDecorator(
        chrome: plan.settings.look.chrome, unicode: unicode, rows: state.rows, columns: state.columns)
      decorator.ellipsis = itemEllipsis(plan.settings)
      rows = decorator.decorate(rows, contentWidth: plan.layout.contentWidth, height: state.height)
    }
    let paneArea = paneAreas(plan, draft)
    var frame = Frame(
      rows: rows,
      caret: (min(draft.caretRow + insets.top, state.height - 1), draft.caretColumn + insets.left),
      width: state.columns,
      areas: itemAreas(state, plan, list, draft) + tagAreas(plan, fixed, draft) + paneArea)
    frame.caretShown = plan.settings.look.inputShown
    if let area = paneArea.first, let pane = plan.pane {
      let border = pane.active.drawnBorder(plan.settings.window.layout)
      let origin = (
        row: area.rows.lowerBound + (border.sides.top ? 1 : 0),
        column: area.columns.lowerBound + border.leftColumns
      )
      frame.previewOrigin = origin
      // Rows of the pane cut (sections taller than the screen): its pictures would land elsewhere.
      if area.rows.count == paneRows.count { frame.images = placed(paneImages, at: origin, within: area) }
    }
    return frame
  }

  /// `text`'s lines (`--header`, `--footer`), each after `indent` blank columns.
  func textRows(
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
          return row.append(VisibleText(raw, tabstop: settings.list.tabstop), style: style, highlights: [])
        }
        let colored = ANSI.colored(raw)
        colored.text.withUnsafeBytes {
          row.append(
            VisibleText($0, tabstop: settings.list.tabstop), style: style, highlights: [],
            colors: colored.colors)
        }
      }
      return row.spans
    }
  }

  /// `row` padded with blanks to `width` columns (so what follows it starts in the right column).
  func padded(_ row: [Frame.Span], to width: Int) -> [Frame.Span] {
    let used = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
    return used < width
      ? row + [Frame.Span(text: String(repeating: " ", count: width - used), style: [])] : row
  }

  /// `--gap`'s line: `--gap-line`'s text repeated from the items' text column to the edge.
  func gapLine(_ settings: PickerSettings, marks: Int, width: Int) -> [Frame.Span] {
    var row = gapIndent(settings, marks: marks, width: width)
    let unit = settings.look.gapLine ?? (unicode ? "┈" : "-")
    let unitWidth = max(1, DisplayWidth.of(unit))
    guard !unit.isEmpty, row.remaining > 0 else { return row.spans }
    let text = String(repeating: unit, count: row.remaining / unitWidth + 1)
    row.append(VisibleText(text), style: .border, highlights: [])
    return row.spans
  }

  /// A gap row's columns before the items' text: the gutter under the pointer's column where the
  /// other items show one (fzf draws it on `--gap`'s rows too), then blanks.
  func gapIndent(_ settings: PickerSettings, marks: Int, width: Int) -> RowBuilder {
    var row = RowBuilder(width: width, ellipsis: VisibleText())
    let pointerWidth = DisplayWidth.of(settings.look.pointer)
    let gutter = pointerWidth == 0 ? nil : settings.list.raw ? settings.look.gutterRaw : settings.look.gutter
    var used = 0
    if let gutter {
      row.append(VisibleText(gutter), style: .gutter, highlights: [])
      used = DisplayWidth.of(gutter)
    }
    row.append(VisibleText(String(repeating: " ", count: max(0, marks - used))), style: [], highlights: [])
    return row
  }

  /// The ellipsis that marks a cut item.
  func itemEllipsis(_ settings: PickerSettings) -> VisibleText {
    settings.look.ellipsis == nil
      ? RowBuilder.defaultEllipsis : VisibleText(settings.look.ellipsis(unicode: unicode))
  }

  /// A row of list item `i` up to its text: the pointer (or gutter, or `jump` label) and `mark`, or
  /// the marker when `mark` is nil.
  func itemPrefix(_ state: PickerState, _ i: Int, width: Int, mark: String? = nil) -> RowBuilder {
    let index = state.line(at: i)
    let isCurrent = i == state.cursor
    let settings = state.settings
    var row = RowBuilder(width: width, ellipsis: itemEllipsis(settings))
    let base: Frame.Style = isCurrent ? .current : []
    let pointerWidth = DisplayWidth.of(settings.look.pointer)
    let markerWidth = settings.markerWidth
    let blank = String(repeating: " ", count: pointerWidth)
    // The other lines show the gutter there (fzf's), padded to the pointer's width; no pointer, no
    // gutter.
    // Raw mode has a gutter of its own, so the list shows which mode it is in.
    let gutter =
      pointerWidth == 0
      ? nil
      : (settings.list.raw ? settings.look.gutterRaw : settings.look.gutter).map {
        $0 + String(blank.dropFirst(min(pointerWidth, DisplayWidth.of($0))))
      }
    var pointer = isCurrent ? settings.look.pointer : gutter ?? blank
    var pointerStyle = base.union(.pointer)
    if !isCurrent && gutter != nil { pointerStyle = .gutter }
    // `jump`: each visible line shows its label where the pointer goes.
    let labels = settings.behaviour.jumpLabels
    if state.mode.isJumping, i - state.offset < labels.count {
      let label = labels[labels.index(labels.startIndex, offsetBy: i - state.offset)]
      pointer = String(label) + String(repeating: " ", count: max(0, pointerWidth - 1))
      pointerStyle = base.union(.pointer)
    }
    row.append(VisibleText(pointer), style: pointerStyle, highlights: [])
    let mark = mark ?? (state.selection.contains(index) ? settings.look.marker : settings.look.unmarked ?? "")
    // A blank column is not painted in the marker's color (as fzf draws it).
    let blankMark = mark.allSatisfy { $0 == " " }
    row.append(
      VisibleText(mark + String(repeating: " ", count: max(0, markerWidth - DisplayWidth.of(mark)))),
      style: blankMark ? base : base.union(.marker), highlights: [])
    if let learnMarker = settings.look.learnMarker {
      let learned = settings.search.rank.learned?.knows(state.store.line(index)) == true
      row.append(
        VisibleText(learned ? learnMarker : String(repeating: " ", count: DisplayWidth.of(learnMarker))),
        style: base.union(.marker), highlights: [])
    }
    return row
  }

  /// The row of one-line list item `i`: its prefix, then as much of its text as fits, scrolled to
  /// show the match.
  func itemRow(
    _ state: PickerState, _ i: Int, width: Int, matcher: inout Matcher, cache: inout PositionCache,
    highlight: Bool
  ) -> [Frame.Span] {
    let index = state.line(at: i)
    let isCurrent = i == state.cursor
    let settings = state.settings
    let ellipsis = itemEllipsis(settings)
    var row = itemPrefix(state, i, width: width)
    var base: Frame.Style = isCurrent ? .current : []
    if !state.matches(index) { base.insert(.unmatched) }
    let room = row.remaining
    state.withDisplayBytes(index) { bytes, colors in
      var highlights: Highlights = []
      if highlight && !state.search.result.query.isEmpty {
        highlights = cache.highlights(index, query: state.search.result.query) {
          matcher.highlights(bytes) ?? []
        }
      }
      let positions = highlights.sorted
      // `--freeze-left`, `--freeze-right`: a line too long keeps its first and last fields in view.
      if let frozen = settings.frozenFields, bytes.count <= Renderer.frozenLimit {
        let whole = VisibleText(bytes, tabstop: settings.list.tabstop, controls: settings.controls)
        if whole.width > room {
          let pieces = frozen.pieces(
            whole, splits: frozen.splits(bytes), room: room, ellipsis: ellipsis.width, positions: positions,
            context: settings.list.hscrollOff, keepRight: settings.list.keepRight)
          for piece in pieces {
            switch piece {
            case .text(let text): row.append(text, style: base, highlights: highlights, colors: colors)
            case .ellipsis: row.append(ellipsis, style: base, highlights: [])
            }
          }
          return
        }
      }
      let (text, cutLeft) = scrolled(bytes, positions: positions, room: room, settings)
      if cutLeft { row.append(ellipsis, style: base, highlights: []) }
      row.append(text, style: base, highlights: highlights, colors: colors)
    }
    // fzf paints the current line's background under its text only (all of it with
    // `--highlight-line`); mselect's runs the row.
    if isCurrent && (settings.flavor != .fzf || settings.look.highlightLine) { row.fill(style: base) }
    return row.spans
  }

  /// As much of a line's text as a row of `room` columns shows, scrolled (when `--hscroll` lets it)
  /// so that the last match and some of what follows it are in view, and whether it was cut on the
  /// left (an ellipsis goes there).
  private func scrolled(
    _ bytes: UnsafeRawBufferPointer, positions: [Int], room: Int, _ settings: PickerSettings
  )
    -> (text: VisibleText, cutLeft: Bool)
  {
    // Only what can show becomes cells: a row's worth, ending some way past the last highlighted
    // character when that one is far to the right (a long line scrolls to show its match, with
    // up to `--hscroll-off` columns of what follows it, as fzf does).
    let mark = itemEllipsis(settings).width
    // `--keep-right` with nothing to show: the line's end is what counts (a path's file name). A huge
    // line keeps its start: its end would take decoding all of it, at every frame.
    let keepsRight = settings.list.keepRight && positions.isEmpty && bytes.count <= Renderer.keepRightLimit
    let lastMatch = settings.list.hscroll ? positions.last ?? (keepsRight ? Int.max : 0) : 0
    let context = min(settings.list.hscrollOff, max(0, room / 3))
    // Characters before the match are skipped as if each took a column; where zero-width ones
    // (decomposed accents) make them take fewer, the row would end short: fewer are skipped, up
    // to 64 characters a column.
    var skip = 0
    var text = VisibleText()
    for charactersPerColumn in [1, 4, 16, 64] {
      skip = lastMatch == .max ? 0 : max(0, lastMatch + 2 - room * charactersPerColumn)
      text = VisibleText(
        bytes, from: skip, limit: lastMatch == .max ? .max : lastMatch + 1, columnsPast: room + 1,
        tabstop: settings.list.tabstop, controls: settings.controls)
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
    return (text, cutLeft)
  }
}
