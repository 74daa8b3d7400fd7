/// Turns successive frames into terminal output, rewriting only the rows that changed.
///
/// Inline mode draws in a region that starts on the cursor's line and grows downwards (scrolling the
/// terminal when needed); positions are kept relative to the region's top, so drawing never needs a
/// cursor-position query. `start()` asks one all the same (`CSI 6n`): the answer (`anchor(row:column:)`)
/// says whether the cursor's line already holds text (a shell's command line, `printf 'partial:'`),
/// and then the region starts on the next line and the cursor goes back there at the end; and the
/// mouse's reports are in screen rows. A terminal that never answers leaves the region on the
/// cursor's line and clicks unplaced. Full-screen mode uses the alternate screen. Auto-wrap is off
/// while drawing. Every answer asked for is waited for before the terminal is given back
/// (`awaitsAnswer`, `fence()`), so none arrives at the shell.
public struct ScreenPainter {
  private let theme: Theme
  private let fullscreen: Bool
  /// Encoded rows as last drawn; nil means unknown (must be drawn).
  private var drawn: [String?] = []
  /// Row of the terminal cursor, relative to the region's top.
  private var cursorRow = 0
  private var started = false
  /// Mouse reporting is switched on.
  private let mouse: Bool
  /// The screen row (from 0) of the region's top when it began, once the terminal said it.
  private var anchor: Int?
  /// Cursor position queries not answered yet (only the answer to the last one is the anchor).
  private var queries = 0
  /// The terminal answered a cursor position query: it answers them.
  package private(set) var answers = false
  /// The column (from 0) the cursor was on when the picker began below it, to go back to at the end.
  private var returnColumn: Int?
  /// Nothing was drawn since `start()`: the region may still move below the cursor's line.
  private var beginning = false
  /// The most rows the region has had since it began (growing past the screen's bottom scrolls it up).
  private var peak = 1

  public init(theme: Theme, fullscreen: Bool, mouse: Bool = false) {
    self.theme = theme
    self.fullscreen = fullscreen
    self.mouse = mouse
  }

  /// Bytes that set the terminal up (alternate screen, no wrap, bracketed paste, the mouse).
  public mutating func start() -> String {
    started = true
    drawn = [nil]
    cursorRow = 0
    var out = "\u{1B}[?7l\u{1B}[?2004h"
    if mouse { out += "\u{1B}[?1000h\u{1B}[?1006h" }
    returnColumn = nil
    anchor = nil
    peak = 1
    if fullscreen {
      out += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
    } else {
      // Where is the cursor: on an empty line, or after text to keep?
      queries += 1
      beginning = true
      out += "\u{1B}[6n"
    }
    return out
  }

  /// Whether a cursor position query is not answered yet (its answer must not reach the shell).
  package var awaitsAnswer: Bool { queries > 0 }

  /// A cursor position query asked only to know that everything the terminal sent before its
  /// answer has arrived (mouse reports in flight): the way out waits for its answer.
  package mutating func fence() -> String {
    queries += 1
    return "\u{1B}[6n"
  }

  /// Takes the terminal's answer to a cursor position query (`row`, `column` from 1); returns what
  /// to write: on the first answer before anything was drawn, a line feed when the cursor's line
  /// holds text (the region starts below it).
  package mutating func anchor(row: Int, column: Int) -> String {
    guard queries > 0 else { return "" }
    queries -= 1
    answers = true
    guard queries == 0 else { return "" }
    anchor = row - 1
    guard beginning else { return "" }
    beginning = false
    guard column > 1 else { return "\r" }
    returnColumn = column - 1
    anchor = row
    return "\r\n"
  }

  /// The screen row (from 0) of the picture's first row on a screen of `screenRows` rows; nil when not
  /// known (the terminal did not answer the position query).
  package func top(screenRows: Int) -> Int? {
    if fullscreen { return 0 }
    return anchor.map { max(0, min($0, screenRows - peak)) }
  }

  /// Bytes that draw `frame` over what was drawn before.
  public mutating func paint(_ frame: Frame) -> String {
    var out = "\u{1B}[?25l"
    if !started { out += start() }
    if beginning {
      // No answer before the first picture: the region starts on the cursor's line.
      beginning = false
      out += "\r"
    }
    let height = frame.rows.count
    if height > drawn.count {
      // Grow the region: new lines at its bottom scroll the terminal if needed.
      out += move(to: drawn.count - 1)
      out += String(repeating: "\n", count: height - drawn.count)
      cursorRow = height - 1
      drawn += Array(repeating: nil, count: height - drawn.count)
      peak = max(peak, height)
    }
    for (i, row) in frame.rows.enumerated() {
      let encoded = theme.encode(row)
      if drawn[i] == encoded { continue }
      // A row that reaches the last column leaves the cursor on it (autowrap is off): erasing to the
      // end of the line from there would wipe its last character, often the `…` of a cut line.
      let full = frame.width > 0 && frame.columns(ofRow: i) >= frame.width
      out += move(to: i) + "\r" + (full ? "\u{1B}[K" + encoded : encoded + "\u{1B}[K")
      drawn[i] = encoded
    }
    // Rows below a frame that got shorter (after a resize) are cleared.
    for i in height..<drawn.count where drawn[i] != "" {
      out += move(to: i) + "\r\u{1B}[K"
      drawn[i] = ""
    }
    out += move(to: frame.caret.row) + "\r"
    if frame.caret.column > 0 { out += "\u{1B}[\(frame.caret.column)C" }
    if frame.caretShown { out += "\u{1B}[?25h" }
    return out
  }

  /// Bytes that erase everything after the terminal was resized, so the next paint draws the picture
  /// anew at the top of the screen. A terminal that changes size moves lines between the screen and
  /// its scrollback (tmux re-wraps wide rows and pushes them off the top when narrower, and pulls them
  /// back when taller), and two resizes may come as one signal: where the old rows are is not known
  /// then. So, as fzf does, the picture starts again from the screen's first row, all below erased
  /// (not with `CSI J` from the top-left corner, which tmux would copy into its scrollback).
  package mutating func resized() -> String {
    guard !fullscreen else { return invalidate(clear: true) }
    drawn = [nil]
    cursorRow = 0
    anchor = 0
    peak = 1
    returnColumn = nil
    return "\u{1B}[H" + ScreenPainter.eraseBelow
  }

  /// Forgets what is on screen so the next paint redraws every row (ctrl-l, resize, after ctrl-z).
  package mutating func invalidate(clear: Bool) -> String {
    var out = ""
    if clear {
      out += move(to: 0) + ScreenPainter.eraseBelow
      drawn = [nil]
    } else {
      drawn = drawn.map { _ in nil }
    }
    return out
  }

  /// Bytes that undo every mode the painter sets (for a crash, where nothing else can be done).
  package var resetModes: String {
    (fullscreen ? "\u{1B}[?1049l" : "\r\n") + ScreenPainter.modesOff
  }

  /// Bytes that switch mouse reports off.
  package static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Bytes that switch off every mode `start()` switches on (colors too).
  private static let modesOff = "\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?2004l" + mouseOff

  /// Bytes that erase the picker and put the terminal back as it was (cursor where the region began);
  /// `keepingPicture` (`--no-clear`): the picture stays, the cursor going below it.
  public mutating func finish(keepingPicture: Bool = false) -> String {
    guard started else { return "" }
    started = false
    var out = ""
    if fullscreen {
      out += "\u{1B}[?1049l"
    } else if keepingPicture {
      out += move(to: max(0, drawn.count - 1)) + "\r\n"
    } else {
      out += move(to: 0) + ScreenPainter.eraseBelow
      // Back to the end of the text the region started below.
      if let column = returnColumn { out += "\u{1B}[A\u{1B}[\(column + 1)G" }
    }
    out += ScreenPainter.modesOff
    drawn = []
    cursorRow = 0
    return out
  }

  /// Erases from the cursor's line to the bottom of the screen, the cursor staying put. Not `CSI J`
  /// alone: from the top-left corner that clears the whole screen, which tmux (`scroll-on-clear`)
  /// first copies into its scrollback, leaving an old picture of the picker there. So the cursor's
  /// line is erased on its own and `CSI J` runs from the line below (saved and restored around it).
  static let eraseBelow = "\r\u{1B}7\u{1B}[2K\u{1B}[1B\r\u{1B}[J\u{1B}8"

  private mutating func move(to row: Int) -> String {
    defer { cursorRow = row }
    if row < cursorRow { return "\u{1B}[\(cursorRow - row)A" }
    if row > cursorRow { return "\u{1B}[\(row - cursorRow)B" }
    return ""
  }
}
