import Foundation
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct RendererTests {
  func frame(_ h: Harness, unicode: Bool = true) -> Frame { Renderer(unicode: unicode).render(h.state) }

  @Test func reverseLayoutSnapshot() {
    let h = Harness(["alpha", "beta", "gamma"], columns: 20)
    h.press(.down, .tab)
    #expect(frame(h).text == ["> ", "  3/3 (1)", "    alpha", "  ✓ beta", "▌   gamma           "])
    #expect(frame(h).caret == (0, 2))
  }

  @Test func defaultLayoutSnapshot() {
    let h = Harness(["alpha", "beta"], ["--layout", "default", "--prompt", "q> "], columns: 20)
    h.type("a")
    #expect(frame(h).text == ["    beta", "▌   alpha           ", "  2/2", "q> a"])
    #expect(frame(h).caret == (3, 4))
  }

  @Test func maxAndMessageOnTheInfoLine() {
    let h = Harness(["a", "b"], ["--max", "1"], columns: 40)
    h.press(.tab, .tab)
    #expect(frame(h).text[1] == "  2/2 (1/1)  at most 1 can be marked")
  }

  @Test func headerAndHeaderLines() {
    let h = Harness(["NAME", "a"], ["--header-lines", "1", "--header", "pick one"], columns: 20)
    // Aligned with the items' text, after the pointer and marker columns.
    #expect(frame(h).text == ["> ", "  1/1", "    pick one", "    NAME", "▌   a               "])
  }

  /// As fzf 0.74 places them: the input's header lines next to the list (in its direction),
  /// `--header` by the prompt, or past it with `--header-first`.
  @Test(arguments: [
    (["--layout", "default"], ["    b", "▌   a", "    H2", "    H1", "    X", "    Y", "  2/2", ">"]),
    (
      ["--layout", "default", "--header-first"],
      ["    b", "▌   a", "    H2", "    H1", "  2/2", ">", "    X", "    Y"]
    ),
    (["--layout", "reverse"], [">", "  2/2", "    X", "    Y", "    H1", "    H2", "▌   a", "    b"]),
    (
      ["--layout", "reverse", "--header-first"],
      ["    X", "    Y", ">", "  2/2", "    H1", "    H2", "▌   a", "    b"]
    ),
    (
      ["--layout", "reverse-list"],
      ["    H1", "    H2", "▌   a", "    b", "", "    X", "    Y", "  2/2", ">"]
    ),
  ])
  func headersBesideTheListAndThePrompt(options: [String], expected: [String]) {
    let h = Harness(
      ["H1", "H2", "a", "b"], options + ["--header-lines", "2", "--header", "X\nY"], columns: 12)
    let text = frame(h).text.map {
      $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
    #expect(text.filter { !$0.isEmpty } == expected.filter { !$0.isEmpty })
    if options.contains("reverse-list") { #expect(Array(text.prefix(4)) == Array(expected.prefix(4))) }
  }

  @Test func longLinesAreCutWithAnEllipsis() {
    let h = Harness([String(repeating: "x", count: 30)], columns: 12)
    #expect(frame(h).text[2] == "▌   xxxxxxx…")
  }

  /// Decomposed letters (`e` + U+0301, as macOS writes names) take one column a letter: a line is
  /// cut by its width, with `…`, before a query as after one.
  @Test func decomposedAccentsAreMeasuredByWidth() {
    let fits = String(repeating: "e\u{301}", count: 10) + " end"
    let long = String(repeating: "e\u{301}", count: 30)
    let h = Harness([fits, long], columns: 20)
    let cells = { (row: String) in row.unicodeScalars.filter { $0.value != 0x301 }.count }
    #expect(frame(h).text[2].hasSuffix(" end  "))
    #expect(frame(h).text[3].hasSuffix("…"))
    #expect(cells(frame(h).text[3]) == 20)
    h.type("e")
    #expect(frame(h).text[2].hasSuffix(" end  "))
    #expect(frame(h).text[3].hasSuffix("…"))
    #expect(cells(frame(h).text[3]) == 20)
  }

  @Test func longLinesScrollToShowTheMatch() {
    let h = Harness([String(repeating: "x", count: 30) + "END"], columns: 12)
    h.type("END")
    #expect(frame(h).text[2] == "▌   …xxxxEND")
  }

  @Test func aScrolledMatchKeepsContextAfterIt() {
    // fzf keeps about ten columns after the match; both cut ends are marked.
    let h = Harness(
      [String(repeating: "x", count: 50) + "END" + String(repeating: "y", count: 30)], columns: 40)
    h.type("END")
    let row = frame(h).text[2]
    #expect(row.hasPrefix("▌   …x"))
    #expect(row.hasSuffix("END" + String(repeating: "y", count: 10) + "…"))
    #expect(DisplayWidth.of(row) == 40)
  }

  @Test func wideCharactersTakeTwoColumns() {
    let h = Harness(["日本語テキスト"], columns: 12)
    let row = frame(h).text[2]
    #expect(DisplayWidth.of(row) <= 12)
    #expect(row == "▌   日本語… ")
  }

  @Test(arguments: [0x202E, 0x202A, 0x202D, 0x2066, 0x2069, 0x200E, 0x200F, 0x061C] as [UInt32])
  func bidiControlsAreShownNotObeyed(scalar: UInt32) {
    let line = "gpj" + String(Character(Unicode.Scalar(scalar)!)) + ".exe"
    let h = Harness([line], columns: 40)
    let row = frame(h).text[2]
    #expect(row.contains("<U+" + String(scalar, radix: 16, uppercase: true) + ">"))
    #expect(!row.unicodeScalars.contains { $0.value == scalar })
  }

  @Test func controlBytesBecomeVisiblePlaceholders() {
    let h = Harness(["evil \u{1B}]0;title\u{07} x\ty\r"], columns: 60)
    let row = frame(h).text[2]
    // The tab expands to the next multiple of 8 columns of the line's own text.
    #expect(row.hasPrefix("▌   evil ^[]0;title^G x     y^M"))
    let encoded = Theme(colors: true).encode(frame(h).rows[2])
    let withoutSGR = encoded.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(!withoutSGR.unicodeScalars.contains { $0.value < 0x20 })
  }

  /// In fzf mode control bytes show as nothing, as fzf shows them (forgit parts its fields with
  /// `\x1f\x1e` and shows the first: no `^_^^` after each name); still none reaches the terminal.
  @Test func fzfModeShowsNoControlBytes() {
    let h = Harness(["a\u{01}b\u{1F}\u{1E}c\u{7F}d\u{1B}e\tf"], columns: 40, profile: .fzf)
    let rendered = Renderer().render(h.state)
    let row = rendered.text.first { $0.contains("ab") } ?? ""
    #expect(row.hasPrefix("▌ abcde   f"))
    let encoded = Theme(colors: true).encode(rendered.rows[rendered.text.firstIndex(of: row) ?? 0])
    let withoutSGR = encoded.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(!withoutSGR.unicodeScalars.contains { $0.value < 0x20 })
  }

  /// Colors in `--header` and `--footer` are colors, as in fzf (fzf.vim's `:Buffers` and `:Commits`
  /// color the keys in their headers), and win over the header's own color.
  @Test func headerColorsAreColors() {
    let h = Harness(
      ["a"], ["--header", "press \u{1B}[38;5;224mKEY\u{1B}[m now", "--footer", "f \u{1B}[31mRED\u{1B}[m"],
      columns: 40)
    let rendered = Renderer().render(h.state)
    #expect(rendered.text.contains { $0.contains("press KEY now") })
    #expect(rendered.text.contains { $0.contains("f RED") })
    let row = rendered.rows[rendered.text.firstIndex { $0.contains("press KEY now") }!]
    let encoded = Theme(colors: true).encode(row)
    #expect(encoded.contains("36;38;5;224mKEY"))
  }

  @Test func invalidBytesShowAsReplacementCharacters() {
    var cells = VisibleText([0x61, 0xFF, 0x62]).cells.map(\.text)
    #expect(cells == ["a", "\u{FFFD}", "b"])
    cells = VisibleText("a\u{301}").cells.map(\.text)
    #expect(VisibleText("a\u{301}").width == 1)
  }

  @Test func matchedCharactersAreHighlighted() {
    let h = Harness(["xaxbx"], columns: 20)
    h.type("ab")
    let row = frame(h).rows[2]
    #expect(row.filter { $0.style.contains(.match) }.map(\.text) == ["a", "b"])
  }

  @Test func asciiFallbacks() throws {
    let options = try OptionParser.parse([])
    let config = try options.pickerSettings(unicode: false, colors: false)
    #expect(config.look.marker == "* ")
    #expect(config.look.pointer == "> ")
  }

  @Test func noColorUsesOnlyBoldUnderlineReverse() {
    let theme = Theme(colors: false)
    let all: Frame.Style = [
      .current, .match, .placeholder, .pointer, .marker, .prompt, .info, .header, .message,
    ]
    let attributes = theme.attributes(all).split(separator: ";")
    #expect(Set(attributes).isSubset(of: ["1", "4", "7"]))
    #expect(!Theme(colors: true).attributes(.match).isEmpty)
  }

  @Test func colorDecision() {
    #expect(!TerminalTraits.useColors(.always, environment: ["NO_COLOR": "1"]))
    #expect(TerminalTraits.useColors(.auto, environment: ["TERM": "xterm"]))
    #expect(!TerminalTraits.useColors(.auto, environment: ["TERM": "dumb"]))
    #expect(!TerminalTraits.useColors(.never, environment: [:]))
    #expect(TerminalTraits.isUnicodeLocale(["LANG": "en_US.UTF-8"]))
    #expect(!TerminalTraits.isUnicodeLocale(["LANG": "C"]))
    #expect(!TerminalTraits.isUnicodeLocale(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
  }

  @Test func aNarrowInfoLineKeepsTheMarkedCountFirst() {
    let lines = (0..<1000).map { "line \($0)" }
    let h = Harness(lines, ["--max", "5"], rows: 5, columns: 40)
    h.press(.tab, .tab, .tab)
    #expect(frame(h).text[1] == "  1000/1000 (3/5)")
    // Each narrower width drops the least important part first; the count of marked lines stays.
    for (columns, expected) in [(14, "  1000 (3/5)"), (11, "1000 (3/5)"), (6, "(3/5)")] {
      h.state.handle(.resize(rows: 5, columns: columns))
      #expect(frame(h).text[1] == expected, "\(columns) columns")
    }
  }

  @Test func aSmallTerminalIsUsedWhole() {
    // A percentage height never gives fewer than 10 rows (fzf's --min-height), nor more than there are.
    let h = Harness((0..<100).map(String.init), rows: 5, columns: 10)
    #expect(h.state.height == 5)
    #expect(frame(h).rows.count == 5)
  }

  @Test func theReviewViewCountsWhatItLists() {
    let h = Harness(["apple", "banana", "cherry"])
    h.press(.tab, .tab)
    h.type("ch")
    h.press(ctrl("s"))
    #expect(h.listed == ["apple", "banana"])
    #expect(frame(h).text[1] == "  2/3 (2)  [marked only]")
  }

  @Test func unmarkingEverythingShowsZero() {
    // Enter then prints nothing: the info line says so.
    let h = Harness(["a", "b"])
    #expect(frame(h).text[1] == "  2/2")
    h.press(.tab, .up, .tab)
    #expect(h.state.selection.count == 0)
    #expect(frame(h).text[1] == "  2/2 (0)")
  }

  @Test func spinnerWhileInputStreams() {
    let h = Harness(["a"], stream: true)
    #expect(frame(h).text[1].hasPrefix("⠋ "))
    #expect(frame(h, unicode: false).text[1].hasPrefix("- "))
    h.state.handle(.inputEnded)
    #expect(frame(h).text[1].hasPrefix("  1/1"))
  }
}

@Suite struct ScreenPainterTests {
  func frame(_ rows: [String], caret: (Int, Int) = (0, 0)) -> Frame {
    Frame(rows: rows.map { [Frame.Span(text: $0, style: [])] }, caret: caret)
  }

  @Test func firstPaintGrowsTheRegionAndDrawsEveryRow() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    let out = painter.paint(frame(["> ", "info", "item"], caret: (0, 2)))
    #expect(out.hasPrefix("\u{1B}[?25l"))
    #expect(out.contains("\u{1B}[?2004h"))
    #expect(out.contains("\n\n"))
    // Blank cells at a row's end are left to the erase (`> ` is written `>`).
    #expect(out.contains(">\u{1B}[K") && out.contains("info\u{1B}[K") && out.contains("item\u{1B}[K"))
    #expect(out.hasSuffix("\u{1B}[2C\u{1B}[?25h"))
  }

  /// `--no-clear`: the picture stays and the cursor goes below it; else the region is erased.
  @Test func finishingKeepsThePictureWhenAsked() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(frame(["> ", "info", "item"], caret: (0, 2)))
    let kept = painter.finish(keepingPicture: true)
    #expect(kept.hasPrefix("\u{1B}[2B\r\n") && !kept.contains(ScreenPainter.eraseBelow))
    var other = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = other.paint(frame(["> ", "info", "item"], caret: (0, 2)))
    #expect(other.finish().contains(ScreenPainter.eraseBelow))
  }

  @Test func laterPaintsRewriteOnlyChangedRows() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(frame(["> ", "info", "item"]))
    let out = painter.paint(frame(["> ", "info 2", "item"]))
    #expect(out.contains("info 2"))
    #expect(!out.contains("item"))
    #expect(!out.contains("> "))
    #expect(painter.paint(frame(["> ", "info 2", "item"])) == "\u{1B}[?25l\r\u{1B}[?25h")
  }

  @Test func aFullWidthRowIsNotErasedFromItsLastColumn() {
    // Autowrap is off: after the last column the cursor stays on it, and `CSI K` would erase it.
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    let out = painter.paint(
      Frame(
        rows: [[Frame.Span(text: "12345", style: [])], [Frame.Span(text: "abc", style: [])]], caret: (0, 0),
        width: 5))
    #expect(out.contains("\r\u{1B}[K12345"))
    #expect(!out.contains("12345\u{1B}[K"))
    #expect(out.contains("abc\u{1B}[K"))
  }

  /// After a resize the picture is drawn again where it was: the cursor goes up to its top by
  /// relative moves (what is above it stays) and everything below is erased; never an erase from the
  /// top-left corner.
  @Test func aResizeRedrawsInPlace() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.start()
    _ = painter.anchor(row: 5, column: 1)
    let long = String(repeating: "y", count: 64)
    let rows = [long, long, "> q"].map { [Frame.Span(text: $0, style: [])] }
    _ = painter.paint(Frame(rows: rows, caret: (2, 3), width: 80))
    #expect(painter.top(screenRows: 24) == 4)
    #expect(painter.measure() == "\u{1B}[6n")
    // The lines above re-wrapped on a narrower screen: the cursor is lower now.
    _ = painter.anchor(row: 9, column: 4)
    let out = painter.resized(columns: 80)
    #expect(out == "\u{1B}[2A" + ScreenPainter.eraseBelow)
    #expect(!out.contains("\u{1B}[H") && !out.contains("\u{1B}[2J"))
    #expect(painter.top(screenRows: 24) == 6)
    let again = painter.paint(Frame(rows: rows, caret: (2, 3), width: 40))
    #expect(again.contains(long))
  }

  /// Rows a shorter screen pushed into the scrollback come back when it grows: they are erased then,
  /// the picture starting where its old top was.
  @Test func rowsPulledBackFromTheScrollbackAreErased() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.start()
    _ = painter.anchor(row: 10, column: 1)
    let rows = (0..<6).map { [Frame.Span(text: "row \($0)", style: [])] }
    _ = painter.paint(Frame(rows: rows, caret: (5, 0), width: 40))
    // Shrunk: the cursor (the region's last row) is on the screen's row 2, its top 3 rows above it.
    _ = painter.measure()
    _ = painter.anchor(row: 3, column: 1)
    #expect(painter.resized(columns: 40) == "\u{1B}[2A" + ScreenPainter.eraseBelow)
    _ = painter.paint(Frame(rows: Array(rows.prefix(2)), caret: (1, 0), width: 40))
    // Grown back: the 3 rows return above the region, whose top is now on row 3.
    _ = painter.measure()
    _ = painter.anchor(row: 5, column: 1)
    #expect(painter.resized(columns: 40) == "\u{1B}[4A" + ScreenPainter.eraseBelow)
    #expect(painter.top(screenRows: 24) == 0)
  }

  /// A resize that went on without its position answer (a terminal slower than the wait) does not
  /// take that answer, when it comes late, for where the picture is: it says where the cursor was
  /// before the picture was drawn again; the next resize's answer counts again.
  @Test func aLateAnswerToAResizeIsNoAnchor() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.start()
    _ = painter.anchor(row: 10, column: 1)
    let rows = (0..<3).map { [Frame.Span(text: "row \($0)", style: [])] }
    _ = painter.paint(Frame(rows: rows, caret: (2, 0), width: 40))
    #expect(painter.measure() == "\u{1B}[6n")
    #expect(painter.resized(columns: 40) == "\u{1B}[2A" + ScreenPainter.eraseBelow)
    _ = painter.paint(Frame(rows: rows, caret: (2, 0), width: 40))
    let top = painter.top(screenRows: 24)
    #expect(top == 9)
    #expect(painter.anchor(row: 3, column: 1).isEmpty)
    #expect(!painter.awaitsAnswer)
    #expect(painter.top(screenRows: 24) == top)
    // The next resize is measured as usual.
    _ = painter.measure()
    _ = painter.anchor(row: 6, column: 1)
    #expect(painter.resized(columns: 40) == "\u{1B}[2A" + ScreenPainter.eraseBelow)
    #expect(painter.top(screenRows: 24) == 3)
  }

  /// A cursor not where its line would put it (tmux pushed that line into its scrollback): the
  /// picture starts again from the screen's top, all erased, then and on every later resize.
  @Test func aLostCursorLineStartsAgainFromTheTop() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.start()
    _ = painter.anchor(row: 1, column: 1)
    let rows = ["> q", "row"].map { [Frame.Span(text: $0, style: [])] }
    _ = painter.paint(Frame(rows: rows, caret: (0, 3), width: 40))
    _ = painter.measure()
    _ = painter.anchor(row: 1, column: 1)
    #expect(painter.resized(columns: 30) == "\u{1B}[H" + ScreenPainter.eraseBelow)
    _ = painter.paint(Frame(rows: rows, caret: (0, 3), width: 30))
    _ = painter.measure()
    _ = painter.anchor(row: 5, column: 4)
    #expect(painter.resized(columns: 80) == "\u{1B}[H" + ScreenPainter.eraseBelow)
  }

  @Test func finishErasesTheRegionAndRestoresModes() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(frame(["a", "b", "c"], caret: (0, 0)))
    let out = painter.finish()
    #expect(out.hasPrefix(ScreenPainter.eraseBelow))
    #expect(out.contains("\u{1B}[?25h") && out.contains("\u{1B}[?7h") && out.contains("\u{1B}[?2004l"))
    #expect(painter.finish().isEmpty)
  }

  @Test func fullscreenUsesTheAlternateScreen() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: true)
    #expect(painter.paint(frame(["x"])).contains("\u{1B}[?1049h"))
    #expect(painter.finish().contains("\u{1B}[?1049l"))
  }

  @Test func invalidateRedrawsEverything() {
    var painter = ScreenPainter(theme: Theme(colors: false), fullscreen: false)
    _ = painter.paint(frame(["a", "b"]))
    _ = painter.invalidate(clear: false)
    let out = painter.paint(frame(["a", "b"]))
    #expect(out.contains("a\u{1B}[K") && out.contains("b\u{1B}[K"))
  }
}
