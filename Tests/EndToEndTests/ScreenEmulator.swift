import MSelectCore

/// A minimal terminal emulator: enough of VT100/xterm to know what a person would see.
///
/// It understands what mselect emits (cursor moves, erase, SGR, alternate screen, private modes) and
/// keeps one character per cell (a wide character takes two); it is for assertions, not for display.
/// It models what real terminals (xterm, tmux) do at the right edge: with autowrap off the cursor
/// stays on the last column after writing it; with autowrap on it waits there ("pending wrap") until
/// the next character; either way `CSI K` then erases from the last column.
struct ScreenEmulator {
  private(set) var rows: Int
  private(set) var columns: Int
  private var main: [[Character]]
  private var alternate: [[Character]]?
  private(set) var row = 0
  private(set) var column = 0
  /// Where the cursor is.
  var cursor: (row: Int, column: Int) { (row, column) }
  private var pending: [UInt8] = []
  /// Lines that left the main screen: scrolled off its top, or copied there when the whole screen was
  /// erased from its top-left corner (as tmux does with its default `scroll-on-clear`).
  private(set) var history: [String] = []
  /// DCS and APC strings (Sixel and Kitty pictures) as they arrived, and where the cursor was.
  private(set) var pictures: [(row: Int, column: Int, text: String)] = []
  /// The position saved by `ESC 7`.
  private var saved: (row: Int, column: Int)?
  /// Private modes currently set (e.g. 25 cursor visible, 2004 bracketed paste, 1049 alternate screen).
  private(set) var modes: Set<Int> = [25, 7]
  /// Answers the terminal owes the program (cursor position reports), taken by `takeReplies()`.
  private var replies: [UInt8] = []
  /// Columns of an East Asian Ambiguous character: 2 for a terminal set to draw them wide (a CJK
  /// locale's, what `--ambidouble` is for).
  var ambiguousColumns = 1
  /// The emulator answers `CSI 6n` (a terminal that never does is the other case worth testing).
  var answersPositionQueries = true
  /// Bytes sent when mouse reporting goes off, before any answer after it: a report the terminal
  /// had sent already (a button's release) and that arrives after the program switched reports off.
  var inFlightAtMouseOff: [UInt8] = []

  init(rows: Int, columns: Int) {
    self.rows = rows
    self.columns = columns
    main = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  /// The visible rows as text, trailing blanks removed.
  var lines: [String] {
    (alternate ?? main).map {
      String($0.filter { $0 != ScreenEmulator.continuation })
        .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
  }

  /// The visible cells, row by row; the second cell of a wide character is `continuation`.
  var cells: [[Character]] { alternate ?? main }

  private static func text(of row: [Character]) -> String {
    String(row.filter { $0 != continuation }).replacingOccurrences(
      of: "\\s+$", with: "", options: .regularExpression)
  }

  /// Fills the second cell of a wide character.
  static let continuation: Character = "\u{0}"

  /// All visible text, one line per row.
  var text: String { lines.joined(separator: "\n") }

  mutating func feed(_ bytes: [UInt8]) {
    pending += bytes
    var i = 0
    while i < pending.count {
      let b = pending[i]
      if b == 0x1B {
        guard let length = escape(at: i) else { break }
        i += length
        continue
      }
      switch b {
      case 0x0D: column = 0
      case 0x0A: lineFeed()
      case 0x08: column = max(0, column - 1)
      case 0x07: break
      case 0x00..<0x20: break
      default:
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
        guard i + length <= pending.count else {
          pending.removeFirst(i)
          return
        }
        let text = String(decoding: pending[i..<(i + length)], as: UTF8.self)
        put(Character(text))
        i += length
        continue
      }
      i += 1
    }
    pending.removeFirst(i)
  }

  private mutating func put(_ c: Character) {
    let width = max(
      1, c.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1.value, ambiguous: ambiguousColumns) })
    if column + width > columns {
      if modes.contains(7) {
        column = 0
        lineFeed()
      } else {
        // Autowrap off: the character overwrites the last column(s).
        column = max(0, columns - width)
      }
    }
    set(c, at: column)
    if width == 2 && column + 1 < columns { set(ScreenEmulator.continuation, at: column + 1) }
    column += width
    // Autowrap off: the cursor stays on the last column. On: `column == columns` is the pending wrap.
    if column >= columns && !modes.contains(7) { column = columns - 1 }
  }

  private mutating func set(_ c: Character, at column: Int) {
    if alternate != nil {
      alternate![row][column] = c
    } else {
      main[row][column] = c
    }
  }

  private mutating func lineFeed() {
    if row < rows - 1 {
      row += 1
      return
    }
    if alternate != nil {
      alternate!.removeFirst()
      alternate!.append(Array(repeating: " ", count: columns))
    } else {
      history.append(ScreenEmulator.text(of: main[0]))
      main.removeFirst()
      main.append(Array(repeating: " ", count: columns))
    }
  }

  /// Handles an escape sequence at `i`; returns its length, or nil if incomplete.
  private mutating func escape(at i: Int) -> Int? {
    guard i + 1 < pending.count else { return nil }
    let kind = pending[i + 1]
    if kind == 0x5B {
      var j = i + 2
      while j < pending.count && (0x20...0x3F).contains(pending[j]) { j += 1 }
      guard j < pending.count else { return nil }
      let params = String(decoding: pending[(i + 2)..<j], as: UTF8.self)
      csi(params, pending[j])
      return j - i + 1
    }
    if kind == 0x5D {
      // OSC: up to BEL or ST. mselect never sends one; a test fails if a line smuggles one through.
      var j = i + 2
      while j < pending.count && pending[j] != 0x07 { j += 1 }
      return j < pending.count ? j - i + 1 : nil
    }
    if kind == 0x50 || kind == 0x5F {
      // DCS or APC: up to ST.
      var j = i + 2
      while j + 1 < pending.count && !(pending[j] == 0x1B && pending[j + 1] == 0x5C) { j += 1 }
      guard j + 1 < pending.count else { return nil }
      pictures.append((row, column, String(decoding: pending[i...(j + 1)], as: UTF8.self)))
      return j - i + 2
    }
    if kind == 0x37 { saved = (row, column) }
    if kind == 0x38, let saved { (row, column) = saved }
    return 2
  }

  private mutating func csi(_ params: String, _ final: UInt8) {
    let isPrivate = params.hasPrefix("?")
    let numbers = params.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    let n = max(1, (numbers.first ?? nil) ?? 1)
    switch final {
    case UInt8(ascii: "A"): row = max(0, row - n)
    case UInt8(ascii: "B"): row = min(rows - 1, row + n)
    case UInt8(ascii: "C"): column = min(columns - 1, column + n)
    case UInt8(ascii: "D"): column = max(0, column - n)
    case UInt8(ascii: "G"): column = min(columns - 1, max(0, n - 1))
    case UInt8(ascii: "H"):
      row = min(rows - 1, max(1, (numbers.first ?? nil) ?? 1) - 1)
      column = min(columns - 1, max(1, (numbers.count > 1 ? numbers[1] : nil) ?? 1) - 1)
    // From a pending wrap, the cursor is on the last column.
    case UInt8(ascii: "K"):
      switch (numbers.first ?? nil) ?? 0 {
      case 2: erase(row: row, from: 0, to: columns)
      case 1: erase(row: row, from: 0, to: min(column + 1, columns))
      default: erase(row: row, from: min(column, columns - 1), to: columns)
      }
    case UInt8(ascii: "J"):
      if (numbers.first ?? nil) == 2 {
        for r in 0..<rows { erase(row: r, from: 0, to: columns) }
      } else {
        if row == 0 && column == 0 && alternate == nil {
          history += main.map(ScreenEmulator.text(of:)).filter { !$0.isEmpty }
        }
        erase(row: row, from: min(column, columns - 1), to: columns)
        for r in (row + 1)..<rows { erase(row: r, from: 0, to: columns) }
      }
    case UInt8(ascii: "n") where (numbers.first ?? nil) == 6 && answersPositionQueries:
      replies += Array("\u{1B}[\(row + 1);\(column + 1)R".utf8)
    case UInt8(ascii: "h") where isPrivate:
      for case let mode? in numbers {
        modes.insert(mode)
        if mode == 1049 { alternate = Array(repeating: Array(repeating: " ", count: columns), count: rows) }
      }
    case UInt8(ascii: "l") where isPrivate:
      for case let mode? in numbers {
        modes.remove(mode)
        if mode == 1049 { alternate = nil }
        if mode == 1000 {
          replies += inFlightAtMouseOff
          inFlightAtMouseOff = []
        }
      }
    default: break
    }
  }

  /// The answers owed so far (the caller writes them back to the program).
  mutating func takeReplies() -> [UInt8] {
    defer { replies = [] }
    return replies
  }

  private mutating func erase(row r: Int, from: Int, to: Int) {
    guard from < to else { return }
    for c in from..<to {
      if alternate != nil { alternate![r][c] = " " } else { main[r][c] = " " }
    }
  }
}
