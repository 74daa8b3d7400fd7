/// A line made safe and measurable for the terminal: one cell per character, control bytes replaced.
///
/// Lines are shown, never sent raw: ESC, BEL, CR and other control characters become visible
/// placeholders (`^[`, `^G`, …, `␊` for a line break) so a line cannot move the cursor or retitle the window; bytes that are
/// not UTF-8 show as `�`; bidi controls as `<U+202E>`; tabs expand to the next multiple of 8 columns.
package struct VisibleText: Equatable {
  /// One displayed piece: the text to draw, its width, and the character index it came from.
  package struct Cell: Equatable {
    package var text: String
    package var width: Int
    package var source: Int
    /// A placeholder for something that is not printable as is (drawn dimmed).
    package var isPlaceholder: Bool
  }

  package var cells: [Cell] = []

  /// How control characters show: as `^X` placeholders (mselect's), or not at all (fzf's, which
  /// programs rely on when they part fields with unit separators); either way never sent raw.
  package enum Controls: Sendable { case shown, dropped }

  /// Builds the cells of characters `from..<limit` of `bytes` (a huge line is never turned into cells
  /// whole); cells keep their character index in the whole line. `columnsPast`: past `limit`, cells
  /// go on until they cover that many columns after character `limit - 1` (zero-width characters,
  /// such as the accents of decomposed letters, take no room, so a count of characters alone would
  /// stop short of a row's width), with at most 64 characters a column. `rowPerLine`: the text is
  /// drawn a row per line (`--multi-line`), so a tab after a line break stops where it would at the
  /// start of a row.
  package init(
    _ bytes: UnsafeRawBufferPointer, from: Int = 0, limit: Int = .max, columnsPast: Int = 0, tabstop: Int = 8,
    controls: Controls = .shown, rowPerLine: Bool = false
  ) {
    let n = bytes.count
    guard n > 0 else { return }
    let p = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var i = 0
    var index = 0
    var column = 0
    while i < n && index < from {
      i += UTF8Decoding.decode(p, i, n).1
      index += 1
    }
    cells.reserveCapacity(min(n - i, 512))
    // The column where character `limit - 1` ends, once reached, and the last character read.
    var columnAtLimit: Int?
    let hardLimit = limit == .max ? .max : limit + 64 * columnsPast
    while i < n && index < hardLimit {
      if index >= limit {
        if columnAtLimit == nil { columnAtLimit = column }
        if column - columnAtLimit! >= columnsPast { break }
      }
      let (c, length) = UTF8Decoding.decode(p, i, n)
      var cell = VisibleText.cell(c, source: index, column: column, tabstop: max(1, tabstop))
      if controls == .dropped && cell.isPlaceholder && (c < 0x20 || c == 0x7F) && c != 0x0A {
        (cell.text, cell.width) = ("", 0)
      }
      cells.append(cell)
      column = rowPerLine && c == 0x0A ? 0 : column + cell.width
      i += length
      index += 1
    }
  }

  package init() {}

  package init(_ bytes: [UInt8], tabstop: Int = 8, controls: Controls = .shown) {
    self = bytes.withUnsafeBytes { VisibleText($0, tabstop: tabstop, controls: controls) }
  }

  package init(_ text: String, tabstop: Int = 8) {
    self = Array(text.utf8).withUnsafeBytes { VisibleText($0, tabstop: tabstop) }
  }

  private static func cell(_ c: UInt32, source: Int, column: Int, tabstop: Int) -> Cell {
    switch c {
    case 0x09:
      let width = tabstop - column % tabstop
      return Cell(
        text: String(repeating: " ", count: width), width: width, source: source, isPlaceholder: false)
    case 0x0A:
      // A line break inside an item (`--read0`, history entries) shows as fzf shows it on one row.
      return Cell(text: "␊", width: 1, source: source, isPlaceholder: true)
    case 0..<0x20:
      return Cell(
        text: "^" + String(UnicodeScalar(UInt8(c + 0x40))), width: 2, source: source, isPlaceholder: true)
    case 0x7F:
      return Cell(text: "^?", width: 2, source: source, isPlaceholder: true)
    case 0x80..<0xA0, 0x2028, 0x2029, 0xD800...0xDFFF:
      return Cell(text: "?", width: 1, source: source, isPlaceholder: true)
    // Bidi marks, embeddings, overrides and isolates would let a line reorder what follows it
    // (`gpj.exe` shown as `exe.jpg`): they are shown, never obeyed.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      let text = "<U+" + String(c, radix: 16, uppercase: true) + ">"
      return Cell(text: text, width: text.count, source: source, isPlaceholder: true)
    case UTF8Decoding.invalidByteBase...:
      return Cell(text: "\u{FFFD}", width: 1, source: source, isPlaceholder: true)
    default:
      let width = DisplayWidth.of(c)
      return Cell(
        text: String(Character(Unicode.Scalar(c)!)), width: width, source: source, isPlaceholder: false)
    }
  }

  /// Total columns.
  package var width: Int { cells.reduce(0) { $0 + $1.width } }
}
