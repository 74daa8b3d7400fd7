import Testing

@testable import MSelectCore

/// The radix sort against a plain stable sort, over sizes that take one or two cores, key spreads
/// that need one, two or three digits, and results in one run or in many.
@Suite struct RadixSortTests {
  /// Lines in input order with random scores and tiebreak values below the given bounds.
  static func lines(_ count: Int, scores: UInt32, tiebreaks: UInt32, seed: UInt64) -> [RankedLine] {
    var state = seed
    func next(_ bound: UInt32) -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32((state >> 20) % UInt64(bound))
    }
    return (0..<count).map { i in
      RankedLine(key: (100 + next(scores)) << 16 | (7 + next(tiebreaks)), index: UInt32(i))
    }
  }

  static func expected(_ lines: [RankedLine], reverse: Bool) -> [Int] {
    lines.sorted { $0.key != $1.key ? $0.key < $1.key : reverse ? $0.index > $1.index : $0.index < $1.index }
      .map { Int($0.index) }
  }

  /// `lines` cut into runs of uneven sizes (some empty), as the slices of a search give them.
  static func runs(_ lines: [RankedLine]) -> [Search.Run] {
    var runs: [Search.Run] = []
    var start = 0
    var size = 1
    while start < lines.count {
      let end = min(lines.count, start + size)
      runs.append(Search.Run(Array(lines[start..<end])))
      runs.append(Search.Run([]))
      start = end
      size = size * 3 + 7
    }
    return runs
  }

  @Test(arguments: [
    (5_000, UInt32(300), UInt32(200)),  // one core, two digits
    (70_000, 300, 200),  // two cores
    (70_000, 3, 5),  // a single digit
    (70_000, 40_000, 40_000),  // three digits
    (70_000, 1, 1),  // all keys equal: input order
    (9_000, 60_000, 60_000),  // all 32 bits
    (17_000, 400, 2_000),  // a gap of equal bits between score and tiebreak: two passes
  ])
  func ranksLikeAStableSort(count: Int, scores: UInt32, tiebreaks: UInt32) {
    let input = Self.lines(count, scores: scores, tiebreaks: tiebreaks, seed: UInt64(count) &+ UInt64(scores))
    for reverse in [false, true] {
      let options = RankOptions(reverse: reverse)
      let want = Self.expected(input, reverse: reverse)
      var ranked = input
      Search.rank(&ranked, options)
      // The picker's form, which keeps the keys, from runs let go as they are read.
      var runs = Self.runs(input)
      let picked = Search.ranked(&runs, options)
      let results = [
        Array(Search.rankedIndices([Search.Run(input)], options)),
        Array(Search.rankedIndices(Self.runs(input), options)), ranked.map { Int($0.index) },
        picked.map { Int($0.index) },
      ]
      #expect(runs.isEmpty)
      for got in results {
        // The first difference, not two arrays of 70,000 numbers.
        let wrong = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(got.count == want.count && wrong == nil, "first wrong rank \(String(describing: wrong))")
      }
    }
  }

  /// (varying bits, lines, the windows' shift and width in turn)
  static let windowCases: [(UInt32, Int, [UInt32])] = [
    // A score in bits 16-24 and a length below 2^11, 17k lines (12-bit digits): two passes, not three.
    (0x01FF_07FF, 17_000, [0, 11, 16, 9]),
    (0, 17_000, [0, 0]),  // all keys equal: one pass keeps input order
    (0x0000_0100, 17_000, [8, 1]),  // a single bit
    (0xFFFF_FFFF, 17_000, [0, 12, 12, 12, 24, 8]),  // every bit
    (0x8000_0001, 100, [0, 1, 31, 1]),  // the lowest and the highest bit
    (0x00FF_FF00, 1 << 26, [8, 16]),  // 22-bit digits for many lines
  ]

  /// The passes cover the bits that differ between keys, and only those: equal bits between a score
  /// and a tiebreak cost no pass.
  @Test(arguments: windowCases)
  func passesCoverTheVaryingBits(varying: UInt32, lines: Int, expected: [UInt32]) {
    let windows = RadixSort.windows(varying: varying, lines: lines)
    #expect(windows.flatMap { [$0.shift, $0.width] } == expected)
  }

  /// The sort gives the pages of runs back to the system as it reads them, but only of runs nothing
  /// else holds: these are still read afterwards.
  @Test func runsHeldElsewhereKeepTheirLines() {
    let input = Self.lines(300_000, scores: 300, tiebreaks: 200, seed: 5)
    let runs = [Search.Run(input)]
    let ranked = Search.rankedIndices(runs, RankOptions())
    #expect(ranked.count == input.count)
    #expect(Array(runs[0].lines) == input)
  }

  @Test(arguments: [1, 2, 3, 7])
  func splitKeepsOrderAndBalances(parts: Int) {
    let lines = Self.lines(1000, scores: 5, tiebreaks: 5, seed: 1)
    let runs = Self.runs(lines)
    let groups = RadixSort.split(runs.map { UnsafeBufferPointer($0.lines) }, total: lines.count, parts: parts)
    #expect(groups.count == parts)
    let flattened = groups.flatMap { $0.flatMap { Array($0) } }
    #expect(flattened == lines)
    let sizes = groups.map { $0.reduce(0) { $0 + $1.count } }
    #expect(sizes.allSatisfy { abs($0 - lines.count / parts) <= 1 })
    withExtendedLifetime(runs) {}
  }
}
