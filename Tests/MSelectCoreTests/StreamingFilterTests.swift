import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// `--filter` through a pipe matches blocks as they arrive: the result must be the one of the whole
/// input searched at once, whatever the block sizes and the options.
@Suite struct StreamingFilterTests {
  static let lines = (0..<6_000).map { i in
    "dir\(i % 97)/sub\(i % 13)/file_\(i)\(i % 5 == 0 ? ".swift" : ".txt")"
  }

  @Test(arguments: [
    ([String](), "fi sw"), (["--tac"], "file"), (["--no-sort"], "sub1"), (["--header-lines", "3"], "d"),
    ([], ""), (["--tac"], ""), (["--tiebreak", "begin,length"], "1/"), (["-e"], "_19"), ([], "zzz"),
  ])
  func blocksGiveTheWholeInputsResult(arguments: [String], query: String) throws {
    let options = try OptionParser.parse(arguments.map { Array($0.utf8) })
    let settings = options.scriptedSettings.search
    let whole = Filter.run(Array(query.utf8), in: store(Self.lines), settings: settings)
    for blockLines in [13, 777, 50_000] {
      let stream = StreamingFilter(Array(query.utf8), settings: settings)
      var splitter = LineSplitter(terminator: 10)
      for (i, line) in Self.lines.enumerated() {
        splitter.append(Array(line.utf8) + [10])
        if (i + 1) % blockLines == 0, let block = splitter.takeBlock(force: true) { stream.add(block) }
      }
      if let block = splitter.finish() { stream.add(block) }
      let (streamed, kept) = stream.finish()
      // The same lines in the same order (numbered within what was kept: blocks with few matches
      // keep only those lines).
      #expect(
        streamed.map { kept.lineBytes($0) } == whole.map { Array(Self.lines[$0].utf8) },
        "blocks of \(blockLines)")
    }
  }

  /// `--no-sort` prints each block's matches as it comes: block by block, they are the whole input's
  /// result, in input order (header lines left out, fields and negations as usual).
  @Test(arguments: [
    ([String](), "sub1"), (["--header-lines", "3"], "d"), ([], ""), (["--header-lines", "20"], ""),
    (["-d", "/", "--nth", "2"], "ub1 !_2"), (["-e"], "_19"), ([], "zzz"),
  ])
  func inputOrderBlocksGiveTheWholeInputsResult(arguments: [String], query: String) throws {
    let options = try OptionParser.parse((arguments + ["--no-sort"]).map { Array($0.utf8) })
    let settings = options.scriptedSettings.search
    #expect(InputOrderFilter.applies(to: settings))
    let whole = Filter.run(Array(query.utf8), in: store(Self.lines), settings: settings)
    for blockLines in [7, 500, 50_000] {
      let filter = InputOrderFilter(Array(query.utf8), settings: settings)
      var printed: [[UInt8]] = []
      var splitter = LineSplitter(terminator: 10)
      func take(_ block: LineBlock) {
        let (lines, store) = filter.matches(in: block)
        printed += lines.map { store.lineBytes($0) }
      }
      for (i, line) in Self.lines.enumerated() {
        splitter.append(Array(line.utf8) + [10])
        if (i + 1) % blockLines == 0, let block = splitter.takeBlock(force: true) { take(block) }
      }
      if let block = splitter.finish() { take(block) }
      #expect(printed == whole.map { Array(Self.lines[$0].utf8) }, "blocks of \(blockLines)")
    }
    let tac = try OptionParser.parse(["--no-sort", "--tac"].map { Array($0.utf8) })
    #expect(!InputOrderFilter.applies(to: tac.scriptedSettings.search))
  }

  /// A block whose matches are a small part of it keeps only those lines: its buffer goes back for
  /// the next read, and the result holds what it prints, not whole blocks.
  @Test func blocksWithFewMatchesKeepOnlyThoseLines() {
    let stream = StreamingFilter(Array("_19".utf8), settings: SearchSettings())
    var splitter = LineSplitter(terminator: 10)
    for (i, line) in Self.lines.enumerated() {
      splitter.append(Array(line.utf8) + [10])
      if (i + 1) % 1000 == 0, let block = splitter.takeBlock(force: true) { stream.add(block) }
    }
    if let block = splitter.finish() { stream.add(block) }
    let (found, kept) = stream.finish()
    let keptBytes = kept.blocks.reduce(0) { $0 + Int($1.starts[$1.count]) }
    let matchedBytes = found.map { kept.lineBytes($0).count + 1 }.reduce(0, +)
    #expect(keptBytes == matchedBytes)
    let whole = Filter.run(Array("_19".utf8), in: store(Self.lines), settings: SearchSettings())
    #expect(found.count == whole.count)
    #expect(found.count < Self.lines.count / 4)
  }
}

/// On large inputs a keystroke's search tells the exact count before it has scored the matches.
@Suite struct CountFirstTests {
  @Test func theExactCountComesBeforeTheRanking() {
    let lines = (0..<(SearchRequest.countFirst + 1000)).map { "item \($0 % 7919) x" }
    let h = Harness(lines)
    h.state.handle(.key(.char(UInt32(UInt8(ascii: "7")))))
    var previews: [SearchResult] = []
    var final: SearchResult?
    while let request = h.state.nextSearch() {
      final = request.run(preview: { previews.append($0) })
      h.state.handle(.searched(final!))
    }
    let expected = lines.filter { $0.contains("7") }.count
    #expect(final?.matchCount == expected)
    // First the count (with the best of the first matches on screen), then the true best lines.
    let counted = previews.filter { !$0.complete && $0.matchCount == expected }
    #expect(counted.count == 2)
    #expect(counted.allSatisfy { !$0.ranked.isEmpty })
  }
}

/// The lines a search accepts (the count-first pass) are the lines a plain line-by-line test accepts,
/// whether it skips (few lines hold a candidate), tests each line (most do), or walks a set.
@Suite struct AcceptedLinesTests {
  static let lines = (0..<40_000).map { i in
    "row \(i) \(i % 11 == 0 ? "zq" : "ab") \(i % 3 == 0 ? "é" : "e")"
  }

  @Test(arguments: ["zq", "ab", "row", "é", "qz", "o 1"])
  func sameAsTestingEachLine(query: String) {
    let s = store(Self.lines)
    var matcher = Matcher(pattern: Pattern(query))
    let expected = (0..<s.count).filter { matcher.accepts(s.line($0)) }.map { UInt32($0) }
    #expect(Search.matchingLines(Pattern(query), in: s, scope: .all(0..<s.count))?.lines == expected)
    // Within a set of every other line.
    let half = (0..<s.count).filter { $0 % 2 == 0 }.map { RankedLine(key: 0, index: UInt32($0)) }
    let set = LineSet(half, lineCount: s.count)
    #expect(
      Search.matchingLines(Pattern(query), in: s, scope: .set(set))?.lines == expected.filter { $0 % 2 == 0 })
  }
}

/// A set made of parts (one per slice of a count-first search) holds exactly their lines, also where
/// two parts share a word.
@Suite struct LineSetPartsTests {
  @Test(arguments: [
    [[0, 5, 63], [64, 100]],  // parts ending and starting on word bounds
    [[3, 70], [71, 72, 130], [], [131]],  // parts sharing words, and an empty one
    [[200, 65, 66], [10]],  // lines in any order within a part
  ])
  func holdsTheLinesOfItsParts(parts: [[UInt32]]) {
    let set = LineSet(parts.map { LineSet.Part($0) }, lineCount: 256)
    #expect(set.lines == parts.flatMap { $0 }.sorted())
    #expect(set.count == parts.reduce(0) { $0 + $1.count })
  }
}
