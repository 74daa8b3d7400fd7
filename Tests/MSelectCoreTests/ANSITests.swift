import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct ANSITests {
  let red = "\u{1B}[31mred\u{1B}[0m text \u{1B}[1;32mgreen\u{1B}[m"

  @Test func strippingRemovesEscapeSequencesAsFzfDoes() {
    #expect(Array(red.utf8).withUnsafeBytes { ANSI.stripped($0) } == Array("red text green".utf8))
    // What fzf 0.74 `--ansi` prints for the same bytes: other CSI sequences (grep's `ESC [ K`), OSC
    // titles and hyperlinks, charset escapes, shift-out and overstrikes go too.
    let cases = [
      ("a\u{1B}[2Kb\u{1B}]0;t\u{07}", "ab"), ("xa\u{08}ay\u{1B}(Bz\u{0E}w", "xayzw"),
      ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\!", "link!"), ("\u{1B}[?25lé\u{1B}[K", "é"),
      ("grep\u{1B}[m\u{1B}[K:\u{1B}[01;31m\u{1B}[Khit\u{1B}[m\u{1B}[K", "grep:hit"),
    ]
    for (line, printed) in cases {
      #expect(Array(line.utf8).withUnsafeBytes { ANSI.stripped($0) } == Array(printed.utf8))
      #expect(Array(line.utf8).withUnsafeBytes { ANSI.colored($0) }.text == Array(printed.utf8))
    }
    let grep = Array("\u{1B}[01;31m\u{1B}[Khit\u{1B}[m\u{1B}[K x".utf8).withUnsafeBytes { ANSI.colored($0) }
    #expect(grep.colors == ["01;31", "01;31", "01;31", nil, nil])
  }

  @Test func eachCharacterKeepsItsColors() {
    let colored = Array(red.utf8).withUnsafeBytes { ANSI.colored($0) }
    #expect(colored.text == Array("red text green".utf8))
    #expect(colored.colors[0] == "31" && colored.colors[3] == nil && colored.colors[9] == "1;32")
    let wide = Array("\u{1B}[33mé\u{1B}[0mx".utf8).withUnsafeBytes { ANSI.colored($0) }
    #expect(wide.colors == ["33", nil])
  }

  func options(_ words: [String]) -> Options { try! OptionParser.parse(words.map { Array($0.utf8) }) }

  @Test func matchingFieldsAndOutputUseThePlainText() {
    let s = store(["\u{1B}[31mred\u{1B}[0m", "blue", "\u{1B}[34mb\u{1B}[0mlue sky"])
    let o = options(["--ansi"])
    #expect(Filter.run(Array("^red$".utf8), in: .lines(s), settings: o.searchSettings).lines == [0])
    #expect(
      Filter.run(Array("'blue".utf8), in: .lines(s), settings: o.searchSettings).lines.sorted() == [1, 2])
    #expect(OutputFormatter(o.outputSettings).format([0], store: s, query: []) == Array("red\n".utf8))
    // Without --ansi the sequences are text: `m` matches, and the line comes back as it was.
    let raw = options([])
    #expect(Filter.run(Array("^red".utf8), in: .lines(s), settings: raw.searchSettings).lines.isEmpty)
    #expect(
      OutputFormatter(raw.outputSettings).format([0], store: s, query: [])
        == Array("\u{1B}[31mred\u{1B}[0m\n".utf8))
    let fields = options(["--ansi", "--nth", "2"])
    #expect(Filter.run(Array("sky".utf8), in: .lines(s), settings: fields.searchSettings).lines == [2])
  }

  @Test func preselectionComparesWhatIsPrinted() {
    let s = store(["\u{1B}[31mred\u{1B}[0m", "blue"])
    let o = options(["--ansi", "--preselect", "red"])
    let outcome = Preselection.apply(o.preselectionSettings(), limit: nil, store: s, search: o.searchSettings)
    #expect(outcome.selection.lines(.input) == [0])
  }

  @Test func thePickerDrawsTheColorsUnderItsOwn() {
    let h = Harness(["\u{1B}[31mred\u{1B}[0m", "\u{1B}[32mgreen\u{1B}[0m"], ["--ansi"])
    let frame = Renderer().render(h.state)
    #expect(frame.text[2].hasPrefix("▌   red"))
    #expect(frame.rows[3].contains { $0.text.hasPrefix("green") && $0.colors == "32" })
    let theme = Theme(colors: true)
    #expect(theme.encode(frame.rows[3]).contains("\u{1B}[32mgreen"))
    // The current line's background still wins over the input's.
    #expect(theme.encode(frame.rows[2]).contains("31;1;48;5;236"))
    #expect(!Theme(colors: false).encode(frame.rows[3]).contains("32"))
  }
}
