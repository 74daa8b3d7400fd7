/// How a list item is laid over the list's rows: a row per line of it with `--multi-line`, and
/// with `--wrap` a line too long for its row going on over the next ones, each of those starting
/// with the wrap sign (fzf 0.54's list wrap).
extension PickerState {
  /// Runs `body` on the bytes shown for a line and, with `--ansi`, the colors of its characters.
  package func withDisplayBytes<R>(
    _ index: Int, _ body: (UnsafeRawBufferPointer, [String?]?) -> R
  ) -> R {
    let line = store.line(index)
    if settings.search.fields.ansi && ANSI.mayHaveSequences(line) {
      let colored = ANSI.colored(line)
      return colored.text.withUnsafeBytes { text in
        if let spec = settings.list.shownFields {
          // Fields are cut from the text; their colors are not carried over.
          return Fields.view(text, spec, settings.delimiter).withUnsafeBytes { body($0, nil) }
        }
        return body(text, colored.colors)
      }
    }
    if let spec = settings.list.shownFields {
      return Fields.view(line, spec, settings.delimiter).withUnsafeBytes { body($0, nil) }
    }
    return body(line, nil)
  }

  /// One row of an item: the cells of its text it shows, and whether it starts with the wrap sign.
  package struct ItemRow: Equatable {
    package var cells: Range<Int>
    package var signed: Bool
  }

  /// The wrap sign's width: `--wrap-sign`, else `↳ ` (or `> `, as wide).
  var wrapSignWidth: Int { settings.look.wrapSign.map { VisibleText($0).width } ?? 2 }

  /// The rows of an item whose text is `cells` (line breaks shown as `␊` placeholders), in
  /// `width` columns: with `--multi-line` a line break starts a row (and is not shown), with
  /// `--wrap` a long line goes on over more rows.
  package func itemRows(_ cells: [VisibleText.Cell], width: Int) -> [ItemRow] {
    var lines: [Range<Int>] = []
    var start = 0
    if settings.list.multiLine {
      for (k, cell) in cells.enumerated() where cell.isPlaceholder && cell.text == "␊" {
        lines.append(start..<k)
        start = k + 1
      }
    }
    lines.append(start..<cells.count)
    guard settings.list.wrap else { return lines.map { ItemRow(cells: $0, signed: false) } }
    let wrapping = PreviewWrapping(
      width: width, wrap: true, word: settings.list.wrapWord, signWidth: wrapSignWidth)
    return lines.flatMap { line in
      wrapping.rows(Array(cells[line])).map { row in
        ItemRow(
          cells: (line.lowerBound + row.cells.lowerBound)..<(line.lowerBound + row.cells.upperBound),
          signed: row.signed)
      }
    }
  }

  /// The text of list position `position` as cells (as many as a row can use of a huge line).
  package func itemCells(_ position: Int) -> [VisibleText.Cell] {
    withDisplayBytes(line(at: position)) { bytes, _ in
      VisibleText(
        bytes, limit: 64 << 10, tabstop: settings.list.tabstop, controls: settings.controls,
        rowPerLine: settings.list.multiLine
      ).cells
    }
  }

  /// The rows list position `position` takes with `--wrap`.
  func wrappedRowCount(_ position: Int, width: Int) -> Int {
    itemRows(itemCells(position), width: width).count
  }
}
