import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// fzf's sections (list, input, header, header lines, footer), each in a frame of its own, placed
/// as fzf places them.
@Suite struct SectionTests {
  /// The rows of the picker for `lines` under fzf's defaults and `arguments`, blanks at the end of
  /// each left out.
  func screen(_ lines: [String], _ arguments: [String], rows: Int = 12, columns: Int = 16) -> [String] {
    let h = Harness(lines, arguments, rows: rows, columns: columns, profile: .fzf)
    return Renderer().render(h.state).text.map { $0.trimmingSuffix() }
  }

  func parse(_ words: [String]) throws(OptionError) -> Options {
    try OptionParser.parse(words.map { Array($0.utf8) }, profile: .fzf)
  }

  @Test func listAndInputInFramesOfTheirOwn() {
    let rows = screen(
      ["1", "2", "3"], ["--list-border", "double", "--input-border", "bold", "--input-label", "IN"], rows: 12)
    // The input's frame faces the list: fzf's default separator is left out.
    #expect(
      rows == [
        "╔══════════════╗", "║              ║", "║              ║", "║              ║", "║ ▌ 3          ║",
        "║ ▌ 2          ║", "║ ▌ 1          ║", "╚══════════════╝", "┏━━━━━━IN━━━━━━┓", "┃   3/3        ┃",
        "┃ >            ┃", "┗━━━━━━━━━━━━━━┛",
      ])
  }

  /// Top to bottom, for each layout: fzf's order of footer, list, header lines, header and input.
  @Test(arguments: [
    (
      "default",
      [
        "╭──────────────╮", "│   F          │", "╰──────────────╯", "╭──────────────╮", "│              │",
        "│ ▌ b          │", "│ ▌ a          │", "╰──────────────╯", "╭──────────────╮", "│   L          │",
        "│   H          │", "╰──────────────╯", "╭──────────────╮", "│   2/2        │", "│ >            │",
        "╰──────────────╯",
      ]
    ),
    (
      "reverse",
      [
        "╭──────────────╮", "│ >            │", "│   2/2        │", "╰──────────────╯", "╭──────────────╮",
        "│   H          │", "│   L          │", "╰──────────────╯", "╭──────────────╮", "│ ▌ a          │",
        "│ ▌ b          │", "│              │", "╰──────────────╯", "╭──────────────╮", "│   F          │",
        "╰──────────────╯",
      ]
    ),
    (
      "reverse-list",
      [
        "╭──────────────╮", "│   F          │", "╰──────────────╯", "    L", "╭──────────────╮",
        "│ ▌ a          │", "│ ▌ b          │", "│              │", "╰──────────────╯", "╭──────────────╮",
        "│   H          │", "╰──────────────╯", "╭──────────────╮", "│   2/2        │", "│ >            │",
        "╰──────────────╯",
      ]
    ),
  ])
  func sectionsGoWhereFzfPutsThem(layout: String, expected: [String]) {
    let rows = screen(
      ["L", "a", "b"],
      [
        "--layout", layout, "--header-lines", "1", "--header", "H", "--footer", "F", "--style", "full",
        "--info", "default", "--no-separator",
      ], rows: 16)
    #expect(rows == expected)
  }

  @Test func withoutTheInputTypingChangesNothing() {
    let h = Harness(
      ["a", "b"], ["--no-input", "--bind", "ctrl-o:toggle-input"], rows: 4, columns: 16, profile: .fzf)
    #expect(Renderer().render(h.state).text.map { $0.trimmingSuffix() } == ["", "", "▌ b", "▌ a"])
    #expect(!Renderer().render(h.state).caretShown)
    h.type("b")
    #expect(h.query == "")
    h.press(ctrl("o"))
    h.type("b")
    #expect(h.query == "b")
    let frame = Renderer().render(h.state)
    #expect(
      frame.caretShown && frame.text.map { $0.trimmingSuffix() }.suffix(2) == ["  1/2 ─────────", "> b"])
  }

  /// `--min-height N+`: N list rows and the frames around them; `N`: N rows in all.
  @Test(arguments: [("5+", 10), ("5", 5), ("12", 12)])
  func minHeightCountsWhatSurroundsTheList(minimum: String, rows: Int) {
    let h = Harness(
      (1...100).map(String.init), ["--style", "full:sharp", "--height", "1%", "--min-height", minimum],
      rows: 30,
      profile: .fzf)
    #expect(h.state.height == rows)
  }

  /// More header lines than rows: those farthest from the prompt give way, the prompt and info stay.
  @Test func headerLinesGiveWayToThePrompt() {
    let rows = screen((1...100).map(String.init), ["--header-lines", "200"], rows: 8, columns: 20)
    #expect(rows.suffix(3) == ["  1", "  0/0 ─────────────", ">"])
  }

  /// Sections taller than the screen give way from the far side: the prompt always shows.
  @Test func thePromptOutlastsSectionsThatDoNotFit() {
    let h = Harness(
      (1...100).map(String.init), ["--style", "full", "--header", "hi", "--footer", "foot"], rows: 8,
      columns: 16,
      profile: .fzf)
    let frame = Renderer().render(h.state)
    #expect(frame.rows.count == 8)
    #expect(frame.text[frame.caret.row].hasPrefix("│ >"))
    #expect(frame.text.last?.hasPrefix("╰") == true)
  }

  @Test func theFooterHasARuleByDefault() {
    let rows = screen(["a"], ["--footer", "foot", "--footer-label", "FL"], rows: 6)
    #expect(rows[0] == "  foot")
    #expect(rows[1] == "───────FL───────")
  }

  @Test func anInlineHeaderSitsInTheListsFrame() {
    let rows = screen(["a"], ["--list-border", "--header", "H", "--header-border", "inline"], rows: 8)
    #expect(
      rows == [
        "╭──────────────╮", "│              │", "│ ▌ a          │", "├──────────────┤", "│   H          │",
        "╰──────────────╯", "    1/1", "  >",
      ])
  }

  @Test func inlineWithoutAListFrameIsARule() {
    let rows = screen(["a"], ["--header", "H", "--header-border", "inline"], rows: 6)
    #expect(rows.contains { $0.hasPrefix("──") }, "\(rows)")
    #expect(!rows.contains { $0.contains("├") })
  }

  @Test func labelsChangeWithTheirActions() {
    let h = Harness(
      ["a"], ["--list-border", "--bind", "ctrl-l:change-list-label(NEW)"], rows: 6, columns: 16, profile: .fzf
    )
    h.press(.ctrl(UInt8(ascii: "l")))
    #expect(Renderer().render(h.state).text.contains { $0.contains("NEW") })
  }

  @Test func inlineIsRefusedWhereThereIsNoListFrame() {
    for option in ["--border=inline", "--list-border=inline", "--input-border=inline"] {
      #expect(throws: OptionError.self) { try parse([option]) }
    }
    #expect(throws: OptionError.self) {
      try parse(["--header-border=inline", "--header-lines-border=sharp"]).pickerSettings(
        unicode: true, colors: false)
    }
  }

  @Test func stylePresets() throws {
    let full = try parse(["--style", "full:double"])
    #expect(full.picker.look.chrome.list.border == .double && full.picker.look.chrome.input.border == .double)
    #expect(full.picker.look.chrome.info == .inlineRight && full.picker.preview.border == .double)
    let minimal = try parse(["--style", "full", "--style", "minimal"])
    #expect(
      minimal.picker.look.chrome.list.border == nil && minimal.picker.look.chrome.footer.border == .line)
    #expect(throws: OptionError.self) { try parse(["--style", "fancy"]) }
  }

  /// fzf's numbering of header rows for `click-header`: from the top, the header lines and
  /// `--header` as one block.
  @Test(arguments: [
    ("default", ["Zcc": 1, "Xaa": 3, "Aaa": 4, "Bbb": 5]),
    ("reverse", ["Aaa": 1, "Bbb": 2, "Xaa": 3, "Zcc": 5]),
    ("reverse-list", ["Xaa": 1, "Zcc": 3, "Aaa": 4, "Bbb": 5]),
  ])
  func clicksOnTheHeaderSayWhichLineAndWord(layout: String, expected: [String: Int]) {
    let h = Harness(
      ["Xaa", "Ybb", "Zcc", "1", "2"],
      [
        "--layout", layout, "--header", "Aaa\nBbb", "--header-lines", "3", "--bind",
        "click-header:execute-silent:true",
      ], rows: 14, columns: 30, profile: .fzf)
    let frame = Renderer().render(h.state)
    for (word, line) in expected {
      guard let row = frame.text.firstIndex(where: { $0.contains(word) }) else {
        Issue.record("\(word) not drawn: \(frame.text)")
        continue
      }
      let column = frame.text[row].distance(
        from: frame.text[row].startIndex, to: frame.text[row].range(of: word)!.lowerBound)
      let target = frame.target(row: row, column: column + 1)
      #expect(target == .header(line: line, column: 2), "\(word)")
      h.state.handle(
        .mouse(MouseEvent(action: .press(.left), row: row, column: column + 1), target: target, time: 0))
      let work = h.state.takeWork()
      #expect(work.first?.environment["FZF_CLICK_HEADER_LINE"] == String(line))
      #expect(work.first?.environment["FZF_CLICK_HEADER_WORD"] == word)
    }
  }

  @Test func clicksOnTheFooterSayWhichWord() {
    let h = Harness(
      ["a"], ["--footer", "Foo Bar", "--bind", "click-footer:execute-silent:true"], rows: 6, columns: 30,
      profile: .fzf)
    let frame = Renderer().render(h.state)
    let row = frame.text.firstIndex { $0.contains("Bar") }!
    let column = frame.text[row].distance(
      from: frame.text[row].startIndex, to: frame.text[row].range(of: "Bar")!.lowerBound)
    let target = frame.target(row: row, column: column)
    #expect(target == .footer(line: 1, column: 5))
    h.state.handle(
      .mouse(MouseEvent(action: .press(.left), row: row, column: column), target: target, time: 0))
    let environment = h.state.takeWork().first?.environment
    #expect(environment?["FZF_CLICK_FOOTER_WORD"] == "Bar" && environment?["FZF_CLICK_FOOTER_LINE"] == "1")
  }
}

extension String {
  /// The text without its trailing blanks.
  fileprivate func trimmingSuffix() -> String { String(reversed().drop { $0 == " " }.reversed()) }
}
