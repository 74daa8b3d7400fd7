import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// fzf mode's sizes: adaptive heights beside a preview and around an empty list, the columns a
/// pane and the list take next to the outer border, and the border a style gives. Screens taken from
/// fzf 0.74.5 side by side.
@Suite struct FzfFitTests {
  /// fzf's default `--min-height 10+` counts a preview pane above the list (ten rows and its frame):
  /// on 30 rows, `--height 30% --preview-window up,60%` gives 24 rows and 8 items, as fzf 0.74
  /// draws it; the pane below or beside the list adds nothing (fzf counts only `up`).
  @Test(arguments: [("up,60%", 24, 8), ("down,60%", 12, 3), ("right,60%", 12, 10)])
  func minimumHeightCountsAPaneAbove(_ window: String, _ height: Int, _ items: Int) {
    let h = Harness(
      (1...100).map(String.init), ["--height", "30%", "--preview", "echo {}", "--preview-window", window],
      rows: 30, columns: 80, profile: .fzf)
    #expect(
      h.state.maxHeight == height && h.state.listRows == items, "\(h.state.maxHeight) \(h.state.listRows)")
  }

  func screen(_ lines: [String], _ arguments: [String], rows: Int = 14, columns: Int = 30) -> [String] {
    let h = Harness(lines, arguments, rows: rows, columns: columns, profile: .fzf)
    return Renderer().render(h.state).text.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
      .filter { !$0.isEmpty }
  }

  /// A long line scrolled to show its match fills the row however many zero-width accents it
  /// holds: the match, `--hscroll-off` characters after it (an accent counts), the cut marks, and
  /// no accent left next to the mark. fzf 0.74.5's rows for these lines.
  @Test func zeroWidthCharactersFillTheRowAroundTheMatch() {
    var lines: [String] = []
    var line = ""
    for i in 1...60 {
      line += "a\u{331}\(i)"
      lines.append(line)
    }
    let rows = screen(lines, ["--query", "a40", "--ellipsis", "XX", "--no-scrollbar"], rows: 8, columns: 40)
    let accented = [
      "XXa̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40a̱41a̱42a̱XX", "XXa̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40a̱41a̱42a̱XX",
      "XXa̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40a̱41a̱42a̱43", "XXa̱31a̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40a̱41a̱42",
      "XXa̱30a̱31a̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40a̱41", "XXa̱29a̱30a̱31a̱32a̱33a̱34a̱35a̱36a̱37a̱38a̱39a̱40",
    ]
    #expect(rows.prefix(6) == accented.map { "▌ " + $0 }[...])
  }

  /// The section colors, as fzf 0.74.5 paints them: an inline header's edge, text row and rule in
  /// `header-bg`, the list's rows (its frame's sides and bottom edge too) in `list-bg`, the input
  /// (no frame of its own) in `list-bg`; each frame in its section's border color.
  @Test func sectionsTakeTheirOwnColors() throws {
    let arguments = [
      "--list-border", "--reverse", "--header", "HEADER", "--header-border=inline",
      "--color=bg:-1,header-border:white,list-border:blue,header-bg:red,list-bg:green",
    ]
    let h = Harness(["1", "2", "3", "4", "5"], arguments, rows: 12, columns: 40, profile: .fzf)
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) }, profile: .fzf)
    let theme = Theme(colors: true, palette: options.picker.look.palette)
    let frame = Renderer().render(h.state)
    /// The backgrounds a row's cells get, the last one set winning, as the terminal shows them.
    func backgrounds(_ row: [Frame.Span]) -> Set<String> {
      Set(
        row.map { span in
          theme.attributes(span.style).split(separator: ";").last { ["41", "42", "49"].contains($0) }
            .map(String.init) ?? "none"
        })
    }
    #expect(frame.rows.count == 12)
    #expect(frame.rows[0...1].allSatisfy { backgrounds($0) == ["42"] })
    #expect(frame.rows[2...4].allSatisfy { backgrounds($0) == ["41"] })
    // The current line's own background (bg+) is on its pointer and text; the rest is the list's.
    #expect(frame.rows[6...11].allSatisfy { backgrounds($0) == ["42"] })
    #expect(theme.attributes(frame.rows[3].first!.style).contains("37"))
    #expect(theme.attributes(frame.rows[11].first!.style).contains("34"))
    // Without section colors a section adds nothing (blank row ends are still left unwritten).
    #expect(Theme(colors: true).attributes([.inList]).isEmpty)
    #expect(Theme(colors: true).attributes([.inHeader, .border]) == Theme(colors: true).attributes(.border))
  }

  /// A pane's share is worked out as fzf works it out, in floating point: 50% of the 116 columns
  /// inside a border is 57 there, not 58 (fzf 0.74.5's columns at widths 80 and 120).
  @Test(arguments: [(80, 40), (120, 61)])
  func aPanesShareIsFzfs(columns: Int, paneColumn: Int) {
    let rows = screen(
      ["1", "2", "3"], ["--border", "--preview", "echo hi", "--preview-window", "right,50%"], rows: 8,
      columns: columns)
    let row = rows.first { $0.contains(" 3") } ?? ""
    let bars = row.enumerated().filter { $0.element == "│" }.map(\.offset)
    #expect(bars == [0, paneColumn, columns - 3, columns - 1])
  }

  /// `--height ~100%` with a pane above: the list fits, the pane takes its share on top.
  @Test func anAdaptiveHeightMakesRoomForAPaneAbove() {
    let rows = screen(
      ["1", "2", "3"],
      [
        "--height", "~100%", "--info", "inline", "--border", "rounded", "--preview", "seq {}",
        "--preview-window", "up,60%",
      ])
    #expect(rows.count == 12)
    #expect(rows[6] == "│ ╰────────────────────────╯ │")
  }

  /// Beside a pane, the height is the list's.
  @Test func anAdaptiveHeightBesideAPaneIsTheLists() {
    let rows = screen(
      ["1", "2", "3"],
      ["--height", "~100%", "--preview", "seq {}", "--preview-window", "left,5,border-right"])
    #expect(rows.count == 5)
  }

  /// An empty list takes no row, and `--border` takes `--style full:STYLE`'s shape.
  @Test func anEmptyListTakesNoRow() {
    let rows = screen(
      ["1"], ["--style", "full:double", "--border", "--height", "~100%", "--header-lines", "1"])
    #expect(
      rows.prefix(3) == [
        "╔════════════════════════════╗", "║ ╔════════════════════════╗ ║", "║ ╚════════════════════════╝ ║",
      ])
  }

  /// `--min-height N+` is worked out as the picker starts: showing the input later shrinks the list.
  @Test func showingTheInputKeepsTheHeight() {
    let h = Harness(
      (1...100).map(String.init),
      [
        "--style", "full:sharp", "--layout", "reverse-list", "--no-input", "--height", "1%", "--min-height",
        "5+",
        "--bind", "a:show-input",
      ], rows: 14, columns: 30, profile: .fzf)
    let before = Renderer().render(h.state).text.filter {
      !String($0.reversed().drop(while: { $0 == " " }).reversed()).isEmpty
    }.count
    h.press(.char(UInt32(UInt8(ascii: "a"))))
    let after = Renderer().render(h.state).text.filter {
      !String($0.reversed().drop(while: { $0 == " " }).reversed()).isEmpty
    }.count
    #expect(before == 7 && after == 7)
  }

  /// A label longer than its border covers the corners, cut with `--ellipsis` (fzf mode's `··`).
  @Test func aLongLabelIsCutWithTheEllipsis() {
    let label = String(repeating: "b", count: 100)
    let rows = screen(["1", "2"], ["--border", "--border-label", label], rows: 6, columns: 20)
    #expect(rows.first == String(repeating: "b", count: 18) + "··")
  }

  /// With the outer border's right side and a pane without one, the list reaches into the blank
  /// column before the border, and the pane's scrollbar takes that column.
  @Test func theListAndPaneReachTheBorder() {
    let h = Harness(
      (1...10).map(String.init),
      ["--scrollbar", "--preview-window", "border-left", "--border", "--preview", "seq 1000"],
      rows: 6, columns: 70, profile: .fzf)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview")
      return
    }
    h.state.handle(
      .previewOutput(generation: generation, bytes: Array((1...1000).map { "\($0)\n" }.joined().utf8)))
    let row = Renderer().render(h.state).text[1]
    #expect(row.hasSuffix(" 1/1000││"))
    #expect(Array(row).firstIndex(of: "│", after: 1) == 36)
  }
}

extension Array where Element == Character {
  fileprivate func firstIndex(of character: Character, after start: Int) -> Int? {
    self[(start + 1)...].firstIndex(of: character)
  }
}
