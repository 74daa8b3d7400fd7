import Glibc
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// What a long query costs beside a long line: a term written many times is matched once, so the
/// work follows the line's length, not the query's. CPU time of this thread, compared between two
/// query lengths (a bound that holds in debug and sanitizer builds too).
@Suite struct LongQueryCostTests {
  /// The lines `query` finds in `store`, and the CPU seconds it took.
  private static func filtered(_ query: [UInt8], _ store: LineStore, _ settings: SearchSettings) -> (
    Double, LineList
  ) {
    var found = LineList()
    let seconds = cpuSeconds { found = Filter.run(query, in: store, settings: settings) }
    return (seconds, found)
  }

  @Test func repeatedTermsCostWhatOneCopyCosts() throws {
    let long = (0..<40_000).map { "usr\($0 % 97)lib-share" }.joined(separator: "/")
    let store = LineStore(lines: [Array("/usr/bin/x".utf8), Array(long.utf8), Array("/etc/y".utf8)])
    let words = ["--exact", "-i", "--nth=2..", "--delimiter=/", "--literal"]
    let settings = try OptionParser.parse(words.map { Array($0.utf8) }).searchSettings
    func cost(copies: Int) -> (Double, LineList) {
      let query = Array(Array(repeating: "usr lib share", count: copies).joined(separator: " ").utf8)
      return LongQueryCostTests.filtered(query, store, settings)
    }
    _ = cost(copies: 2)
    let (short, few) = cost(copies: 4)
    let (long400, many) = cost(copies: 400)
    #expect(Array(few) == [1] && Array(many) == [1])
    // A hundred times the terms: one copy's work (matching them all was a hundred times as much).
    #expect(long400 < 5 * short + 0.01, "\(short) s, then \(long400) s")
  }

  /// Distinct fuzzy terms over a long line of non-ASCII text: each costs its first match and a window
  /// past it (fzf's slab, then greedy places), not the whole line, so a line four times as long costs
  /// about the same.
  @Test func aFuzzyTermOverALongLineCostsItsWindow() {
    var random = Seeded(state: 5)
    let letters = Array("абвгд ")
    // Random characters, 64 Ki of them repeated (past `Matcher.longLine` bytes both times).
    let block = Array(String((0..<(1 << 16)).map { _ in letters.randomElement(using: &random)! }).utf8)
    let terms = (0..<100).map { _ in
      String((0..<8).map { _ in letters.dropLast().randomElement(using: &random)! })
    }
    let query = Array(terms.joined(separator: " ").utf8)
    func cost(_ blocks: Int) -> (Double, LineList) {
      let line = Array([[UInt8]](repeating: block, count: blocks).joined())
      return LongQueryCostTests.filtered(query, LineStore(lines: [line, Array("x".utf8)]), SearchSettings())
    }
    _ = cost(16)
    let (short, few) = cost(16)
    let (long, many) = cost(64)
    #expect(Array(few) == [0] && Array(many) == [0])
    // Four times the line: the same work a term (reading the line to its end was four times it).
    #expect(long < 2 * short + 0.01, "\(short) s, then \(long) s")
  }

  /// `--nth 1,2..` reads the line as two pieces, term after term.
  @Test(arguments: ["--nth=2..", "--nth=1,2.."])
  func distinctExactTermsCostOnePassOfTheLine(nth: String) throws {
    // Each term sits inside words, never at a word's start: a scan a term read the whole line.
    let terms = (0..<800).map { "q\(String($0, radix: 26))z" }
    let long = (0..<24_000).map { "ab\(terms[$0 % terms.count])cd" }.joined(separator: "/")
    let store = LineStore(lines: [Array("/usr/bin/x".utf8), Array(long.utf8), Array("/etc/y".utf8)])
    let words = ["--exact", "-i", nth, "--delimiter=/"]
    let settings = try OptionParser.parse(words.map { Array($0.utf8) }).searchSettings
    func cost(distinct: Int) -> (Double, LineList) {
      let query = Array(terms.prefix(distinct).joined(separator: " ").utf8)
      return LongQueryCostTests.filtered(query, store, settings)
    }
    _ = cost(distinct: 8)
    let (short, few) = cost(distinct: 8)
    let (long800, many) = cost(distinct: 800)
    #expect(Array(few) == [1] && Array(many) == [1])
    // A hundred times the terms, each found in the same pass (one pass a term was a hundred times it).
    #expect(long800 < 5 * short + 0.01, "\(short) s, then \(long800) s")
  }

  @Test func manyNegationsCostOnePassALine() throws {
    // Every negation must be looked for in every line: one by one, ten times the terms were ten
    // times the work.
    let store = LineStore(lines: (0..<20_000).map { Array("/usr/share/doc/package-\($0)/README.md".utf8) })
    let settings = try OptionParser.parse([Array("--exact".utf8)]).searchSettings
    func cost(distinct: Int) -> (Double, Int) {
      let query = Array((0..<distinct).map { "!zq\(String($0, radix: 26))x" }.joined(separator: " ").utf8)
      let (seconds, found) = LongQueryCostTests.filtered(query, store, settings)
      return (seconds, found.count)
    }
    _ = cost(distinct: 64)
    let (short, few) = cost(distinct: 64)
    let (long, many) = cost(distinct: 640)
    #expect(few == 20_000 && many == 20_000)
    #expect(long < 4 * short + 0.01, "\(short) s, then \(long) s")
  }

  @Test func aRepeatedTermScoresAsOftenAsItIsWritten() {
    // As in fzf, each copy adds its score: the ranking of a query with repeats is fzf's.
    let line = "/usr/lib/share/doc"
    let one = score("usr", line)
    let lib = score("lib", line)
    #expect(one != nil && lib != nil)
    #expect(score("usr usr lib usr", line) == one.map { 3 * $0 + lib! })
    #expect(score("sh | man sh | man", line) == score("sh", line).map { 2 * $0 })
  }
}
