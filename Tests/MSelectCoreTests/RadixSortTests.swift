import Testing

@testable import MSelectCore

/// The radix sort against a plain stable sort, over sizes that take one or two cores and key spreads
/// that need one, two or three digits, or a comparison sort.
@Suite struct RadixSortTests {
  /// Lines in input order with random scores and tiebreak values below the given bounds.
  static func lines(_ count: Int, scores: UInt64, tiebreaks: UInt64, seed: UInt64) -> [RankedLine] {
    var state = seed
    func next(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 20) % bound
    }
    return (0..<count).map { i in
      RankedLine(key: (1000 + next(scores)) << 32 | (7 + next(tiebreaks)), index: UInt32(i))
    }
  }

  static func expected(_ lines: [RankedLine], reverse: Bool) -> [Int] {
    lines.sorted { $0.key != $1.key ? $0.key < $1.key : reverse ? $0.index > $1.index : $0.index < $1.index }
      .map { Int($0.index) }
  }

  @Test(arguments: [
    (5_000, UInt64(300), UInt64(200)),  // one core, two digits
    (70_000, 300, 200),  // two cores
    (70_000, 3, 5),  // a single digit
    (70_000, 40_000, 40_000),  // three digits
    (70_000, 1, 1),  // all keys equal: input order
    (9_000, 1 << 20, 1 << 20),  // too wide: comparison sort
  ])
  func ranksLikeAStableSort(count: Int, scores: UInt64, tiebreaks: UInt64) {
    let input = Self.lines(count, scores: scores, tiebreaks: tiebreaks, seed: UInt64(count) &+ scores)
    for reverse in [false, true] {
      let options = RankOptions(reverse: reverse)
      let want = Self.expected(input, reverse: reverse)
      var ranked = input
      Search.rank(&ranked, options)
      for got in [Search.rankedIndices(input, options), ranked.map { Int($0.index) }] {
        // The first difference, not two arrays of 70,000 numbers.
        let wrong = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(got.count == want.count && wrong == nil, "first wrong rank \(String(describing: wrong))")
      }
    }
  }

  @Test func refusesKeysWiderThanItsDigits() {
    let input = Self.lines(5_000, scores: 1 << 20, tiebreaks: 1 << 20, seed: 3)
    var out = [Int](repeating: -1, count: input.count)
    let done = input.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { RadixSort.sort(source, into: .indices($0.baseAddress!)) }
    }
    #expect(!done)
    #expect(out.allSatisfy { $0 == -1 })
  }
}
