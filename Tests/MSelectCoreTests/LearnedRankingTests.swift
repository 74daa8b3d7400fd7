import Testing

@testable import MSelectCore

/// `--learn`: what the store keeps, how it ages and stays bounded, and how it moves lines.
struct LearnedRankingTests {
  static let hasher = KeyedHash(k0: 0x0123_4567_89AB_CDEF, k1: 0xFEDC_BA98_7654_3210)
  static let now: Int64 = 1_800_000_000

  /// A store where each of `picks` was picked `times` times with `query`, at `now`.
  private func learned(_ picks: [(line: String, query: String, times: Int)]) -> LearnedRanking {
    var store = LearnedStore()
    for pick in picks {
      for _ in 0..<pick.times {
        store.record(
          [LearnedStore.Line(Array(pick.line.utf8), key: Self.hasher)],
          queries: LearnedQuery.prefixHashes(Array(pick.query.utf8), hasher: Self.hasher), now: Self.now)
      }
    }
    return LearnedRanking(store: store, hasher: Self.hasher, now: Self.now)
  }

  /// `query` over `lines` with `learned`, best first, through the line table and through the
  /// in-place scan of a whole buffer (the two `--filter` paths of a file).
  private func ranked(_ query: String, _ lines: [String], _ learned: LearnedRanking?) -> [String] {
    var settings = SearchSettings()
    settings.rank.learned = learned
    let table = Filter.run(Array(query.utf8), in: store(lines), settings: settings).map { lines[$0] }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let owner = Shared(bytes)
    let scanned = bytes.withUnsafeBytes { buffer in
      let outcome = Filter.run(
        Array(query.utf8), in: .bytes(buffer, terminator: 10, owner: owner as AnyObject), settings: settings)
      return outcome.lines.map { String(decoding: outcome.source.line($0), as: UTF8.self) }
    }
    #expect(table == scanned, "the two paths differ for \(query)")
    return table
  }

  static let paths = [
    "src/templates/base.html", "src/temp.c", "docs/template-guide.md", "lib/tmpl/parse.go",
    "test/fixtures/templ_output.txt", "Makefile", "README.md", "src/main.c", "tools/temperature.py",
  ]

  @Test(arguments: ["", "t", "te", "templ", "src", "!md", "xyz", "^s c$", "temp | make"])
  func anEmptyStoreOrOneKnowingNoLineChangesNothing(query: String) {
    let plain = ranked(query, Self.paths, nil)
    #expect(ranked(query, Self.paths, learned([])) == plain)
    #expect(ranked(query, Self.paths, learned([("not/an/input/line", "te", 5)])) == plain)
  }

  @Test func theLinePickedForAQueryComesFirstForItEvenWhenAnotherIsShorter() {
    let before = ranked("templ", Self.paths, nil)
    #expect(before.first != "test/fixtures/templ_output.txt")
    let after = ranked("templ", Self.paths, learned([("test/fixtures/templ_output.txt", "templ", 2)]))
    #expect(after.first == "test/fixtures/templ_output.txt")
    // The others keep their order.
    #expect(after.dropFirst() == before.filter { $0 != "test/fixtures/templ_output.txt" }[...])
  }

  @Test func whatIsTypedOnTheWayToTheLearnedQueryFindsTheLineToo() {
    let lines = ["a/template.go", "b/tea.go", "c/te.go"]
    #expect(ranked("te", lines, nil).first == "c/te.go")
    #expect(ranked("te", lines, learned([("a/template.go", "templ", 3)])).first == "a/template.go")
  }

  @Test func aPoorMatchBeatsAnExcellentOneOnlyWithAStrongHistory() {
    // `tmp` matches `tmp/x` excellently (a prefix: 88) and `atxmxp` poorly (scattered, mid-word: 42).
    let lines = ["tmp/x", "atxmxp"]
    #expect(ranked("tmp", lines, nil) == lines)
    #expect(ranked("tmp", lines, learned([("atxmxp", "tmp", 1)])) == lines)
    #expect(ranked("tmp", lines, learned([("atxmxp", "tmp", 2)])) == lines)
    // Three picks with the query and no other line's: the favorite (see below).
    #expect(ranked("tmp", lines, learned([("atxmxp", "tmp", 3)])) == ["atxmxp", "tmp/x"])
    #expect(ranked("tmp", lines, learned([("atxmxp", "tmp", 10)])) == ["atxmxp", "tmp/x"])
    // Picked as often, but never with this query: it stays below.
    #expect(ranked("tmp", lines, learned([("atxmxp", "zzz", 10)])) == lines)
  }

  /// The line picked most often with a query (at least three times, and more than any other line
  /// picked with it) comes first for that query, however well another matches or was picked.
  @Test func theLinePickedEveryTimeComesFirst() {
    let lines = ["etc/conf.d/net", "lib/common/net/file.txt", "src/config.h", "docs/conference.md"]
    let plain = ranked("conf", lines, nil)
    #expect(plain.first != "lib/common/net/file.txt")
    let habit = learned([("lib/common/net/file.txt", "conf", 9), ("etc/conf.d/net", "conf", 2)])
    #expect(ranked("conf", lines, habit).first == "lib/common/net/file.txt")
    // Typed on the way to it, the query is learned too (its prefixes are).
    #expect(ranked("con", lines, habit).first == "lib/common/net/file.txt")
    // Two picks make no favorite, nor do two lines picked as often, nor picks with another query.
    func isFavorite(_ picks: [(line: String, query: String, times: Int)]) -> Bool {
      let boosts = learned(picks).boosts(for: Array("conf".utf8), ranksNothing: false)
      return Array("lib/common/net/file.txt".utf8).withUnsafeBytes { boosts.points(for: $0) }
        == Int(LearnedBoosts.favorite)
    }
    #expect(isFavorite([("lib/common/net/file.txt", "conf", 3)]))
    #expect(!isFavorite([("lib/common/net/file.txt", "conf", 2)]))
    #expect(!isFavorite([("lib/common/net/file.txt", "conf", 5), ("docs/conference.md", "conf", 5)]))
    #expect(!isFavorite([("lib/common/net/file.txt", "zzz", 9)]))
  }

  @Test func theEmptyQueryListsLearnedLinesFirstStrongestFirst() {
    let lines = ["a", "b", "c", "d", "e"]
    let learned = learned([("d", "", 1), ("b", "x", 4)])
    #expect(ranked("", lines, learned) == ["b", "d", "a", "c", "e"])
    // Negations only rank nothing either.
    #expect(ranked("!e", lines, learned) == ["b", "d", "a", "c"])
  }

  @Test func noSortKeepsInputOrder() {
    var settings = SearchSettings()
    settings.rank.sort = false
    settings.rank.learned = learned([("c", "", 3)])
    #expect(Array(Filter.run([], in: store(["a", "b", "c"]), settings: settings)) == [0, 1, 2])
  }

  @Test func weightsHalveEveryHalfLife() {
    var store = LearnedStore()
    let seven = LearnedStore.Line(hash: 7, tag: 7)
    store.record([seven], queries: [], now: 0)
    store.record([seven], queries: [], now: 0)
    let later = Int64(LearnedStore.halfLife)
    #expect(abs(store.weight(of: 7, now: later) - 1) < 1e-9)
    #expect(abs(store.weight(of: 7, now: 3 * later) - 0.25) < 1e-9)
    // A new pick adds one to what is left.
    store.record([seven], queries: [], now: later)
    #expect(abs(store.weight(of: 7, now: later) - 2) < 1e-9)
  }

  @Test func theStoreIsBoundedTheWeakestGoFirst() {
    var store = LearnedStore()
    let one = LearnedStore.Line(hash: 1, tag: 1)
    store.record([one], queries: [], now: 0)
    store.record([one], queries: [], now: 0)
    for hash in 2...UInt64(LearnedStore.maxLines + 10) {
      store.record([LearnedStore.Line(hash: hash, tag: 0)], queries: [], now: 0)
    }
    #expect(store.entries.count == LearnedStore.maxLines)
    #expect(store.entries[1] != nil)
    let queries = (0..<UInt64(100)).map { $0 }
    store.record([one], queries: queries, now: 0)
    #expect(store.entries[1]!.queries.count == LearnedStore.maxQueries)
  }

  @Test func theStoreReadsBackWhatItWrites() {
    let learned = learned([("one", "on", 2), ("two", "", 1)])
    let lines = learned.store.lines
    #expect(lines.first == LearnedStore.header)
    #expect(LearnedStore(lines: lines) == learned.store)
    // A damaged line costs that line only; a file of another format reads as empty.
    #expect(LearnedStore(lines: lines + [Array("zz 1 2 3".utf8), Array("garbage".utf8)]) == learned.store)
    #expect(LearnedStore(lines: [Array("mselect-learn 1".utf8)] + lines.dropFirst()).entries.isEmpty)
  }

  @Test func theStoreHoldsNoLineAndNoQueryBytes() {
    let line = "secret/PLANS-kxq.txt"
    let store = learned([(line, "PLANS-kxq", 3)]).store
    let text = String(decoding: Array(store.lines.joined(separator: [10])), as: UTF8.self)
    for word in ["secret", "PLANS", "plans", "kxq", ".txt"] { #expect(!text.contains(word)) }
  }

  @Test func queriesAreLearnedLowercasedAndSqueezed() {
    #expect(LearnedQuery.normalized(Array("  Foo   BAR ".utf8)) == "foo bar")
    #expect(LearnedQuery.prefixHashes(Array("ab".utf8), hasher: Self.hasher).count == 2)
    #expect(LearnedQuery.prefixHashes(Array("   ".utf8), hasher: Self.hasher).isEmpty)
  }

  @Test func theKeyAndTheDomainChangeTheHash() {
    let bytes = Array("line".utf8)
    let other = KeyedHash(k0: 1, k1: 2)
    #expect(Self.hasher.hash(bytes) != other.hash(bytes))
    #expect(Self.hasher.hash(bytes) != Self.hasher.hash(bytes, domain: 1))
    #expect(Self.hasher.hash(bytes) == Self.hasher.hash(bytes))
    // Every length up to two words hashes apart from its neighbours.
    let hashes = (0...17).map { Self.hasher.hash(Array(repeating: UInt8(0), count: $0)) }
    #expect(Set(hashes).count == hashes.count)
  }

  @Test func tagsTellMostLinesApartAndNeverMissALearnedOne() {
    // The same line, the same tag; lines differing anywhere in their first or last 8 bytes or in
    // length mostly differ.
    let lines = (0..<2000).map { Array("src/module\($0)/file.swift".utf8) }
    let tags = lines.map { Self.hasher.tag($0) }
    #expect(lines.map { Self.hasher.tag($0) } == tags)
    #expect(Set(tags).count > 1900)
    #expect(Self.hasher.tag(Array("a".utf8)) != Self.hasher.tag(Array("b".utf8)))
    // Every learned line is found through its tag, whatever its length.
    let picked = ["", "a", "abcdefg", "abcdefgh", String(repeating: "x", count: 300)]
    let learned = learned(picked.map { ($0, "", 2) })
    #expect(ranked("", picked.reversed() + ["other"], learned).last == "other")
  }

  @Test func forgettingDropsTheLine() {
    let learned = learned([("c", "", 3)])
    #expect(ranked("", ["a", "b", "c"], learned) == ["c", "a", "b"])
    #expect(ranked("", ["a", "b", "c"], learned.forgetting(Array("c".utf8))) == ["a", "b", "c"])
  }
}
