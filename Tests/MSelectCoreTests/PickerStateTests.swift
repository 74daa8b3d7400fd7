import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Drives a `PickerState` like the event loop does, running its searches inline.
final class Harness {
  var state: PickerState
  private var splitter: LineSplitter
  /// What ends each line (`--read0`: NUL, so a line may hold line breaks).
  private let terminator: UInt8

  init(
    _ lines: [String], _ arguments: [String] = [], rows: Int = 20, columns: Int = 40, stream: Bool = false,
    profile: Profile = .mselect, terminator: UInt8 = 10
  ) {
    self.terminator = terminator
    splitter = LineSplitter(terminator: terminator)
    let options = try! OptionParser.parse(arguments.map { Array($0.utf8) }, profile: profile)
    let settings = try! options.pickerSettings(unicode: true, colors: false)
    state = PickerState(settings: settings, rows: rows, columns: columns)
    if !lines.isEmpty { add(lines) }
    if !stream { state.handle(.inputEnded) }
    settle()
  }

  /// Streams more lines in, as one block.
  func add(_ lines: [String]) {
    for line in lines { splitter.append(Array(line.utf8) + [terminator]) }
    if let block = splitter.takeBlock(force: true) { state.handle(.input(block)) }
    settle()
  }

  /// New input is on its way (`reload`): it will be numbered from 0 again.
  func replace() {
    state.handle(.inputReplacing)
    splitter = LineSplitter(terminator: terminator)
    settle()
  }

  /// New input replaces the old (`reload`): numbered from 0 again.
  func reset() {
    state.handle(.inputReset)
    splitter = LineSplitter(terminator: terminator)
  }

  /// Provisional results shown so far (previews of searches still scoring).
  private(set) var previews = 0

  /// Runs the requested searches as the search thread does, previews first.
  func settle() {
    while let request = state.nextSearch() {
      var shown: [SearchResult] = []
      let result = request.run(preview: { shown.append($0) })!
      for preview in shown { state.handle(.searched(preview)) }
      previews += shown.count
      state.handle(.searched(result))
    }
  }

  func press(_ keys: Key...) {
    for key in keys {
      state.handle(.key(key))
      settle()
    }
  }

  func type(_ text: String) {
    for scalar in text.unicodeScalars { press(.char(scalar.value)) }
  }

  /// The listed lines as text.
  var listed: [String] {
    (0..<state.listCount).map { String(decoding: state.store.line(state.line(at: $0)), as: UTF8.self) }
  }

  var current: String? { state.currentLine.map { String(decoding: state.store.line($0), as: UTF8.self) } }

  var query: String { String(decoding: state.queryBytes, as: UTF8.self) }

  func accepted() -> [String]? {
    guard case .accepted(let lines, _) = state.outcome else { return nil }
    return lines.map { String(decoding: state.store.line($0), as: UTF8.self) }
  }
}

let tab = Key.tab
let enter = Key.enter
func ctrl(_ c: Character) -> Key { .ctrl(c.asciiValue!) }
func alt(_ c: Character) -> Key { .alt(UInt32(c.asciiValue!)) }

@Suite struct PickerStateTests {
  /// fzf's movement and editing actions that take their own names: half pages, `pos(N)`, `put(…)`,
  /// `toggle-in`/`toggle-out` (toward and away from the prompt), `accept-non-empty`.
  @Test func fzfsOtherActionsMoveEditAndAccept() {
    let lines = (1...30).map { "line\($0)" }
    let h = Harness(
      lines,
      [
        "--bind",
        "ctrl-d:half-page-down,ctrl-u:half-page-up,ctrl-g:pos(5),ctrl-l:pos(-1),ctrl-p:put(ne2),ctrl-t:toggle-in,ctrl-o:toggle-out",
      ], rows: 12)
    #expect(h.current == "line1")
    h.press(ctrl("d"))
    let half = h.current
    #expect(half != "line1" && half != nil)
    h.press(ctrl("u"))
    #expect(h.current == "line1")
    h.press(ctrl("g"))
    #expect(h.current == "line5")
    h.press(ctrl("l"))
    #expect(h.current == "line30")
    // toggle-out moves away from the prompt (down the list in mselect's layout), toggle-in toward it.
    h.press(ctrl("g"), ctrl("o"))
    #expect(h.current == "line6")
    h.press(ctrl("t"))
    #expect(h.current == "line5")
    #expect(h.state.selection.count == 2)
    h.type("li")
    h.press(ctrl("p"))
    #expect(h.query == "line2")
    let empty = Harness(["a"], ["--bind", "enter:accept-non-empty"])
    empty.type("zz")
    empty.press(enter)
    #expect(empty.state.outcome == nil)
    empty.press(.backspace, .backspace, enter)
    #expect(empty.accepted() == ["a"])
  }

  /// fzf's `zero` and `one` events: after the input has ended, a query that leaves no line, or one.
  @Test func zeroAndOneEventsFireOnTheFinishedCount() {
    let h = Harness(["apple", "apricot", "banana"], ["--bind", "one:accept,zero:change-prompt(none> )"])
    #expect(h.state.outcome == nil)
    h.type("z")
    #expect(h.state.settings.look.prompt == "none> ")
    h.press(.backspace)
    h.type("ban")
    #expect(h.accepted() == ["banana"])
    // One line from the start: accepted as soon as the input has ended.
    #expect(Harness(["only"], ["--bind", "one:accept"]).accepted() == ["only"])
    // While the input still streams in, a single match is not yet the count.
    let streaming = Harness(["only"], ["--bind", "one:accept"], stream: true)
    #expect(streaming.state.outcome == nil)
    streaming.add(["other"])
    streaming.state.handle(.inputEnded)
    #expect(streaming.state.outcome == nil)
  }

  /// `show-preview` and `hide-preview` set what `toggle-preview` flips; `refresh-preview` runs it again.
  @Test func previewCanBeShownHiddenAndRefreshed() {
    let h = Harness(
      ["a"], ["--preview", "cat {}", "--bind", "f1:show-preview,f2:hide-preview,f3:refresh-preview"])
    #expect((h.state.previewLayout != nil))
    h.press(.function(2))
    #expect(!(h.state.previewLayout != nil))
    h.press(.function(2))
    #expect(!(h.state.previewLayout != nil))
    h.press(.function(1))
    #expect((h.state.previewLayout != nil))
  }

  @Test func typingNarrowsAndEnterPrintsTheCursorLine() {
    let h = Harness(["apple", "banana", "cherry"])
    #expect(h.listed == ["apple", "banana", "cherry"])
    h.type("an")
    #expect(h.listed == ["banana"])
    h.press(enter)
    #expect(h.accepted() == ["banana"])
  }

  @Test func tabMarksAndMovesDownEnterPrintsInInputOrder() {
    let h = Harness(["a", "b", "c", "d"])
    h.press(.down, tab, tab)
    #expect(h.state.selection.lines(.input) == [1, 2])
    #expect(h.current == "d")
    h.press(.up, .up, .up, tab)
    h.press(enter)
    #expect(h.accepted() == ["a", "b", "c"])
  }

  @Test func selectionOrderOption() {
    let h = Harness(["a", "b", "c"], ["--order", "selection"])
    h.press(.down, .down, tab, .up, .up, tab, enter)
    #expect(h.accepted() == ["c", "a"])
  }

  @Test func shiftTabTogglesAndMovesUp() {
    let h = Harness(["a", "b", "c"])
    h.press(.down, .down, .shiftTab)
    #expect(h.current == "b")
    #expect(h.state.selection.lines(.input) == [2])
  }

  @Test func unmarkingEverythingPrintsNothing() {
    let h = Harness(["a", "b"])
    h.press(tab, .up, tab, enter)
    #expect(h.accepted() == [])
  }

  @Test func marksHiddenByTheQueryArePrinted() {
    let h = Harness(["apple", "banana"])
    h.press(tab)
    h.type("ban")
    h.press(tab, enter)
    #expect(h.accepted() == ["apple", "banana"])
  }

  @Test func shiftDownMarksARange() {
    let h = Harness(["a", "b", "c", "d"])
    h.press(.shiftDown, .shiftDown, .shiftDown)
    #expect(h.state.selection.lines(.input) == [0, 1, 2])
    #expect(h.current == "d")
  }

  @Test func selectAllDeselectAllAndInvertActOnCurrentMatches() {
    let h = Harness(["ax", "ay", "bx"])
    h.type("a")
    h.press(alt("a"))
    #expect(h.state.selection.lines(.input) == [0, 1])
    h.press(.backspace)
    h.press(ctrl("t"))
    #expect(h.state.selection.lines(.input) == [2])
    h.press(alt("a"), alt("d"))
    #expect(h.state.selection.count == 0)
  }

  @Test func maxRefusesWithAMessage() {
    let h = Harness(["a", "b", "c"], ["--max", "2"])
    h.press(tab, tab, tab)
    #expect(h.state.selection.lines(.input) == [0, 1])
    #expect(h.state.info.message == "at most 2 can be marked")
    h.press(alt("a"))
    #expect(h.state.info.message == "at most 2 can be marked")
    h.press(.down)
    #expect(h.state.info.message == nil)
  }

  @Test func minRefusesEnterAndStaysOpen() {
    let h = Harness(["a", "b", "c"], ["--min", "2"])
    h.press(enter)
    #expect(h.state.outcome == nil)
    #expect(h.state.info.message == "select at least 2")
    h.press(tab, tab, enter)
    #expect(h.accepted() == ["a", "b"])
  }

  @Test func preselectedLinesStartMarkedAndEnterPrintsThem() {
    let h = Harness(["a", "b", "c"], ["--preselect", "c", "--preselect-match", "^a"])
    #expect(h.state.selection.lines(.input) == [0, 2])
    h.press(enter)
    #expect(h.accepted() == ["a", "c"])
  }

  @Test func preselectionBeyondMaxKeepsTheFirstAndSaysSo() {
    let h = Harness(["a", "b", "c"], ["--select-all", "--max", "2"])
    #expect(h.state.selection.lines(.input) == [0, 1])
    #expect(h.state.info.message?.contains("--max 2") == true)
  }

  @Test func reviewShowsOnlyMarkedLines() {
    let h = Harness(["a", "b", "c"])
    h.press(ctrl("s"))
    #expect(h.state.info.message == "nothing marked")
    #expect(!h.state.list.reviewing)
    h.press(.down, .down, tab)
    h.type("zzz")
    #expect(h.listed.isEmpty)
    h.press(ctrl("s"))
    #expect(h.listed == ["c"])
    h.press(ctrl("s"))
    #expect(!h.state.list.reviewing)
  }

  @Test(arguments: [Key.escape, ctrl("c"), ctrl("g"), ctrl("q")])
  func cancelKeys(key: Key) {
    let h = Harness(["a"])
    h.press(key)
    #expect(h.state.outcome == .cancelled)
  }

  @Test func enterWithNoMatchPrintsNothing() {
    let h = Harness(["a"])
    h.type("zz")
    h.press(enter)
    #expect(h.accepted() == [])
  }

  @Test func queryEditing() {
    let h = Harness(["x"])
    h.type("foo bar")
    h.press(ctrl("w"))
    #expect(h.query == "foo ")
    h.press(ctrl("y"))
    #expect(h.query == "foo bar")
    h.press(ctrl("a"), .delete)
    #expect(h.query == "oo bar")
    h.press(ctrl("e"), .backspace)
    #expect(h.query == "oo ba")
    h.press(alt("b"))
    #expect(h.state.editor.cursor == 3)
    h.press(ctrl("u"))
    #expect(h.query == "ba")
    h.press(alt("f"))
    #expect(h.state.editor.cursor == 2)
    h.press(ctrl("b"), ctrl("b"), .char(0x78), ctrl("f"))
    #expect(h.query == "xba")
    #expect(h.state.editor.cursor == 2)
  }

  @Test func pasteGoesIntoTheQuery() {
    let h = Harness(["a b", "c"])
    h.press(.paste(Array("a\rb".utf8)))
    #expect(h.query == "a b")
    #expect(h.state.outcome == nil)
  }

  @Test func expectKeyAcceptsAndIsReported() {
    let h = Harness(["a", "b"], ["--expect", "ctrl-x"])
    h.press(.down, ctrl("x"))
    #expect(h.state.outcome == .accepted(lines: [1], key: "ctrl-x"))
  }

  @Test func bindOverridesDefaults() {
    let h = Harness(["a", "b"], ["--bind", "ctrl-a:select-all,ctrl-k:toggle+down"])
    h.press(ctrl("a"))
    #expect(h.state.selection.count == 2)
    h.press(ctrl("k"))
    #expect(h.state.selection.lines(.input) == [1])
  }

  @Test func historyWalksWithCtrlPAndCtrlN() throws {
    let options = try OptionParser.parse(["--history", "/tmp/unused"].map { Array($0.utf8) })
    var settings = try options.pickerSettings(unicode: true, colors: false)
    settings.behaviour.history = [Array("old".utf8), Array("newer".utf8)]
    var state = PickerState(settings: settings, rows: 20, columns: 40)
    for c in "dr".unicodeScalars { state.handle(.key(.char(c.value))) }
    state.handle(.key(ctrl("p")))
    #expect(state.queryBytes == Array("newer".utf8))
    state.handle(.key(ctrl("p")))
    state.handle(.key(ctrl("p")))
    #expect(state.queryBytes == Array("old".utf8))
    state.handle(.key(ctrl("n")))
    state.handle(.key(ctrl("n")))
    // Past the newest entry: the query being typed comes back.
    #expect(state.queryBytes == Array("dr".utf8))
    // Without --history, ctrl-p moves as before.
    let h = Harness(["a", "b"])
    h.press(.down, ctrl("p"))
    #expect(h.current == "a")
  }

  @Test func aRefusedToggleDoesNotMove() {
    let h = Harness(["a", "b", "c"], ["--max", "1"])
    h.press(.tab)
    #expect(h.current == "b")
    h.press(.tab)
    // Refused by --max: the cursor stays on the refused line, and the message says why.
    #expect(h.current == "b")
    #expect(h.state.info.message != nil)
    #expect(h.state.selection.lines(.input) == [0])
  }

  @Test func badBindIsAnOptionError() {
    let options = try! OptionParser.parse([Array("--bind".utf8), Array("ctrl-a:fly".utf8)])
    #expect(throws: OptionError.self) { try options.pickerSettings(unicode: true, colors: false) }
  }

  @Test func cycleWraps() {
    let h = Harness(["a", "b"], ["--cycle"])
    h.press(.up)
    #expect(h.current == "b")
    let plain = Harness(["a", "b"])
    plain.press(.up)
    #expect(plain.current == "a")
  }

  @Test func defaultLayoutMovesTheOtherWay() {
    let h = Harness(["a", "b"], ["--layout", "default"])
    h.press(.up)
    #expect(h.current == "b")
  }

  @Test func streamingInputExtendsResultsAndKeepsTheCursor() {
    let h = Harness(["a1", "b1"], stream: true)
    h.press(.down)
    #expect(h.current == "b1")
    h.add(["a2", "b2"])
    #expect(h.listed == ["a1", "b1", "a2", "b2"])
    #expect(h.current == "b1")
    h.type("b")
    #expect(h.listed == ["b1", "b2"])
    h.add(["b3", "c3"])
    #expect(h.listed == ["b1", "b2", "b3"])
    #expect(!h.state.input.ended)
  }

  @Test func narrowingAndBackspaceGiveTheSameResultsAsFreshSearches() {
    let words = (0..<2000).map { "w\($0 * 7919 % 10007)x\($0 % 13)" }
    let h = Harness(words)
    for step in ["1", "12", "12x", "12x1", "12x", "12", "1", "1 !x3", "1 !x3$"] {
      while h.query != step {
        if step.hasPrefix(h.query) {
          h.type(String(step.dropFirst(h.query.count)))
        } else {
          h.press(.backspace)
        }
      }
      let fresh = Search.run(Pattern(step), in: h.state.store).map { words[$0] }
      #expect(h.listed == fresh, "query \(step)")
    }
  }

  @Test func progressiveNarrowingEndsWithTheSameResultsAsAFreshSearch() {
    let lines = (0..<150_000).map { "item \($0 * 7 % 150_000)" }
    let h = Harness(lines)
    h.type("1")
    let before = h.previews
    h.type("2")
    #expect(h.previews > before)
    #expect(h.state.search.result.complete)
    let fresh = Search.run(Pattern("12"), in: h.state.store).map { lines[$0] }
    let same = h.listed == fresh
    #expect(same, "the progressive ranking differs from a fresh search")
    #expect(h.state.search.result.inputOrder == h.state.search.result.ranked.map(\.index).sorted())
  }

  @Test func scrollingKeepsTheCursorVisible() {
    let h = Harness((0..<100).map { "line \($0)" }, rows: 10)
    for _ in 0..<50 { h.press(.down) }
    let rows = h.state.listRows
    #expect(h.state.cursor == 50)
    #expect(h.state.offset <= 50 && 50 < h.state.offset + rows)
    h.press(.pageDown)
    // A page keeps the last line of the one before in view, as in fzf.
    #expect(h.state.cursor == 50 + rows - 1)
  }

  @Test func heightShrinksToShortListsAndRespectsTheLimit() {
    #expect(Harness(["a", "b"], rows: 40).state.height == 4)
    #expect(Harness((0..<100).map(String.init), rows: 40).state.height == 20)
    #expect(Harness((0..<100).map(String.init), ["--height", "10"], rows: 40).state.height == 10)
    #expect(Harness(["a"], ["--fullscreen"], rows: 40).state.height == 40)
  }

  /// The empty query lists every candidate in input order (reversed by `--tac`) with no ranking
  /// held: a range, not 8 bytes a line; streamed lines join the list as they come.
  @Test(arguments: [
    ([String](), ["a", "b", "c", "d"]), (["--tac"], ["d", "c", "b", "a"]),
    (["--header-lines", "1"], ["b", "c", "d"]), (["--tac", "--header-lines", "1"], ["d", "c", "b"]),
  ])
  func theEmptyQueryListsEveryLineWithoutARanking(arguments: [String], expected: [String]) {
    let h = Harness(["a", "b"], arguments, stream: true)
    h.add(["c", "d"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.listed == expected)
    #expect(h.state.search.result.ranked.isEmpty)
    #expect(h.state.search.result.matchCount == expected.count)
    // Typing and clearing the query comes back to the same list.
    h.type("b")
    #expect(h.listed == ["b"])
    h.press(.backspace)
    #expect(h.listed == expected)
  }

  /// After a reload (new input, a new epoch) the empty query lists the new lines.
  @Test func aReloadListsTheNewLines() {
    let h = Harness(["a", "b"])
    h.reset()
    h.add(["c", "d", "e"])
    h.state.handle(.inputEnded)
    h.settle()
    #expect(h.listed == ["c", "d", "e"])
  }

  @Test func headerLinesAreNotCandidates() {
    let h = Harness(["NAME", "a", "b"], ["--header-lines", "1"])
    #expect(h.listed == ["a", "b"])
    #expect(h.state.totalCount == 2)
    h.press(enter)
    #expect(h.accepted() == ["a"])
  }

  @Test func enterBeforeResultsArriveWaitsForThem() {
    let h = Harness(["apple", "banana"])
    h.state.handle(.key(.char(0x62)))  // "b", not searched yet
    h.state.handle(.key(enter))
    #expect(h.state.outcome == nil)
    h.settle()
    #expect(h.accepted() == ["banana"])
  }

  /// Keys that act on the list, typed in one burst with the query before its results came, act on
  /// the list for that query, in the order typed (keys after them wait their turn).
  @Test(arguments: [
    // `b` lists bean, banana, zb (the shorter first); the empty query every line.
    ([Key.char(0x62), tab, enter], ["bean"]),
    ([Key.char(0x62), tab, .char(0x6C), .backspace, .backspace, tab, enter], ["apple", "bean"]),
    ([Key.char(0x62), .down, enter], ["banana"]),
    ([Key.char(0x62), .ctrl(0x61), .char(0x7A), enter], ["zb"]),  // no list key: nothing waits
  ])
  func listKeysTypedAheadOfTheirResultsWaitForThem(keys: [Key], printed: [String]) {
    let h = Harness(["apple", "banana", "bean", "zb"])
    for key in keys { h.state.handle(.key(key)) }
    #expect(h.state.outcome == nil)
    h.settle()
    #expect(h.accepted() == printed)
  }

  /// Esc cancels at once, whatever waits for a list.
  @Test func abortDoesNotWaitForTheList() {
    let h = Harness(["apple", "banana"])
    for key in [Key.char(0x62), tab, .escape] { h.state.handle(.key(key)) }
    #expect(h.state.outcome == .cancelled)
  }

  @Test func staleResultsAreIgnored() {
    let h = Harness(["apple", "banana"])
    h.state.handle(.key(.char(0x62)))
    let stale = h.state.nextSearch()!
    h.state.handle(.key(.backspace))
    h.state.handle(.searched(stale.run()!))
    #expect(h.listed == ["apple", "banana"])
  }
}

/// What the result cache gives up first when it is full.
@Suite struct ResultCacheTests {
  @Test(arguments: [
    // Queries oldest first (the newest, last, is kept), the current query, the index dropped.
    (["x", "s", "sh", "sha"], "sha", 0),  // not a prefix of what is typed now
    (["s", "x", "sh"], "sh", 1),
    (["s", "sh", "sha", "shar", "share"], "share", 3),  // all prefixes: the longest older one
    (["s", "sh", "shx", "sha"], "sha", 2),  // a typo typed over
    (["", "s"], "s", 0),
  ])
  func dropsWhatBackspaceWillNotNeed(queries: [String], current: String, dropped: Int) {
    #expect(ResultCache.victim(queries.map { Array($0.utf8) }, current: Array(current.utf8)) == dropped)
  }

  /// A result of `count` matches (every other line of `2 * count`) for `query`.
  static func result(_ query: String, _ count: Int) -> SearchResult {
    SearchResult(
      query: Array(query.utf8), lineCount: 2 * count,
      ranked: (0..<count).reversed().map { RankedLine(key: 0, index: UInt32(2 * $0)) })
  }

  @Test func olderBroadResultsAreKeptAsTheirLinesOnly() {
    var cache = ResultCache()
    let count = ResultCache.fullLines(lineCount: 0) + 1
    cache.remember(Self.result("a", count), current: Array("ab".utf8))
    cache.remember(Self.result("ab", count), current: Array("ab".utf8))
    // The newest stays whole; the older one, over the budget, is only its set of lines now.
    #expect(cache.result(for: Array("ab".utf8)) != nil)
    #expect(cache.result(for: Array("a".utf8)) == nil)
    guard case .ranked(_, let query)? = cache.broader(than: Pattern("abc"))?.0 else {
      Issue.record("the newest result was not kept whole")
      return
    }
    #expect(query == Array("ab".utf8))
    guard case .lines(let older, _)? = cache.broader(than: Pattern("ax"))?.0 else {
      Issue.record("the older result was not kept as lines")
      return
    }
    #expect(older.count == count)
    #expect(older.first(3) == [0, 2, 4])
    #expect(older.lines == (0..<count).map { UInt32(2 * $0) })
  }

  /// Once a new query's first lines are on screen, the result it replaced is no longer shown: over the
  /// budget, it is kept as lines too.
  @Test func theReplacedResultIsCompactedOnceOffScreen() {
    var cache = ResultCache()
    let count = ResultCache.fullLines(lineCount: 0) + 1
    cache.remember(Self.result("a", count), current: Array("a".utf8))
    #expect(cache.result(for: Array("a".utf8)) != nil)
    cache.compact(current: Array("ab".utf8), newestShown: false)
    #expect(cache.result(for: Array("a".utf8)) == nil)
    guard case .lines(let set, _)? = cache.broader(than: Pattern("ab"))?.0 else {
      Issue.record("the replaced result was not kept as lines")
      return
    }
    #expect(set.count == count)
  }

  @Test func smallResultsStayWhole() {
    var cache = ResultCache()
    cache.remember(Self.result("a", 1000), current: Array("ab".utf8))
    cache.remember(Self.result("ab", 1000), current: Array("ab".utf8))
    #expect(cache.result(for: Array("a".utf8))?.ranked.count == 1000)
    guard case .ranked(let ranked, _)? = cache.broader(than: Pattern("ax"))?.0 else {
      Issue.record("a small result was not kept whole")
      return
    }
    #expect(ranked.count == 1000)
  }

  @Test func theEmptyQueryNarrowsNothing() {
    var cache = ResultCache()
    cache.remember(Self.result("", 1000), current: [])
    #expect(cache.broader(than: Pattern("a"))?.lineCount == nil)
  }
}

/// A search within a broader result kept only as its lines (see `ResultCache`).
@Suite struct NarrowingFromLinesTests {
  static let lines = (0..<5000).map { "item \($0 % 97) \($0 % 13 == 0 ? "x" : "")" }

  func request(_ query: String, within broader: String) -> SearchRequest {
    let store = LineStore(lines: Self.lines.map { Array($0.utf8) })
    let set = LineSet(
      Search.matches(Pattern(broader), in: store, scope: .all(0..<store.count), rank: RankOptions())!,
      lineCount: store.count)
    return SearchRequest(
      generation: 1, plan: SearchPlan(Pattern(query), ranking: RankOptions()), store: store,
      broader: SearchRequest.Handoff(.lines(set, query: Array(broader.utf8))),
      candidateStart: 0, tail: store.count..<store.count, base: nil,
      fields: SearchFields())
  }

  @Test(arguments: [("it", "i"), ("item 1", "item"), ("x", "x"), ("9x", "9")])
  func findsWhatAFreshSearchFinds(query: String, broader: String) {
    let request = request(query, within: broader)
    let fresh = Search.run(Pattern(query), in: request.store)
    #expect(request.run()?.ranked.map { Int($0.index) } == fresh)
    #expect(!fresh.isEmpty)
  }

  @Test func theSameQueryAgainTellsItsCountAtOnce() {
    let request = request("x", within: "x")
    var previews: [SearchResult] = []
    let final = request.run(preview: { previews.append($0) })
    let expected = Self.lines.filter { $0.contains("x") }.count
    #expect(final?.matchCount == expected)
    #expect(previews.first?.matchCount == expected)
  }
}
