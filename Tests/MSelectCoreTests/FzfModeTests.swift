import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// fzf mode (the program run as `fzf`, or `--fzf`): fzf's defaults, names and picker details.
@Suite struct FzfModeTests {
  private func words(_ list: [String]) -> [[UInt8]] { list.map { Array($0.utf8) } }

  @Test(arguments: [
    ("fzf", [String](), true), ("/usr/local/bin/fzf", [], true), ("mselect", [], false),
    ("./fzf-tmux", [], false), ("mselect", ["-m", "--fzf"], true), ("mselect", ["--", "--fzf"], false),
  ])
  func theProfileComesFromTheNameOrFlag(program: String, arguments: [String], isFzf: Bool) {
    let profile = Profile.of(programName: Array(program.utf8), arguments: words(arguments))
    #expect((profile == .fzf) == isFzf)
  }

  @Test func fzfDefaults() throws {
    let fzf = try OptionParser.parse([], profile: .fzf)
    #expect(
      fzf.picker.window.height == .fullscreen && fzf.picker.window.layout == .default && fzf.max == 1
        && fzf.order == .selection)
    #expect(fzf.picker.look.chrome.separator == "─" && fzf.picker.flavor == .fzf)
    // `-m` / `--multi` lift the limit of one; a number sets another.
    #expect(try OptionParser.parse(words(["-m"]), profile: .fzf).max == nil)
    #expect(try OptionParser.parse(words(["--multi"]), profile: .fzf).max == nil)
    #expect(try OptionParser.parse(words(["--multi=3"]), profile: .fzf).max == 3)
    #expect(try OptionParser.parse(words(["-m", "3"]), profile: .fzf).max == 3)
    // mselect's own defaults stay as they were.
    let own = try OptionParser.parse([])
    #expect(
      own.picker.window.height == .percent(50) && own.picker.window.layout == .reverse && own.max == nil
        && own.order == .input)
    #expect(own.picker.look.chrome.separator == nil && own.picker.flavor == .mselect)
  }

  @Test func theVersionLineStartsWithFzfsVersionInFzfMode() {
    #expect(Profile.fzf.versionLine("1.2.3") == "0.74.0 (mselect 1.2.3)\n")
    #expect(Profile.mselect.versionLine("1.2.3") == "mselect 1.2.3\n")
  }

  @Test func variableNamesFollowTheProfile() {
    #expect(Profile.fzf.defaultOptionsVariable == "FZF_DEFAULT_OPTS")
    #expect(Profile.fzf.defaultOptionsFileVariable == "FZF_DEFAULT_OPTS_FILE")
    #expect(Profile.fzf.defaultCommandVariable == "FZF_DEFAULT_COMMAND")
    #expect(Profile.mselect.defaultOptionsVariable == "MSELECT_DEFAULT_OPTS")
    #expect(throws: OptionError.inDefaults(.unknownOption("--nope"), variable: "FZF_DEFAULT_OPTS")) {
      try OptionParser.parse([], defaults: words(["--nope"]), profile: .fzf)
    }
  }

  @Test(arguments: ShellScripts.Shell.allCases)
  func shellScriptsUseFzfNames(shell: ShellScripts.Shell) {
    let script = ShellScripts.integration(shell, profile: .fzf)
    #expect(!script.contains("mselect") && !script.contains("MSELECT_"))
    #expect(script.contains("FZF_CTRL_T_COMMAND") && script.contains("FZF_ALT_C_OPTS"))
    #expect(ShellScripts.integration(shell) == ShellScripts.integration(shell, profile: .mselect))
    #expect(ShellScripts.integration(shell).contains("MSELECT_CTRL_T_COMMAND"))
  }

  private func info(_ h: Harness) -> String {
    Renderer().render(h.state).text.first { $0.contains("/") } ?? ""
  }

  @Test func theMarkedCountShowsWheneverSeveralMayBeMarked() {
    let multi = Harness(["a", "b"], ["-m", "--no-separator"], profile: .fzf)
    #expect(info(multi).hasSuffix("2/2 (0)"))
    let limited = Harness(["a", "b"], ["--multi=5", "--no-separator"], profile: .fzf)
    #expect(info(limited).hasSuffix("2/2 (0/5)"))
    // mselect shows it once something was marked.
    #expect(info(Harness(["a", "b"])).hasSuffix("2/2"))
  }

  @Test func withoutMultiTheMarkingKeysDoNothing() {
    let h = Harness(["a", "b", "c"], ["--no-separator"], profile: .fzf)
    h.press(.tab, .tab)
    #expect(h.state.selection.count == 0 && h.state.cursor == 0)
    // Nor do they move, as in fzf 0.74.
    h.press(.shiftTab)
    #expect(h.state.selection.count == 0 && h.state.cursor == 0)
    #expect(info(h).hasSuffix("3/3"))
    // mselect's `--max 1` marks one line.
    let own = Harness(["a", "b", "c"], ["--max", "1"])
    own.press(.tab)
    #expect(own.state.selection.count == 1)
  }

  @Test(arguments: [
    ([String](), "  3/3 ─────"), (["--separator", "_-"], "  3/3 _-_-_"), (["--no-separator"], "  3/3"),
    (["--separator", "a\tb", "--tabstop", "4"], "  3/3 a   b"),
    (["--separator", "\u{1B}[33mx"], "  3/3 xxxxx"),
  ])
  func theSeparatorFillsTheInfoLine(arguments: [String], expected: String) {
    // 12 columns: fzf leaves the last one blank.
    let h = Harness(["a", "b", "c"], arguments, columns: 12, profile: .fzf)
    #expect(info(h) == expected)
  }

  @Test func theSeparatorIsAsciiWithoutUnicode() {
    let h = Harness(["a"], [], columns: 10, profile: .fzf)
    #expect(Renderer(unicode: false).render(h.state).text.contains("  1/1 ---"))
  }

  @Test func flagsFollowTheCounts() {
    let sorted = Harness(["a", "b"], ["--bind", "ctrl-r:toggle-sort", "--no-separator"], profile: .fzf)
    #expect(info(sorted).hasSuffix("2/2 +S"))
    sorted.press(.ctrl(UInt8(ascii: "r")))
    #expect(info(sorted).hasSuffix("2/2 -S"))
    #expect(info(Harness(["a"], ["--track", "--no-separator"], profile: .fzf)).hasSuffix("1/1 +T"))
  }

  private func firstItem(_ h: Harness) -> String {
    Renderer().render(h.state).text.first { $0.contains(",") } ?? ""
  }

  @Test func longLinesScrollToTheirMatchWithFzfsEllipsis() {
    let line = (1...60).map(String.init).joined(separator: ",")
    let fzf = Harness(
      [line], ["-e", "-q", "50", "--pointer", ">", "--no-separator"], columns: 30, profile: .fzf)
    let shown = firstItem(fzf)
    #expect(shown.hasPrefix("> ··") && shown.hasSuffix("··") && shown.contains("50,51"), "\(shown)")
    let snip = Harness([line], ["-e", "-q", "50", "--ellipsis", "~~~"], columns: 30)
    #expect(firstItem(snip).contains("~~~") && firstItem(snip).hasSuffix("~~~"))
    // No match in view: the start shows, or the end with --keep-right.
    #expect(firstItem(Harness([line], [], columns: 20)).contains("1,2,3"))
    #expect(firstItem(Harness([line], ["--keep-right"], columns: 20)).hasSuffix("59,60"))
  }

  @Test func everyTakesSecondsAndIsATrigger() throws {
    #expect(KeyBindings.Trigger(name: "every(0.2)") == .every(200))
    #expect(KeyBindings.Trigger(name: "every(2)") == .every(2000))
    #expect(KeyBindings.Trigger(name: "every(0)") == nil)
    #expect(KeyBindings.Trigger(name: "every(x)") == nil)
    let h = Harness(["a", "b"], ["--bind", "every(0.5):down", "--bind", "space:unbind(every(0.5))"])
    #expect(h.state.timerIntervals == [500])
    h.state.handle(.every(500))
    #expect(h.state.cursor == 1)
    h.press(.char(32))
    h.state.handle(.every(500))
    #expect(h.state.cursor == 1)
  }

  @Test(arguments: [
    ([String](), Profile.fzf, 0), (["--id-nth", "1"], Profile.fzf, 1), ([], Profile.mselect, 1),
  ])
  func reloadKeepsMarksOnlyWhereTheFlavorSays(arguments: [String], profile: Profile, kept: Int) {
    let h = Harness(["a", "b"], ["-m"] + arguments, profile: profile)
    h.press(.tab)
    #expect(h.state.selection.count == 1)
    h.reset()
    h.add(["a", "b"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.selection.count == kept)
  }

  /// With `--id-nth`, marks and a tracked cursor follow the line whose fields come back after a
  /// reload; `+T*` shows while the reload has not brought it yet.
  @Test func reloadFollowsTheIdFields() {
    let h = Harness(
      ["1 apple", "2 banana", "3 cherry"],
      ["-m", "--track", "--id-nth", "1", "--bind", "ctrl-r:reload(true)"],
      profile: .fzf)
    // fzf's default layout: the list grows upwards, and tab moves down after marking.
    h.press(.up)
    h.press(.tab)
    h.press(.up)
    #expect(h.state.currentLine == 1)
    h.press(ctrl("r"))
    #expect(h.state.infoFlags == " +T*")
    h.reset()
    h.add(["3 cranberry"])
    #expect(h.state.infoFlags == " +T*")
    h.add(["2 blueberry", "1 apricot"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.infoFlags == " +T")
    #expect(h.state.currentLine.map { h.state.printedLine($0) } == Array("2 blueberry".utf8))
    #expect(h.state.selection.lines(.input).map { h.state.printedLine($0) } == [Array("2 blueberry".utf8)])
  }

  /// A tracked line that does not come back leaves the cursor where it was; Esc stops the looking
  /// without ending the picker.
  @Test func aTrackedLineThatIsGoneKeepsThePosition() {
    let h = Harness(["alpha", "beta", "gamma"], ["--track", "--bind", "ctrl-r:reload(true)"], profile: .fzf)
    h.press(.up)
    h.press(ctrl("r"))
    h.press(.escape)
    #expect(h.state.outcome == nil && h.state.infoFlags == " +T")
    h.press(ctrl("r"))
    h.reset()
    h.add(["delta", "epsilon", "zeta"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.infoFlags == " +T")
    #expect(h.state.currentLine.map { h.state.printedLine($0) } == Array("epsilon".utf8))
  }

  /// fzf's cursor keeps its place in the list when the query changes (mselect's goes back to the
  /// top); a `track-current` line filtered out leaves the cursor on the row it was drawn on.
  @Test func theCursorKeepsItsRowWhenTheQueryChanges() {
    let lines = (1...1000).map(String.init)
    let fzf = Harness(lines, ["--pointer", "x"], profile: .fzf)
    fzf.press(.up, .up, .up, .up, .up)
    fzf.type("9")
    #expect(fzf.current == "94")
    let own = Harness(lines, [])
    own.press(.down, .down)
    own.type("9")
    #expect(own.current == "9")
    let tracked = Harness(lines, ["--query", "555", "--bind", "t:track"], profile: .fzf)
    tracked.press(.backspace)
    tracked.type("t")
    tracked.press(.backspace)
    #expect(tracked.current == "55")
    // Drawn on the fourth row (scroll-off 3 above it): the fourth line of each next list.
    tracked.type("4")
    #expect(tracked.current == "542")
    tracked.press(.backspace)
    #expect(tracked.current == "52")
  }

  /// `--info-command` runs when the counts or the cursor change, told the counts in `FZF_INFO`; its
  /// first line, colors and all, takes the counts' place.
  @Test func infoCommandReplacesTheCounts() {
    let h = Harness(["a", "b", "c"], ["--info-command", "echo $FZF_POS"], profile: .fzf)
    var work = h.state.takeWork()
    guard case .info(let generation, let command)? = work.last?.command else {
      Issue.record("no info command: \(work)")
      return
    }
    #expect(String(decoding: command, as: UTF8.self) == "echo $FZF_POS")
    #expect(work.last?.environment["FZF_INFO"] == "3/3")
    h.state.handle(.infoOutput(generation: generation, bytes: Array("\u{1B}[33mpos 1\u{1B}[m\nmore".utf8)))
    #expect(Renderer().render(h.state).text.contains { $0.hasPrefix("  pos 1") })
    h.press(.up)
    work = h.state.takeWork()
    #expect(work.contains { if case .info = $0.command { true } else { false } })
  }

  /// `--gap` puts empty rows after each item, the last one a line; the list shows fewer items.
  @Test func gapsSpaceTheItems() {
    let h = Harness(["a", "b", "c", "d"], ["--gap=2", "--gap-line", "xy", "--height", "10"])
    let rows = Renderer().render(h.state).text.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    let line = "    " + String(repeating: "xy", count: 18)
    #expect(Array(rows.prefix(8)) == [">", "  4/4", "▌   a", "", line, "    b", "", line], "\(rows)")
    #expect(h.state.listRows == 3)
  }

  @Test func syncHoldsStartUntilTheInputIsSearched() {
    let h = Harness([], ["--sync", "--bind", "start:select-all"], stream: true)
    h.add(["a", "b"])
    #expect(h.state.selection.count == 0)
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.selection.count == 2)
  }

  @Test func loadWaitsForTheSearchOfTheWholeInput() {
    let h = Harness([], ["--bind", "load:select-all"], stream: true)
    h.add(["a", "b", "c"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.state.selection.count == 3)
  }

  @Test func aHistoryEntryKeepsItsEdit() {
    let e = Harness([], stream: true)
    var settings = e.state.settings
    settings.behaviour.history = [Array("22".utf8), Array("33".utf8)]
    try! settings.behaviour.bindings.apply("ctrl-p:previous-history,ctrl-n:next-history")
    e.state = PickerState(settings: settings, rows: 20, columns: 40)
    e.press(.ctrl(UInt8(ascii: "p")))
    #expect(e.state.queryBytes == Array("33".utf8))
    e.press(.backspace)
    e.type("1")
    e.press(.ctrl(UInt8(ascii: "p")), .ctrl(UInt8(ascii: "n")))
    #expect(e.state.queryBytes == Array("31".utf8))
  }

  @Test func commandsAboutTheCurrentLineWaitForOne() {
    #expect(Placeholders.needsCurrentLine("echo {}"))
    #expect(Placeholders.needsCurrentLine("echo {2..}"))
    #expect(Placeholders.needsCurrentLine("echo {n}"))
    #expect(!Placeholders.needsCurrentLine("echo {q} {+} {*}"))
    #expect(!Placeholders.needsCurrentLine("echo \\{}"))
    let h = Harness(["a"], ["--bind", "x:execute(echo {})", "-q", "zzz"])
    _ = h.state.takeCommands()
    h.press(.char(UInt32(UInt8(ascii: "x"))))
    #expect(!h.state.takeCommands().contains { if case .execute = $0 { true } else { false } })
  }

  @Test func thePreviewFollowsItsOutputUntilScrolledUp() {
    let h = Harness(
      ["a"], ["--preview", "cat", "--preview-window", "follow", "--bind", "u:preview-up"], rows: 12)
    let generation = h.state.preview.generation
    h.state.handle(
      .previewOutput(generation: generation, bytes: Array((1...100).map { "\($0)\n" }.joined().utf8)))
    let bottom = h.state.preview.scroll
    #expect(bottom > 80)
    h.press(.char(UInt32(UInt8(ascii: "u"))))
    h.state.handle(.previewOutput(generation: generation, bytes: Array("101\n".utf8)))
    #expect(h.state.preview.scroll == bottom - 1)
  }

  @Test func everyLineIndexPlaceholder() throws {
    var values = Placeholders.Values(
      current: nil, currentIndex: nil, marked: [], query: [], delimiter: .whitespace)
    values.listed = { [Array("a".utf8), Array("b".utf8)] }
    values.listedIndices = { [3, 7] }
    #expect(String(decoding: try Placeholders.expand("{*n}", values), as: UTF8.self) == "3 7")
  }

  @Test func executeMultiReadsTheCurrentLineAsTheMarkedOnes() throws {
    var bindings = KeyBindings()
    try bindings.apply("x:execute-multi(echo {}/{+})")
    #expect(bindings.actions(for: .char(UInt32(UInt8(ascii: "x")))) == [.execute("echo {+}/{+}")])
  }

  @Test func queryFieldPlaceholders() throws {
    var values = Placeholders.Values(
      current: nil, currentIndex: nil, marked: [], query: Array("foo bar".utf8), delimiter: .whitespace)
    values.quoting = .posix
    let text = try Placeholders.expand("/{q:1}/{q:-1}/{q:s1}/{q:..}/{q:x}/", values)
    #expect(String(decoding: text, as: UTF8.self) == "/'foo'/'bar'/'foo '/'foo bar'/{q:x}/")
  }

  /// fzf prints the current line when nothing is marked, even after lines were marked and unmarked
  /// (iterfzf reads that); mselect prints what is marked then, which is nothing.
  @Test(arguments: [(Profile.fzf, ["b"] as [String]?), (Profile.mselect, [] as [String]?)])
  func markingThenUnmarkingEverything(profile: Profile, printed: [String]?) {
    let h = Harness(
      ["a", "b", "c"], ["-m", "--bind", "ctrl-a:select-all,ctrl-d:deselect-all"], profile: profile)
    h.press(ctrl("a"))
    #expect(h.state.selection.count == 3)
    h.press(ctrl("d"))
    if profile == .fzf { h.press(.up) } else { h.press(.down) }
    h.press(enter)
    #expect(h.accepted() == printed)
  }
}
