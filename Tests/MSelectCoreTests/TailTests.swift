import Testing

@testable import MSelectCore

/// `--tail N` (fzf 0.56): only the last N lines are kept, in `--filter` and in the picker, and the
/// lines before them are let go of as the input streams in.
@Suite struct TailTests {
  @Test(arguments: [("", ["96", "97", "98", "99", "100"]), ("9", ["96", "97", "98", "99"])])
  func theFilterListsTheLastLines(query: String, expected: [String]) {
    var settings = SearchSettings()
    settings.tail = 5
    var rank = RankOptions()
    rank.sort = false
    settings.rank = rank
    let lines = (1...100).map(String.init)
    #expect(Filter.run(query, in: lines, settings: settings).map { lines[$0] } == expected)
  }

  @Test func thePickerKeepsTheLastLinesAsInputStreams() {
    let h = Harness([], ["--tail", "5", "--multi"], stream: true)
    h.add((1...10).map(String.init))
    #expect(h.listed == ["6", "7", "8", "9", "10"])
    // A mark on a line that goes goes with it; one on a line kept stays.
    h.press(.tab)
    #expect(h.state.selection.count == 1)
    h.type("1")
    #expect(h.listed == ["10"])
    h.press(.backspace)
    for n in stride(from: 11, to: 200, by: 10) { h.add((n..<(n + 10)).map(String.init)) }
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.listed == ["196", "197", "198", "199", "200"])
    #expect(h.state.selection.count == 0)
    #expect(h.state.totalCount == 5)
    // The blocks of the lines let go of are freed: memory does not grow with the input.
    #expect(h.state.store.blocks.count <= 2)
    h.type("9")
    #expect(h.listed == ["199", "197", "198", "196"] || h.listed.sorted() == ["196", "197", "198", "199"])
  }

  @Test func headerLinesStayAboveTheLastLines() {
    let h = Harness([], ["--tail", "3", "--header-lines", "2"], stream: true)
    for n in stride(from: 1, to: 100, by: 10) { h.add((n..<(n + 10)).map(String.init)) }
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.listed == ["98", "99", "100"])
    #expect(h.state.headerTexts.contains("1") && h.state.headerTexts.contains("2"))
  }
}
