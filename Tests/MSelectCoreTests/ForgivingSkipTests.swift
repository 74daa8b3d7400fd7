import Testing

@testable import MSelectCore

/// Which characters a forgiving term's skip looks for: the cheapest set that covers one more place
/// than the budget within the skip's byte lanes, as a plain search over every set finds it.
@Suite struct ForgivingSkipTests {
  /// The definition, spelled out: every subset of the eight cheapest characters as an array, the
  /// first of the lowest cost kept.
  private func reference(_ skip: ForgivingSkip, _ counts: [Int], high: Int) -> (picked: [Int], cost: Int)? {
    let costs = skip.characters.map { c in c.ascii.reduce(0) { $0 + counts[Int($1)] } }
    let order = Array(skip.characters.indices.sorted { costs[$0] < costs[$1] }.prefix(ForgivingSkip.tried))
    var best: (picked: [Int], cost: Int)?
    for subset in 1..<(1 << order.count) {
      let picked = order.indices.filter { subset & 1 << $0 != 0 }.map { order[$0] }
      guard picked.map({ skip.characters[$0].places }).reduce(0, +) > skip.budget,
        picked.map({ skip.characters[$0].ascii.count }).reduce(0, +) <= ForgivingSkip.lanes
      else { continue }
      let cost =
        picked.map { costs[$0] }.reduce(0, +) + (picked.contains { skip.characters[$0].high } ? high : 0)
      if best == nil || cost < best!.cost { best = (picked, cost) }
    }
    return best
  }

  /// Terms with repeated letters, letters with two cases and non-ASCII forms, budgets of one and two,
  /// over random byte counts (many ties among small counts).
  @Test(arguments: [
    ("fierfox", 1), ("sahreman", 1), ("libswiftcroe", 2), ("xylophoné", 1), ("aaaaab", 1), ("éèêëe", 1),
    ("x1y2z3-w4v5", 2),
  ])
  func picksTheCheapestSetThatCoversTheBudget(query: String, budget: Int) throws {
    var options = MatchOptions()
    options.typos = .perTerm(budget)
    let term = try #require(Pattern(query, options: options).groups.first?.first)
    let skip = try #require(ForgivingSkip(term))
    var random = SparseScorerTests.Generator(state: 11)
    var found = 0
    for round in 0..<200 {
      var counts = (0..<256).map { _ in random.next(round % 2 == 0 ? 4 : 1000) }
      let high = random.next(50)
      if round == 0 { counts = Array(repeating: 1, count: 256) }
      let expected = reference(skip, counts, high: high)
      let got = counts.withUnsafeMutableBufferPointer { skip.cheapest(counts: $0, high: high) }
      #expect(got?.picked == expected?.picked && got?.cost == expected?.cost, "\(query) round \(round)")
      if expected != nil { found += 1 }
    }
    #expect(found > 0)
  }
}
