import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

@Suite struct ScriptedTests {
  func options(_ words: [String]) -> Options {
    try! OptionParser.parse(words.map { Array($0.utf8) })
  }

  func batch(_ words: [String], _ lines: [String], fileLines: [String] = []) -> Scripted.Decision {
    let o = options(["--batch"] + words)
    let s = store(lines)
    let pre = Preselection.apply(
      o.preselectionSettings(fileLines: fileLines.map { Array($0.utf8) }), limit: o.max, store: s,
      search: o.searchSettings)
    return Scripted.batch(o.scriptedSettings, s, pre.selection)
  }

  @Test func batchPrintsPreselectionInInputOrder() {
    #expect(batch(["--preselect", "c", "--preselect", "a"], ["a", "b", "c"]) == .print([0, 2]))
    // Preselected lines count as marked in input order.
    #expect(
      batch(["--preselect", "c", "--preselect", "a", "--order", "selection"], ["a", "b", "c"])
        == .print([0, 2]))
  }

  @Test func batchPreselectionIgnoresTheQuery() {
    #expect(batch(["-q", "zzz", "--preselect", "b"], ["a", "b"]) == .print([1]))
  }

  @Test func batchWithoutPreselectionPrintsTheBestMatch() {
    #expect(batch(["-q", "b"], ["abc", "b", "c"]) == .print([1]))
    #expect(batch([], ["x", "y"]) == .print([0]))
    #expect(batch(["-q", "q"], ["x", "y"]) == .nothing(nil))
    #expect(batch([], []) == .nothing(nil))
  }

  @Test func preselectionSourcesUnite() {
    let lines = ["apple", "banana", "cherry", "date"]
    #expect(
      batch(["--preselect", "date", "--preselect-match", "^b"], lines, fileLines: ["apple"])
        == .print([0, 1, 3]))
    #expect(batch(["--select-all"], lines) == .print([0, 1, 2, 3]))
    // No line equals "app": the preselected set is empty, and that is the result (not some other line).
    #expect(batch(["--preselect", "app"], lines) == .nothing(nil))
    #expect(batch(["--preselect-match", "zzz"], lines) == .nothing(nil))
    // Without any preselection option, the best match of the query.
    #expect(batch(["-q", "an"], lines) == .print([1]))
  }

  @Test func duplicatesAreSeparateLines() {
    #expect(batch(["--preselect", "a"], ["a", "b", "a"]) == .print([0, 2]))
  }

  @Test func limits() {
    #expect(
      batch(["--select-all", "--min", "5"], ["a", "b"]) == .nothing("2 selected, --min requires at least 5"))
    #expect(batch(["--select-all", "--max", "2"], ["a", "b", "c"]) == .print([0, 1]))
    let o = options(["--select-all", "--max", "2"])
    let s = store(["a", "b", "c"])
    let outcome = Preselection.apply(
      o.preselectionSettings(), limit: o.max, store: s, search: o.searchSettings)
    #expect(outcome.warning?.contains("--max 2") == true)
  }

  @Test func headerLinesAreNeverCandidates() {
    #expect(batch(["--header-lines", "1", "--select-all"], ["H", "a"]) == .print([1]))
    let o = options(["--header-lines", "1"])
    #expect(Filter.run([], in: .lines(store(["H", "a"])), settings: o.searchSettings).lines == [1])
  }

  @Test func earlyDecisions() {
    #expect(Scripted.early(options(["-1", "-q", "b"]).scriptedSettings, store(["a", "b"])) == .print([1]))
    #expect(Scripted.early(options(["-1"]).scriptedSettings, store(["a", "b"])) == .interactive)
    #expect(Scripted.early(options(["-0", "-q", "z"]).scriptedSettings, store(["a", "b"])) == .nothing(nil))
    #expect(Scripted.early(options(["-0"]).scriptedSettings, store(["a"])) == .interactive)
    #expect(Scripted.early(options([]).scriptedSettings, store([])) == .interactive)
  }

  @Test func nthSearchesOnlyTheseFields() {
    let o = options(["--nth", "2", "-d", ":"])
    let found = Filter.run(Array("a".utf8), in: .lines(store(["a:b", "b:a"])), settings: o.searchSettings)
    #expect(found.lines == [1])
  }

  @Test func outputFormatting() {
    let s = store(["Reading\treading", "x"])
    var o = options([
      "-d", "\t", "--with-nth", "1", "--accept-nth", "2", "--print-query", "--expect", "ctrl-x",
    ])
    #expect(
      OutputFormatter(o.outputSettings).format([0], store: s, query: Array("q".utf8), key: "ctrl-x")
        == Array("q\nctrl-x\nreading\n".utf8))
    o = options(["--print0"])
    #expect(
      OutputFormatter(o.outputSettings).format([0, 1], store: s, query: [])
        == Array("Reading\treading\0x\0".utf8))
  }

  /// Lines too long to copy are written from where they are, in their place among the others, in
  /// small outputs and in ones the cores gather in pieces.
  @Test(arguments: [10, 3 * OutputFormatter.linesPerPiece])
  func longLinesComeOutWholeAndInOrder(count: Int) {
    let long = String(repeating: "x", count: 70_000)
    let lines = (0..<count).map { $0 % 500 == 1 || $0 == 3 ? long + "\($0)" : "line \($0)" }
    let s = store(lines)
    let order = Array((0..<count).reversed())
    let out = OutputFormatter(options([]).outputSettings).format(order, store: s, query: Array("q".utf8))
    #expect(out == Array(order.map { lines[$0] + "\n" }.joined().utf8))
  }

  @Test func anEmptyFieldSelectionSelectsNothing() {
    // As fzf: `2..1` or a field past the last selects no field; the output line is empty.
    let s = store(["a b c"])
    for spec in ["2..1", "9"] {
      let o = options(["--accept-nth", spec])
      #expect(OutputFormatter(o.outputSettings).format([0], store: s, query: []) == [10])
      let shown = options(["--with-nth", spec])
      #expect(Filter.run(Array("a".utf8), in: .lines(s), settings: shown.searchSettings).lines.isEmpty)
    }
  }
}
