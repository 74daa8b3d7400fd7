import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// A word typed with a slip ranks above letters strewn over a line while no line holds the query as
/// typed or as an abbreviation (`TypoSightings`), on every search path, and repairs rank by score
/// again once one does.
@Suite struct TypoTierTests {
  static let grove = "libxml-grove-perl - Perl module for parsed ML"
  /// `griv` at the line's start and an `e` inside a word: fzf rates it (123) above the repair (115).
  static let grivy = "grivy - tree"
  /// `gri` and `ve` each starting a word: `grive` read as an abbreviation, typed right.
  static let grinder = "grinder - Versatile read simulator"
  static let grivel = "xgrivex - holds the query as typed, inside a word"

  /// `query` over `lines` with `--typos`, through each way a search runs: the line table, the scan
  /// of a whole buffer in place, blocks of a stream (one line a block, so a line seen late settles
  /// the earlier ones), and the picker's search request.
  private func everyPath(_ query: String, _ lines: [String]) -> [[String]] {
    let settings = (try? OptionParser.parse([Array("--typos".utf8)]))!.scriptedSettings.search
    let q = Array(query.utf8)
    let table = Filter.run(q, in: store(lines), settings: settings).map { lines[$0] }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let owner = Shared(bytes)
    let scanned = bytes.withUnsafeBytes { buffer in
      let outcome = Filter.run(
        q, in: .bytes(buffer, terminator: 10, owner: owner as AnyObject), settings: settings)
      return outcome.lines.map { String(decoding: outcome.source.line($0), as: UTF8.self) }
    }
    let stream = StreamingFilter(q, settings: settings)
    var splitter = LineSplitter(terminator: 10)
    for line in lines {
      splitter.append(Array(line.utf8) + [10])
      if let block = splitter.takeBlock(force: true) { stream.add(block) }
    }
    if let block = splitter.finish() { stream.add(block) }
    let (streamed, kept) = stream.finish()
    let picked = SearchRequest(
      generation: 1, plan: settings.plan(q), store: store(lines), broader: SearchRequest.Handoff(nil),
      candidateStart: 0, tail: 0..<lines.count, base: nil, fields: settings.fields
    ).run()
    return [
      table, scanned, streamed.map { String(decoding: kept.lineBytes($0), as: UTF8.self) },
      picked?.ranked.map { lines[Int($0.index)] } ?? [],
    ]
  }

  @Test func aWordWithASlipRanksAboveLettersStrewnWhenNoLineHoldsTheQuery() {
    // Without the rule the strewn line comes first: its score is higher than the repair's.
    #expect(filter("grive", [Self.grivy, Self.grove]) == [Self.grivy])
    for ranked in everyPath("grive", [Self.grivy, Self.grove]) {
      #expect(ranked == [Self.grove, Self.grivy])
    }
  }

  @Test func aLineHoldingTheQueryAsAnAbbreviationKeepsTheRankingByScore() {
    for ranked in everyPath("grive", [Self.grove, Self.grinder]) {
      #expect(ranked == [Self.grinder, Self.grove])
    }
  }

  @Test(arguments: [
    ("shman", "/usr/share/man", true), ("usrlib", "/usr/lib", true),
    ("surrun", "/usr/lib/sdk/lib/surface/run", true),
    ("grive", "grinder - Versatile", true), ("grive", "grivy - tree", false), ("grive", "agrive", false),
    ("libswiftcore", "/usr/lib/swift/libswiftCore.so", true), ("sc", "SwiftCore", true),
  ])
  func abbreviationsAreTermsInPiecesAtWordStarts(term: String, line: String, holds: Bool) {
    var options = MatchOptions()
    options.typos = .byLength
    let pattern = Pattern(term, options: options)
    let chars = pattern.groups[0][0].chars
    let scratch = TypoScratch(sightings: nil)
    let found = Array(line.utf8).withUnsafeBytes { bytes in
      chars.withUnsafeBufferPointer { p in
        let text = Scorer.ASCIIText(
          bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
          fold: CharFold.table(pattern.groups[0][0].fold),
          pairs: CharFold.asciiPairs(pattern.groups[0][0].fold), count: bytes.count)
        return TypoSearch.holdsAtWordStarts(Scorer(), p, text, scratch)
      }
    }
    #expect(found == holds)
  }

  @Test func onceALineHoldsTheQueryRepairsRankByTheirScore() {
    // The line holding `grive` comes last in input order: the repair ranked first before it was
    // seen, and is ranked again, by its score (115) below the strewn line's (123).
    let lines = [Self.grove, Self.grivy, Self.grivel]
    for ranked in everyPath("grive", lines) {
      #expect(ranked == [Self.grivy, Self.grove, Self.grivel])
    }
  }

  @Test func theHighlightShowsTheRunWhenRunsRankFirst() {
    var options = MatchOptions()
    options.typos = .byLength
    let pattern = Pattern("grive", options: options)
    let line = Array("grinder - Versatile grove".utf8)
    var first = Matcher(pattern: pattern, runsFirst: true)
    #expect(first.positions(line) == Array(20...24))
    var byScore = Matcher(pattern: pattern, runsFirst: false)
    #expect(byScore.positions(line) != Array(20...24))
  }

  @Test func tiersStayWithinTheSortKey() {
    var options = MatchOptions()
    options.typos = .byLength
    let pattern = Pattern("grive", options: options)
    #expect(pattern.scoreBound > 2 * pattern.scoreBoundWithoutTiers)
    // Without typos, or with terms too short to forgive, nothing changes.
    #expect(Pattern("grive").sightings == nil)
    #expect(Pattern("griv", options: options).sightings == nil)
    #expect(Pattern("griv").scoreBound == Pattern("griv").scoreBoundWithoutTiers)
    // So many forgiving terms that tiers would pass the key's 16 bits: no tiers.
    let long = Pattern((0..<40).map { "word\($0)x" }.joined(separator: " "), options: options)
    #expect(long.sightings == nil)
    #expect(long.scoreBound <= Int(UInt16.max))
  }
}
