import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// `gum choose` / `gum filter` option lines work: their selection options mean what they mean in
/// gum, their look-only ones are accepted.
@Suite struct GumHabitsTests {
  func parse(_ words: [String]) throws(OptionError) -> Options {
    try OptionParser.parse(words.map { Array($0.utf8) })
  }

  @Test func limitsAndSelections() throws {
    #expect(try parse(["--limit", "2"]).max == 2)
    #expect(try parse(["--limit", "2", "--no-limit"]).max == nil)
    let o = try parse(["--selected", "a,b c", "--selected=d"])
    #expect(o.selected == [Array("a".utf8), Array("b c".utf8), Array("d".utf8)])
    #expect(!o.selectAll)
    #expect(try parse(["--selected", "*"]).selectAll)
    #expect(try parse(["--ordered"]).order == .selection)
    #expect(try parse(["--select-if-one"]).select1)
    #expect(throws: OptionError.self) { try parse(["--limit", "0"]) }
  }

  @Test func severalWordsAreTheLines() throws {
    #expect(try parse(["a", "b c"]).choices == [Array("a".utf8), Array("b c".utf8)])
    #expect(try parse(["a", "b"]).file == nil)
    #expect(try parse(["a"]).file == "a" && parse(["a"]).choices.isEmpty)
    #expect(
      try parse(["--", "-x", "y", "-q", "z"]).choices == [
        Array("-x".utf8), Array("y".utf8), Array("-q".utf8), Array("z".utf8),
      ])
    #expect(try parse(["one", "-q", "x", "two"]).choices == [Array("one".utf8), Array("two".utf8)])
  }

  @Test func filterOptions() throws {
    #expect(try parse(["--value", "ab"]).query == Array("ab".utf8))
    #expect(try parse(["--placeholder", "Search"]).picker.look.ghost == "Search")
    #expect(try parse(["--ghost", "Type"]).picker.look.ghost == "Type")
    #expect(try parse(["--no-fuzzy"]).match.exact)
    #expect(try parse(["--no-fuzzy-sort"]).rank.sort == false)
    #expect(try parse(["--no-strict"]).bindings == ["enter:accept-or-print-query"])
    #expect(try parse(["--indicator", "→"]).pointer == "→")
  }

  @Test func prefixesAndCursor() throws {
    let o = try parse(["--cursor", "> ", "--selected-prefix", "[x] ", "--unselected-prefix", "[ ] "])
    #expect(o.pointer == "> " && o.marker == "[x] " && o.picker.look.unmarked == "[ ] ")
  }

  /// Style and help options change nothing, and take a value exactly when gum's do.
  @Test func lookOnlyOptionsAreAccepted() throws {
    let o = try parse([
      "--cursor.foreground", "212", "--header.bold", "--selected.background=1", "--show-help=false",
      "--no-show-help", "--width", "40", "--cursor-prefix", "• ", "--strip-ansi", "--strict", "FILE",
    ])
    #expect(o.file == "FILE")
    #expect(throws: OptionError.unknownOption("--cursor.")) { try parse(["--cursor."]) }
    #expect(throws: OptionError.unknownOption("--a.b.c")) { try parse(["--a.b.c"]) }
  }

  @Test(arguments: [
    ("30s", 30_000), ("1m30s", 90_000), ("500ms", 500), ("1.5h", 5_400_000), ("2", 2_000), ("0", 0),
    ("0s", 0), ("1us", 1),
  ])
  func durations(text: String, milliseconds: Int) {
    #expect(OptionParser.duration(text) == milliseconds)
  }

  @Test(arguments: ["", "s", "5x", "1m-2s", "-1s", "h1", "inf", "nan", "1e400", "1e9h", "99999999999", "٣s"])
  func badDurations(text: String) {
    #expect(OptionParser.duration(text) == nil)
  }

  @Test func timeoutZeroMeansNone() throws {
    #expect(try parse(["--timeout", "2s"]).picker.behaviour.timeout == 2000)
    #expect(try parse(["--timeout", "0s"]).picker.behaviour.timeout == nil)
    #expect(throws: OptionError.self) { try parse(["--timeout", "soon"]) }
  }

  /// `LABEL:VALUE` lines: the label is shown and searched, the value printed, and `--selected`
  /// names labels.
  @Test func labelDelimiterShowsLabelsAndPrintsValues() throws {
    let lines = ["Apple:apple-id:x", "Banana:ban", "Cherry"]
    let h = Harness(lines, ["--label-delimiter", ":", "--selected", "Banana,Cherry"])
    #expect(h.state.selection.count == 2)
    h.type("app")
    #expect(h.listed == ["Apple:apple-id:x"])
    let text = Renderer().render(h.state).text
    #expect(text.contains { $0.hasPrefix("▌   Apple") && !$0.contains(":") })
    let options = try parse(["--label-delimiter", ":"])
    let formatted = options.outputSettings
    let out = OutputFormatter(formatted).format([0, 1], store: store(lines), query: [], key: nil)
    #expect(String(decoding: out, as: UTF8.self) == "apple-id:x\nban\n")
  }

  @Test func labelsArePreselectedInBatchToo() throws {
    let options = try parse(["--label-delimiter", "::", "--selected", "B"])
    let lines = store(["A::1", "B::2", "B", "xB::3"])
    let outcome = Preselection.apply(
      options.preselectionSettings(), limit: nil, store: lines, search: options.searchSettings)
    #expect(outcome.selection.lines(.input) == [1, 2])
  }

  /// Picking one (`--limit 1`), gum's `--selected` puts the cursor on the line instead of marking
  /// it; with a higher limit it marks.
  @Test func selectedWithLimitOneStartsTheCursorThere() {
    let h = Harness(["a", "b", "c"], ["--limit", "1", "--selected", "b"])
    #expect(h.current == "b")
    #expect(h.state.selection.count == 0)
    h.press(enter)
    #expect(h.accepted() == ["b"])
    let labels = Harness(["A:1", "B:2"], ["--limit", "1", "--label-delimiter", ":", "--selected", "B"])
    #expect(labels.current == "B:2")
    let marked = Harness(["a", "b", "c"], ["--limit", "2", "--selected", "b"])
    #expect(marked.current == "a")
    #expect(marked.state.selection.count == 1)
  }

  /// A line streamed in later is still found, and moving the cursor lets it go.
  @Test func theCursorGoesToASelectedLineThatComesLater() {
    let h = Harness(["a", "b"], ["--limit", "1", "--selected", "z"], stream: true)
    #expect(h.current == "a")
    h.add(["y", "z"])
    #expect(h.current == "z")
    h.press(.up)
    #expect(h.current == "y")
    h.add(["w"])
    #expect(h.current == "y")
  }

  @Test func unselectedPrefixFillsTheMarkerColumn() {
    let h = Harness(["one", "two"], ["--unselected-prefix", "[ ] ", "--marker", "✓"])
    h.press(tab)  // marks `one`, moves to `two`
    let text = Renderer().render(h.state).text
    #expect(text[2].hasPrefix("  ✓   one"))
    #expect(text[3].hasPrefix("▌ [ ] two"))
  }

  @Test func ghostTextShowsOnlyInAnEmptyQuery() {
    let h = Harness(["one"], ["--placeholder", "Search…"])
    let frame = Renderer().render(h.state)
    #expect(frame.text[0].hasPrefix("> Search…"))
    #expect(frame.rows[0].contains { $0.text == "Search…" && $0.style.contains(.ghost) })
    h.type("o")
    #expect(Renderer().render(h.state).text[0].trimmingSuffix() == "> o")
  }

  /// fzf's `change-ghost` and `transform-ghost` set the text (they did nothing while it was not drawn).
  @Test func changeGhostSetsTheText() {
    let h = Harness(["one"], ["--ghost", "a", "--bind", "ctrl-g:change-ghost(Type to search)"])
    h.press(ctrl("g"))
    #expect(Renderer().render(h.state).text[0].hasPrefix("> Type to search"))
  }

  @Test func gumPaddingIsSpaceSeparated() {
    #expect(Chrome.Spacing("1 2") == Chrome.Spacing("1,2"))
    #expect(Chrome.Spacing("0  1 2 3") == Chrome.Spacing("0,1,2,3"))
    #expect(Chrome.Spacing("1 x") == nil)
  }
}

extension String {
  /// The text without trailing blanks.
  fileprivate func trimmingSuffix() -> String { String(reversed().drop { $0 == " " }.reversed()) }
}
