import Testing

@testable import MSelectCore

/// The preview pane as fzf draws it: wrap signs, word wrap, the scroll position, alternative specs,
/// a size of 0, and output that clears the screen.
@Suite struct PreviewWrapTests {
  /// The pane's text rows (frame and list left out) once `output` arrived, for a picker of `rows` ×
  /// `columns` with `arguments`.
  func pane(_ arguments: [String], output: String, rows: Int = 8, columns: Int = 40) -> [String] {
    let h = Harness(["x"], ["--preview", "cat"] + arguments, rows: rows, columns: columns, profile: .fzf)
    guard case .preview(let generation, _, _, _, _) = h.state.takeCommands().last else {
      Issue.record("no preview asked for")
      return []
    }
    h.state.handle(.previewOutput(generation: generation, bytes: Array(output.utf8)))
    h.state.handle(.previewEnded(generation: generation, status: 0))
    guard let layout = h.state.previewLayout else { return [] }
    let text = Renderer().render(h.state).text
    return text.compactMap { row -> String? in
      let cells = Array(row)
      guard cells.count >= layout.outer.columns else { return nil }
      let inner = cells.suffix(layout.outer.columns).dropFirst(2).prefix(layout.inner.columns)
      let line = String(inner)
      return line.allSatisfy { "─╭╮╰╯".contains($0) } ? nil : line
    }.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  @Test func wrappedRowsStartWithTheSign() {
    let rows = pane(["--preview-window", "right,6,wrap,noinfo"], output: "123456789\nab\n")
    #expect(Array(rows.prefix(3)) == ["123456", "↳ 789", "ab"])
  }

  /// fzf's: when the sign fills the row, each character left takes a row showing only the sign.
  @Test func aSignAsWideAsThePaneLeavesNoRoom() {
    let rows = pane(["--preview-window", "right,2,wrap,noinfo"], output: "1000\n5\n")
    #expect(Array(rows.prefix(4)) == ["10", "↳", "↳", "5"])
  }

  @Test func wordWrapBreaksAfterASpace() {
    let rows = pane(["--preview-window", "right,10,wrap-word,noinfo"], output: "1234567890 hello\n")
    #expect(Array(rows.prefix(2)) == ["1234567890", "↳ hello"])
  }

  @Test func theSignCanBeChosen() {
    let rows = pane(
      ["--preview-window", "right,4,wrap,noinfo", "--preview-wrap-sign", "+"], output: "abcdefg\n")
    #expect(Array(rows.prefix(2)) == ["abcd", "+efg"])
  }

  @Test func noinfoHidesTheScrollPosition() {
    let output = (1...50).map { "\($0)\n" }.joined()
    #expect(pane(["--preview-window", "right,10"], output: output).first == "1     1/50")
    #expect(pane(["--preview-window", "right,10,noinfo"], output: output).first == "1")
  }

  /// A line wrapped over more rows than the pane has makes the output scrollable.
  @Test func wrappingPastThePaneShowsThePosition() {
    let rows = pane(
      ["--preview-window", "right,6,wrap"], output: String(repeating: "y", count: 60) + "\n", rows: 6)
    #expect(rows.first?.hasSuffix("1/1") == true)
  }

  @Test func controlCharactersTakeNoRoom() {
    #expect(pane(["--preview-window", "right,20"], output: "a\u{0}b\u{1}c\u{7F}d\n").first == "abcd")
  }

  @Test func clearingTheScreenStartsThePaneAfresh() {
    #expect(pane([], output: "old\n\u{1B}[2Jnew\n").first == "new")
  }

  /// `<N(…)`: the alternative is taken on top of the rest of the spec, shown, below the threshold.
  @Test func alternativesTakeOverBelowTheirThreshold() {
    var spec = PreviewSettings()
    let applied = spec.apply("right,50%,hidden,wrap,<60(up,30%,noinfo)")
    #expect(applied)
    #expect(spec.threshold == 60)
    let other = spec.alternative
    #expect(other?.position == .up && other?.size == .percent(30) && other?.hidden == false)
    #expect(other?.wrap == true && other?.info == false)
    #expect(spec.active { _ in 40 }.position == .up)
    #expect(spec.active { _ in 60 }.position == .right)

    let narrow = Harness(
      ["x"], ["--preview", "cat", "--preview-window", "right,50%,<50(up,40%)"], rows: 20, columns: 60,
      profile: .fzf)
    #expect(narrow.state.previewLayout?.position == .up)
    let wide = Harness(
      ["x"], ["--preview", "cat", "--preview-window", "right,50%,<50(up,40%)"], rows: 20, columns: 120,
      profile: .fzf)
    #expect(wide.state.previewLayout?.position == .right)
  }

  /// `toggle-preview` shows a hidden alternative.
  @Test func aHiddenAlternativeCanBeToggled() {
    let h = Harness(
      ["x"],
      ["--preview", "cat", "--preview-window", "<100000(hidden,up)", "--bind", "space:toggle-preview"],
      profile: .fzf)
    #expect(h.state.previewLayout == nil)
    h.press(.char(32))
    #expect(h.state.previewLayout?.position == .up)
  }

  @Test func wordsFzfDoesNotKnowAreRefused() {
    var spec = PreviewSettings()
    #expect(throws: PreviewSettings.SpecError(token: "border-inline")) { try spec.update("up,border-inline") }
    #expect(PreviewSettings.SpecError(token: "x").message == "invalid preview window option: x")
  }

  /// A size of 0 takes no room, and its command still runs.
  @Test func aPaneOfSizeZeroRunsWithoutRoom() {
    let h = Harness(
      ["a", "b"], ["--preview", "cat {}", "--preview-window", "0"], rows: 8, columns: 30, profile: .fzf)
    #expect(h.state.previewLayout?.outer.columns == 0)
    h.press(.up)
    let runs = h.state.takeCommands().compactMap { command -> String? in
      guard case .preview(_, let text, _, _, _) = command else { return nil }
      return String(decoding: text, as: UTF8.self)
    }
    #expect(runs.last == "cat 'b'")
    #expect(Renderer().render(h.state).text.allSatisfy { !$0.contains("╭") })
  }
}
