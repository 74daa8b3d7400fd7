import Foundation
import Testing

@testable import MSelectCore

/// Whatever keys led to it, the picker lists what `Filter` lists for the query and settings it ends
/// with (the same lines in the same order) and highlights them as a fresh search would: checked after
/// every key of random key sequences, with typos on and off, over random and path-like lines.
@Suite struct TypedQueryParityTests {
  /// Keys per sequence in the suite; `scripts/fuzz` runs many more (`ParityRun`).
  static let keysPerRun = 60

  /// Seeds per option set: a few in the suite, more by hand (`MSELECT_PROPERTY_SEEDS=200`).
  static let seeds = UInt64(
    ProcessInfo.processInfo.environment["MSELECT_PROPERTY_SEEDS"].flatMap { UInt64($0) } ?? 2)

  @Test(arguments: ParityRun.optionSets.indices)
  func everyKeyListsWhatTheFilterLists(set: Int) {
    for seed in UInt64(1)...Self.seeds {
      var run = ParityRun(seed: seed &* 7919 &+ UInt64(set), options: ParityRun.optionSets[set])
      let failure = run.check(keys: Self.keysPerRun)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }

  /// Real paths (this machine's `/usr/share`, when it has one), typed into with typos on.
  @Test func everyKeyListsWhatTheFilterListsOverRealPaths() throws {
    guard let walker = FileManager.default.enumerator(atPath: "/usr/share") else { return }
    var paths: [String] = []
    while paths.count < 3000, let next = walker.nextObject() as? String { paths.append("/usr/share/" + next) }
    try #require(paths.count > 100)
    for seed in UInt64(1)...Self.seeds {
      var run = ParityRun(seed: seed, options: ["--typos"], corpus: paths)
      let failure = run.check(keys: Self.keysPerRun)
      #expect(failure == nil, "\(failure ?? "")")
    }
  }

  /// The README's example: typed a key at a time, `sahreman` lists every line that `--filter` does,
  /// though `sahrema` (seven characters, read only as a word with a mistake) matches fewer of them.
  @Test func aLongerTermWithMistakesIsNotNarrowedFromAShorterOne() {
    let lines = [
      "/usr/share/man", "/usr/share/man/man1/ls.1.gz", "/usr/sbin/hre/man", "/srv/ahre/a/man", "/etc",
    ]
    let h = Harness(lines, ["--typos"])
    h.type("sahrema")
    h.type("n")
    let expected = Filter.run("sahreman", in: lines, settings: h.state.searchSettings).map { lines[$0] }
    #expect(expected.count > 2)
    #expect(h.listed == expected)
    h.type("x")
    h.press(.backspace)
    #expect(h.listed == expected)
  }

  /// Turning typos on or off with the query unchanged lists and highlights as the new settings do.
  @Test func toggledTyposHighlightTheNewReading() {
    let lines = ["ripgrep", "sipgrep-tool", "grep"]
    let h = Harness(lines, ["--bind", "ctrl-t:toggle-typos"])
    h.type("sipgrep")
    #expect(h.listed == ["sipgrep-tool"])
    // The renderer keeps its position cache from frame to frame.
    var cache = PositionCache()
    func highlighted() -> [String] {
      Renderer().render(h.state, cache: &cache).rows.flatMap { row in
        row.filter { $0.style.contains(.match) }.map(\.text)
      }
    }
    #expect(highlighted() == ["sipgrep"])
    h.press(ctrl("t"))
    #expect(h.listed == Filter.run("sipgrep", in: lines, settings: h.state.searchSettings).map { lines[$0] })
    #expect(h.listed.contains("ripgrep"))
    #expect(!highlighted().isEmpty)
    h.press(ctrl("t"))
    #expect(highlighted() == ["sipgrep"])
  }
}

/// One random key sequence typed into a picker, the list compared with a fresh search after every
/// key. Shared with `scripts/fuzz`, which runs it longer and over real corpora.
struct ParityRun {
  /// The option sets tried: typos on and off, and the settings that change what a term is.
  static let optionSets: [[String]] = [
    ["--typos"], [], ["--typos=2"], ["--typos", "--scheme", "path"], ["--typos", "-i"],
    ["--typos", "--exact"], ["--typos", "--nth", "2..", "-d", "/"], ["--typos", "--tiebreak", "end,length"],
    ["--typos", "--no-sort"], ["--typos", "--tail", "120"],
  ]

  /// Actions bound for the sequences: typos and search toggled, the fields and the query changed.
  static let bindings = [
    "--bind",
    "ctrl-t:toggle-typos,ctrl-s:toggle-search,ctrl-n:change-nth(1|2..|),ctrl-x:change-query(sahreman man1/ls.1)",
  ]

  /// Words the path-like lines are made of, some of them long enough to be read strewn with mistakes.
  static let words = [
    "usr", "share", "man", "man1", "ls.1.gz", "lib", "bin", "local", "python3", "firefox", "thunderbird",
    "ripgrep", "documentation", "locale", "fr", "файлы", "ファイル", "données", "include",
    "x86_64-linux-gnu", "README.md", "Makefile", "src", "test", "libswiftCore.so", "shareman", "sahre",
  ]

  /// The bound keys a sequence presses, each as often as it comes here (ten rolls of a hundred).
  static let boundKeys: [(String, Key)] =
    Array(repeating: ("ctrl-u", ctrl("u")), count: 3)
    + Array(repeating: ("toggle-typos", ctrl("t")), count: 2)
    + Array(repeating: ("toggle-search", ctrl("s")), count: 2)
    + Array(repeating: ("change-nth", ctrl("n")), count: 2) + [("change-query", ctrl("x"))]

  var random: Seeded
  let options: [String]
  /// Extra lines to use instead of generated ones (a real corpus).
  var corpus: [String]?

  init(seed: UInt64, options: [String], corpus: [String]? = nil) {
    random = Seeded(state: seed)
    self.options = options
    self.corpus = corpus
  }

  /// Path-like lines, and every few a line of random letters and symbols.
  mutating func lines(_ count: Int) -> [String] {
    (0..<count).map { _ in
      if Int.random(in: 0..<6, using: &random) == 0 {
        let letters = Array("abcdeAéхя/._ -|'!^$")
        return String(
          (0..<Int.random(in: 1...20, using: &random)).map { _ in letters.randomElement(using: &random)! })
      }
      let parts = (0..<Int.random(in: 1...6, using: &random)).map { _ in
        Self.words.randomElement(using: &random)!
      }
      return "/" + parts.joined(separator: Int.random(in: 0..<8, using: &random) == 0 ? " " : "/")
    }
  }

  /// A word as a person types it: right, or with one or two mistakes (a key wrong, left out, extra, or
  /// two swapped).
  mutating func mistyped(_ word: String) -> String {
    var chars = Array(word)
    for _ in 0..<Int.random(in: 0...2, using: &random) where chars.count > 2 {
      let i = Int.random(in: 0..<(chars.count - 1), using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: chars.swapAt(i, i + 1)
      case 1: chars.remove(at: i)
      case 2: chars.insert(chars[i], at: i)
      default: chars[i] = "q"
      }
    }
    return String(chars)
  }

  /// Runs `keys` keys; a description of the first difference, or nil.
  mutating func check(keys: Int) -> String? {
    let all = corpus ?? lines(300)
    let streamed = Int.random(in: 0..<3, using: &random) == 0
    var pending = streamed ? Array(all.dropFirst(all.count / 3)) : []
    let h = Harness(
      streamed ? Array(all.prefix(all.count / 3)) : all, options + Self.bindings, stream: streamed)
    if Int.random(in: 0..<3, using: &random) == 0 { h.state.search.schedule.cache.wholeBudget = 0 }
    var typing: [Character] = []
    var log: [String] = []
    for _ in 0..<keys {
      if typing.isEmpty && Int.random(in: 0..<3, using: &random) == 0 {
        typing = Array(mistyped(Self.words.randomElement(using: &random)!))
      }
      let roll = Int.random(in: 0..<100, using: &random)
      switch roll {
      case 0..<50 where !typing.isEmpty:
        let c = typing.removeFirst()
        log.append(String(c))
        h.type(String(c))
      case 0..<60:
        let c = Array(" ^$'!|aeAx.é/").randomElement(using: &random)!
        log.append(String(c))
        h.type(String(c))
      case 60..<75:
        log.append("⌫")
        h.press(.backspace)
      case 75..<83:
        let word = mistyped(Self.words.randomElement(using: &random)!)
        log.append("paste(\(word))")
        h.press(.paste(Array(word.utf8)))
      case 83..<93:
        let (name, key) = Self.boundKeys[roll - 83]
        log.append(name)
        h.press(key)
      case 93..<94:
        // `reload`: other lines (some of the same) come in place of the old.
        let lines = Array(all.shuffled(using: &random).prefix(all.count / 2))
        log.append("reload(\(lines.count))")
        pending = []
        h.replace()
        h.add(lines)
        h.state.handle(.inputEnded)
        h.settle()
      default:
        guard !pending.isEmpty else { continue }
        let block = Array(pending.prefix(Int.random(in: 1...80, using: &random)))
        pending.removeFirst(block.count)
        log.append("+\(block.count) lines")
        h.add(block)
        if pending.isEmpty {
          h.state.handle(.inputEnded)
          h.settle()
        }
      }
      if let difference = Self.difference(h) {
        return "options \(options), keys \(log.joined(separator: " ")): \(difference)"
      }
    }
    return nil
  }

  /// How the picker's list differs from a fresh search of its query, or nil.
  static func difference(_ h: Harness) -> String? {
    let state = h.state
    let query = state.searchQuery
    let settings = state.searchSettings
    let expected = Array(Filter.run(query, in: state.store, settings: settings))
    let listed = (0..<state.listCount).map { state.line(at: $0) }
    let text = String(decoding: query, as: UTF8.self)
    guard listed == expected else {
      let missing = Set(expected).subtracting(listed).count
      let extra = Set(listed).subtracting(expected).count
      return
        "query \"\(text)\": \(listed.count) listed, \(expected.count) by the filter (\(missing) missing, "
        + "\(extra) extra)"
    }
    // The highlights the renderer draws (the reading of the search that ranked the lines) against a
    // fresh search's.
    guard !query.isEmpty, !expected.isEmpty else { return nil }
    var cache = PositionCache()
    var shown = cache.matcher(for: state.search.result, settings)
    let plan = SearchPlan(settings.pattern(query), ranking: settings.rank)
    let fresh = SearchRequest(
      generation: 0, plan: plan, store: state.store, broader: SearchRequest.Handoff(nil),
      candidateStart: state.candidateStart, tail: state.store.count..<state.store.count, base: nil,
      fields: settings.fields
    ).run()!
    var truth = Matcher(pattern: settings.pattern(query), runsFirst: fresh.runsFirst)
    for index in expected.prefix(20) {
      let line = Array(state.store.line(index))
      let drawn = shown.positions(line)
      let meant = truth.positions(line)
      if drawn != meant {
        return
          "query \"\(text)\": \(String(decoding: line, as: UTF8.self)) highlighted \(drawn ?? []), fresh \(meant ?? [])"
      }
    }
    return nil
  }
}

/// A small deterministic generator (SplitMix64), so a failing case can be replayed by its seed.
struct Seeded: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
