import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// `--wrap` (fzf 0.54): a line too long for its row goes on over the next rows, each starting with
/// the wrap sign; `--wrap-word` breaks at spaces; `toggle-wrap` and `toggle-wrap-word` turn it.
@Suite struct ListWrapTests {
  static let long = (0..<12).map { "word\($0)" }.joined(separator: " ")

  /// The list's rows as text, trailing blanks cut.
  static func rows(_ h: Harness) -> [String] {
    Renderer().render(h.state).text.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  @Test(arguments: [Profile.fzf, .mselect])
  func aLongLineGoesOnOverTheNextRows(profile: Profile) {
    let h = Harness(
      ["short", Self.long], ["--wrap", "--layout", "reverse"], rows: 12, columns: 30, profile: profile)
    let rows = Self.rows(h)
    let signed = rows.filter { $0.contains("↳ ") }
    #expect(signed.count == 2, "\(rows)")
    // Every character of the line is drawn, none cut with an ellipsis.
    let text = rows.joined().replacingOccurrences(of: "↳ ", with: "").filter { !$0.isWhitespace && $0 != "▌" }
    #expect(text.contains(Self.long.filter { !$0.isWhitespace }))
    #expect(!rows.joined().contains("··"))
    // Three rows for the long line, one for the short.
    #expect(h.state.itemHeight(1) == 3 && h.state.itemHeight(0) == 1)
  }

  @Test func wordWrapBreaksAtSpaces() {
    let h = Harness(
      [Self.long], ["--wrap-word", "--layout", "reverse"], rows: 12, columns: 30, profile: .fzf)
    let rows = Self.rows(h).filter { $0.contains("word") }
    #expect(rows.count >= 3)
    for row in rows { #expect(row.hasSuffix("word") == false && row.last?.isNumber == true, "\(rows)") }
  }

  @Test func toggleWrapTurnsItOnAndOff() {
    let h = Harness(
      [Self.long], ["--bind", "ctrl-w:toggle-wrap,ctrl-e:toggle-wrap-word"], rows: 12, columns: 30,
      profile: .fzf)
    #expect(!Self.rows(h).contains { $0.contains("↳") })
    h.press(ctrl("w"))
    #expect(Self.rows(h).contains { $0.contains("↳") })
    h.press(ctrl("w"))
    #expect(!Self.rows(h).contains { $0.contains("↳") })
    h.press(ctrl("e"))
    #expect(h.state.settings.list.wrap && h.state.settings.list.wrapWord)
    h.press(ctrl("e"))
    #expect(!h.state.settings.list.wrap)
  }

  @Test func theWrapSignIsTheOptions() {
    let h = Harness(
      [Self.long], ["--wrap", "--wrap-sign", ">>", "--layout", "reverse"], rows: 12, columns: 30)
    #expect(Self.rows(h).contains { $0.contains(">>word") || $0.contains(">>") })
  }

  /// A click on any row of a wrapped item lands on that item.
  @Test func aClickOnAWrappedRowLandsOnItsItem() {
    let h = Harness(
      ["a", Self.long, "b"], ["--wrap", "--layout", "reverse"], rows: 12, columns: 30, profile: .fzf)
    let frame = Renderer().render(h.state)
    let signed = frame.text.indices.filter { frame.text[$0].contains("↳") }
    #expect(!signed.isEmpty)
    for row in signed { #expect(frame.target(row: row, column: 10) == .item(position: 1, marker: false)) }
  }

  /// Moving down a list of wrapped items keeps the cursor's item on screen and the rows full.
  @Test func movingThroughWrappedItemsKeepsTheCursorsItemShown() {
    let lines = (0..<30).map { $0 % 3 == 0 ? "\($0) " + Self.long : "\($0)" }
    let h = Harness(lines, ["--wrap"], rows: 12, columns: 30, profile: .fzf)
    for step in 0..<29 {
      h.press(.up)
      let shown = Self.rows(h).joined(separator: "\n")
      #expect(shown.contains("▌ \(step + 1)") || shown.contains("\(step + 1) word0"), "\(step + 1): \(shown)")
    }
  }
}

/// fzf draws its gutter on `--gap`'s rows too.
@Suite struct GapGutterTests {
  @Test func gapRowsShowTheGutterInFzfMode() {
    let h = Harness(
      ["a", "b", "c"], ["--gap", "2", "--layout", "reverse"], rows: 14, columns: 20, profile: .fzf)
    let rows = Renderer().render(h.state).text
    let gapRows = rows.filter { $0.contains("┈") }
    #expect(!gapRows.isEmpty && gapRows.allSatisfy { $0.hasPrefix("▌") }, "\(rows)")
    #expect(rows.contains { $0.hasPrefix("▌") && $0.dropFirst().allSatisfy { $0 == " " } }, "\(rows)")
  }
}

/// fzf 0.68's default keys: ctrl-/ and alt-/ turn word wrap on and off; mselect's ctrl-/ stays the
/// preview's.
@Suite struct WrapKeysTests {
  @Test func fzfModesSlashKeysToggleWordWrap() throws {
    let h = Harness(["a"], [], profile: .fzf)
    let slash = try #require(Key(name: "ctrl-/"))
    h.press(slash)
    #expect(h.state.settings.list.wrap && h.state.settings.list.wrapWord)
    h.press(.alt(UInt32(UInt8(ascii: "/"))))
    #expect(!h.state.settings.list.wrap)
    let mselect = Harness(["a"], [])
    mselect.press(slash)
    #expect(!mselect.state.settings.list.wrap)
  }
}
