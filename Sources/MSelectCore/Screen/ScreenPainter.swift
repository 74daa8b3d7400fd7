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
package struct ScreenPainter {
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
  /// A position query asked on a resize is not answered yet: its answer is where the cursor is now.
  private var measuring = false
  /// A resize went on without the answer to its position query: that answer, when it comes, says
  /// where the cursor was before the picture moved, and is no anchor.
  private var staleAnswer = false
  /// The cursor's screen row and column (from 0) after a resize, as the terminal said.
  private var measuredRow: Int?
  private var measuredColumn = 0
  /// A resize took the cursor's own line away (tmux pushes it into its scrollback when the rows
  /// below it re-wrap to more than the screen holds, the cursor left in the top-left corner): from
  /// then on what a resize brings back from the scrollback is not known, and every resize erases
  /// the screen from its top.
  private var lost = false
  /// The width in cells of each row as drawn (a terminal that re-wraps lines on a narrower screen
  /// makes each as many lines as it then needs), and the caret's column.
  private var widths: [Int] = []
  private var caretColumn = 0
  /// The widths of rows of an earlier picture that a smaller screen pushed into the terminal's
  /// scrollback, top first: a taller screen pulls them back just above the region, where they are
  /// erased.
  private var hidden: [Int] = []
  /// The preview's pictures on screen now.
  private var shownImages: [Frame.Image] = []
  /// The terminal is tmux's pane: Kitty's and iTerm2's pictures go through its passthrough.
  package var inTmux = false

  package init(theme: Theme, fullscreen: Bool, mouse: Bool = false) {
    self.theme = theme
    self.fullscreen = fullscreen
    self.mouse = mouse
  }

  /// Bytes that set the terminal up (alternate screen, no wrap, bracketed paste, the mouse).
  package mutating func start() -> String {
    started = true
    drawn = [nil]
    cursorRow = 0
    var out = "\u{1B}[?7l\u{1B}[?2004h"
    if mouse { out += "\u{1B}[?1000h\u{1B}[?1006h" }
    returnColumn = nil
    anchor = nil
    peak = 1
    widths = []
    hidden = []
    lost = false
    staleAnswer = false
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
    if staleAnswer {
      staleAnswer = false
      return ""
    }
    if measuring {
      measuring = false
      measuredRow = row - 1
      measuredColumn = column - 1
      return ""
    }
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
  package mutating func paint(_ frame: Frame) -> String {
    var out = "\u{1B}[?25l"
    if !started { out += start() }
    if beginning {
      // No answer before the first picture: the region starts on the cursor's line.
      beginning = false
      out += "\r"
    }
    out += removeImages(keeping: frame.images)
    let height = frame.rows.count
    if height > drawn.count {
      // Grow the region: new lines at its bottom scroll the terminal if needed.
      out += move(to: drawn.count - 1)
      out += String(repeating: "\n", count: height - drawn.count)
      cursorRow = height - 1
      drawn += Array(repeating: nil, count: height - drawn.count)
      peak = max(peak, height)
    }
    var rewritten = Array(repeating: false, count: height)
    for (i, whole) in frame.rows.enumerated() {
      // Blank cells at the end are left to the erase: never written, a terminal that re-wraps long
      // lines on a narrower screen has fewer to re-wrap.
      let row = theme.trimmingBlankEnd(whole)
      let encoded = theme.encode(row)
      if drawn[i] == encoded { continue }
      let columns = row.reduce(0) { $0 + DisplayWidth.of($1.text) }
      // A row that reaches the last column leaves the cursor on it (autowrap is off): erasing to the
      // end of the line from there would wipe its last character, often the `…` of a cut line.
      let full = frame.width > 0 && columns >= frame.width
      out += move(to: i) + "\r" + (full ? "\u{1B}[K" + encoded : encoded + "\u{1B}[K")
      drawn[i] = encoded
      rewritten[i] = true
      if widths.count < drawn.count { widths += Array(repeating: 0, count: drawn.count - widths.count) }
      widths[i] = columns
    }
    // Rows below a frame that got shorter (after a resize) are cleared.
    for i in height..<drawn.count where drawn[i] != "" {
      out += move(to: i) + "\r\u{1B}[K"
      drawn[i] = ""
      if i < widths.count { widths[i] = 0 }
    }
    out += drawImages(frame.images, rewritten: rewritten)
    caretColumn = frame.caret.column
    out += move(to: frame.caret.row) + "\r"
    if frame.caret.column > 0 { out += "\u{1B}[\(frame.caret.column)C" }
    if frame.caretShown { out += "\u{1B}[?25h" }
    return out
  }

  /// Bytes that take away the pictures shown that `kept` does not hold: the cells under a Sixel or
  /// iTerm2 one are written again (so blank), a Kitty placement is deleted.
  private mutating func removeImages(keeping kept: [Frame.Image]) -> String {
    var out = ""
    for image in shownImages where !kept.contains(image) {
      if image.onCells {
        for row in image.row..<min(image.row + image.rows, drawn.count) { drawn[row] = nil }
      }
      if image.kittyPlaced { out += deleteKitty(image) }
    }
    shownImages = shownImages.filter { kept.contains($0) }
    return out
  }

  /// Bytes that delete a Kitty picture's placements: by its id, else those on its top-left cell
  /// (after a resize, where that cell is not known: all those on screen).
  private mutating func deleteKitty(_ image: Frame.Image, placed: Bool = true) -> String {
    if let id = image.sequences.lazy.compactMap(\.kittyID).first {
      return wrapped("\u{1B}_Ga=d,d=I,i=\(id)\u{1B}\\")
    }
    return placed ? at(image) + wrapped("\u{1B}_Ga=d,d=c\u{1B}\\") : wrapped("\u{1B}_Ga=d,d=a\u{1B}\\")
  }

  /// Bytes that draw the pictures not shown yet, and again those on cells a row rewrote.
  private mutating func drawImages(_ images: [Frame.Image], rewritten: [Bool]) -> String {
    var out = ""
    for image in images {
      let wiped =
        image.onCells
        && (image.row..<(image.row + image.rows)).contains { rewritten.indices.contains($0) && rewritten[$0] }
      guard wiped || !shownImages.contains(image) else { continue }
      // Where the picture starts, the cursor saved around it (it moves below a Sixel picture).
      // Mode 8452 asks for the cursor beside a Sixel picture's last row instead, which spares the
      // screen a scroll when the picture ends on its last row where a terminal honours it (xterm
      // 379 does not: the helper keeps pictures off that row, as fzf's does).
      out += at(image) + "\u{1B}7"
      for sequence in image.sequences {
        let bytes = String(decoding: sequence.output(inTmux: inTmux), as: UTF8.self)
        out += sequence.kind == .sixel ? "\u{1B}[?8452h" + bytes + "\u{1B}[?8452l" : bytes
      }
      out += "\u{1B}8"
      if !shownImages.contains(image) { shownImages.append(image) }
    }
    return out
  }

  /// Moves the cursor to a picture's top-left cell.
  private mutating func at(_ image: Frame.Image) -> String {
    move(to: image.row) + "\r" + (image.column > 0 ? "\u{1B}[\(image.column)C" : "")
  }

  /// `text` in tmux's passthrough when inside tmux.
  private func wrapped(_ text: String) -> String {
    inTmux ? String(decoding: PreviewImage.wrapForTmux(Array(text.utf8)), as: UTF8.self) : text
  }

  /// Bytes that delete the Kitty pictures shown, and forget all pictures (the screen is redrawn);
  /// `placed`: the rows are where they were drawn.
  private mutating func forgetImages(placed: Bool = true) -> String {
    var out = ""
    for image in shownImages where image.kittyPlaced { out += deleteKitty(image, placed: placed) }
    shownImages = []
    return out
  }

  /// A position query to send when the terminal was resized, before `resized()`: its answer says
  /// where the cursor (and so the picture) is now. Nothing when the terminal does not answer them.
  package mutating func measure() -> String {
    guard !fullscreen, answers else { return "" }
    queries += 1
    measuring = true
    staleAnswer = false
    measuredRow = nil
    return "\u{1B}[6n"
  }

  /// Bytes that erase the picture after the terminal was resized to `columns`, so the next paint
  /// draws it anew where it was, what is above it kept (as fzf keeps it). The cursor goes up to the
  /// region's top by relative moves: a terminal keeps the cursor on its line whatever it re-wraps,
  /// and a narrower one that re-wraps long lines (tmux, VTE, kitty) makes each row of the picture
  /// as many lines as its width needs, counted here. Everything below is erased (no leftovers of a
  /// wider or taller picture). With the answer to `measure()`, rows a shorter screen pushed into
  /// the scrollback are remembered, and erased when a taller screen pulls them back above the region.
  package mutating func resized(columns: Int) -> String {
    guard !fullscreen else { return invalidate(clear: true) }
    func lines(_ width: Int) -> Int { max(1, (width + columns - 1) / max(1, columns)) }
    var above = (0..<min(cursorRow, widths.count)).map { widths[$0] }
    var up = above.reduce(0) { $0 + lines($1) } + caretColumn / max(1, columns)
    // The cursor's line is gone when the cursor is in the top-left corner though its column is not 0
    // (a re-wrap may also pull a cursor beyond its line's last cell back to that cell: not a loss).
    if measuredRow == 0, measuredColumn == 0, caretColumn % max(1, columns) != 0 { lost = true }
    if lost {
      // Again from the screen's first row, all below erased.
      anchor = 0
      hidden = []
      measuredRow = nil
      return finishResize("\u{1B}[H")
    }
    if let row = measuredRow {
      if up > row {
        // The region's top is above the screen: its first rows are in the scrollback now.
        var gone = up - row
        while gone > 0, !above.isEmpty {
          let first = above.removeFirst()
          hidden.append(first)
          gone -= lines(first)
        }
        up = row
        anchor = 0
      } else {
        // Rows pulled back from the scrollback, the last pushed first, as far as they fit above.
        var room = row - up
        while let last = hidden.last, lines(last) <= room {
          room -= lines(last)
          up += lines(last)
          hidden.removeLast()
        }
        anchor = row - up
      }
    }
    return finishResize(up > 0 ? "\u{1B}[\(up)A" : "")
  }

  /// Forgets the region after a resize, once `move` took the cursor to its new top; the erasing bytes.
  private mutating func finishResize(_ move: String) -> String {
    let deleted = forgetImages(placed: false)
    staleAnswer = measuring
    measuring = false
    measuredRow = nil
    cursorRow = 0
    drawn = [nil]
    widths = []
    peak = 1
    beginning = false
    return deleted + move + ScreenPainter.eraseBelow
  }

  /// Forgets what is on screen so the next paint redraws every row (ctrl-l, resize, after ctrl-z).
  package mutating func invalidate(clear: Bool) -> String {
    var out = forgetImages()
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
  package mutating func finish(keepingPicture: Bool = false) -> String {
    guard started else { return "" }
    started = false
    var out = forgetImages()
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
