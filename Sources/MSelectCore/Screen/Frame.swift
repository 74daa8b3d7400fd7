/// One picture of the picker: rows of styled text and where the caret goes.
package struct Frame: Equatable, Sendable {
  /// How a piece of text is drawn.
  package struct Style: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let current = Style(rawValue: 1 << 0)
    package static let match = Style(rawValue: 1 << 1)
    package static let placeholder = Style(rawValue: 1 << 2)
    package static let pointer = Style(rawValue: 1 << 3)
    package static let marker = Style(rawValue: 1 << 4)
    package static let prompt = Style(rawValue: 1 << 5)
    package static let info = Style(rawValue: 1 << 6)
    package static let header = Style(rawValue: 1 << 7)
    package static let message = Style(rawValue: 1 << 8)
    package static let spinner = Style(rawValue: 1 << 9)
    package static let border = Style(rawValue: 1 << 10)
    package static let label = Style(rawValue: 1 << 11)
    package static let query = Style(rawValue: 1 << 12)
    /// `--ghost` text in the empty query.
    package static let ghost = Style(rawValue: 1 << 13)
    /// The pointer column of the lines the cursor is not on (fzf's `--gutter`).
    package static let gutter = Style(rawValue: 1 << 14)
    /// A line listed in raw mode that does not match the query (fzf's `nomatch`, dimmed).
    package static let unmatched = Style(rawValue: 1 << 15)
    /// The section a cell belongs to, for the section colors (`list-bg`, `header-border`, …).
    package static let inList = Style(rawValue: 1 << 16)
    package static let inInput = Style(rawValue: 1 << 17)
    package static let inHeader = Style(rawValue: 1 << 18)
    package static let inFooter = Style(rawValue: 1 << 19)
    package static let inPreview = Style(rawValue: 1 << 20)
    /// A list character that a repaired typing mistake stands on (`--typos`).
    package static let typo = Style(rawValue: 1 << 21)
    package static let sections: Style = [.inList, .inInput, .inHeader, .inFooter, .inPreview]
  }

  /// `row` in `section` (its cells take the section's colors), filled with blanks to `width` columns
  /// so the section's background reaches its edge.
  package static func painted(_ row: [Span], _ section: Style, width: Int) -> [Span] {
    var row = row
    let used = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
    if used < width { row.append(Span(text: String(repeating: " ", count: width - used), style: [])) }
    for k in row.indices {
      row[k].style.subtract(Style.sections)
      row[k].style.insert(section)
    }
    return row
  }

  /// A run of text with one style.
  package struct Span: Equatable, Sendable {
    package var text: String
    package var style: Style
    /// The input's own SGR parameters for this text (`--ansi`), drawn under the style's.
    package var colors: String?

    package init(text: String, style: Style, colors: String? = nil) {
      self.text = text
      self.style = style
      self.colors = colors
    }
  }

  /// What a mouse press on a cell of the frame lands on.
  package typealias Target = ClickTarget

  /// A rectangle of the frame that means something to the mouse.
  package struct Area: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
      /// An item row; its first `markerColumns` columns are the pointer and the marker.
      case item(position: Int, markerColumns: Int)
      case preview
      /// A header or footer row, numbered from 1; its text starts at the area's first column.
      case header(line: Int)
      case footer(line: Int)
    }

    package var rows: Range<Int>
    package var columns: Range<Int>
    package var kind: Kind
  }

  /// A picture of the preview command's, drawn over blank cells of the pane after the rows.
  package struct Image: Equatable, Sendable {
    package var row: Int
    package var column: Int
    /// The cells it covers (none for Kitty's data-only commands or placeholder placements).
    package var rows: Int
    package var columns: Int
    /// Its sequences in the order the command wrote them (Kitty sends a picture in chunks).
    package var sequences: [PreviewImage]

    /// Whether it sits on the cells it covers, so that writing them wipes it (Sixel, iTerm2), rather
    /// than above them until deleted (Kitty).
    var onCells: Bool { sequences.contains { $0.draws && $0.kind != .kitty } }
    /// Kitty placements that stay until deleted.
    var kittyPlaced: Bool { sequences.contains { $0.draws && $0.kind == .kitty } }
  }

  package var rows: [[Span]]
  /// Pictures from the preview command, inside the pane.
  package var images: [Image] = []
  /// Where the preview pane's text starts (row, column), when a pane shows.
  package var previewOrigin: (row: Int, column: Int)?
  /// Caret position (row, column) on the prompt line.
  package var caret: (row: Int, column: Int)
  /// Whether the terminal's cursor shows at the caret (not without the input, `--no-input`).
  package var caretShown = true
  /// The terminal width the rows were made for (0: unknown).
  package var width: Int
  /// Where the items and the preview pane are.
  package var areas: [Area]

  package init(rows: [[Span]], caret: (row: Int, column: Int), width: Int = 0, areas: [Area] = []) {
    self.rows = rows
    self.caret = caret
    self.width = width
    self.areas = areas
  }

  package static func == (a: Frame, b: Frame) -> Bool {
    a.rows == b.rows && a.caret == b.caret && a.caretShown == b.caretShown && a.width == b.width
      && a.areas == b.areas && a.images == b.images
  }

  /// What lies under the cell at `row`, `column` (counted from the frame's top-left corner).
  package func target(row: Int, column: Int) -> Target? {
    guard let area = areas.first(where: { $0.rows.contains(row) && $0.columns.contains(column) }) else {
      return nil
    }
    switch area.kind {
    case .item(let position, let markerColumns):
      return .item(position: position, marker: column - area.columns.lowerBound < markerColumns)
    case .preview: return .preview
    case .header(let line): return .header(line: line, column: column - area.columns.lowerBound + 1)
    case .footer(let line): return .footer(line: line, column: column - area.columns.lowerBound + 1)
    }
  }

  /// The columns row `i` covers.
  package func columns(ofRow i: Int) -> Int {
    rows[i].reduce(0) { $0 + DisplayWidth.of($1.text) }
  }

  /// The rows as plain text, for tests and snapshots.
  package var text: [String] { rows.map { $0.map(\.text).joined() } }
}
