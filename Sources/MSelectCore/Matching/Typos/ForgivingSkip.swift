/// What the byte skip can look for on behalf of a term that forgives mistakes (`Term.typos`).
///
/// A line that matches the term with at most `budget` mistakes holds the characters of all its
/// places but `budget` (a swap keeps both, a wrong or an extra key loses one place each), so it holds
/// the character of at least one of any `budget + 1` places. The skip looks for the rarest such
/// characters: `fierfox` goes from line to line holding an `x` or an `f`, and passes over the 40 % of
/// paths-500k that hold neither.
struct ForgivingSkip {
  /// One character of the term (the places holding it counted once each).
  struct Character {
    /// Every encoding of a character that folds to it (`Term.encodings`).
    let encodings: [[UInt8]]
    /// The ASCII bytes among the encodings' first bytes.
    let ascii: [UInt8]
    /// Whether some encoding starts with a byte above 0x7F.
    let high: Bool
    /// How many of the term's places hold it.
    var places: Int
  }

  /// The term's distinct characters among its first `Matcher.prescanLength` places.
  let characters: [Character]
  /// The most places a match may lack.
  let budget: Int

  /// The bytes a skip compares a block with at once (`Prescan`'s four lanes).
  static let lanes = 4
  /// The cheapest characters tried together (the subsets of these are all costed).
  static let tried = 8

  /// Nil for a term that forgives nothing, or as many mistakes as it has places: any line matches.
  init?(_ term: Term) {
    let cut = term.prefix(Matcher.prescanLength)
    guard term.typos > 0, cut.chars.count > term.typos else { return nil }
    var characters: [Character] = []
    var seen: [UInt32: Int] = [:]
    for (k, c) in cut.chars.enumerated() {
      if let index = seen[c] {
        characters[index].places += 1
        continue
      }
      seen[c] = characters.count
      let firsts = Set(cut.encodings[k].map { $0[0] })
      characters.append(
        Character(
          encodings: cut.encodings[k], ascii: firsts.filter { $0 < 0x80 }.sorted(),
          high: firsts.contains { $0 >= 0x80 }, places: 1))
    }
    self.characters = characters
    budget = term.typos
  }

  /// The characters to look for: the set of fewest sample bytes (`counts` by byte value, `high`
  /// those above 0x7F, counted for any set whose characters have non-ASCII forms) that covers
  /// `budget + 1` places with at most `lanes` ASCII bytes; nil when no set fits.
  func cheapest(counts: UnsafeMutableBufferPointer<Int>, high: Int) -> (picked: [Int], cost: Int)? {
    let costs = characters.map { c in c.ascii.reduce(0) { $0 &+ counts[Int($1)] } }
    let order = Array(characters.indices.sorted { costs[$0] < costs[$1] }.prefix(ForgivingSkip.tried))
    // Each subset is a bit set over `order`, costed from these columns without building it: this
    // runs for every chunk of input scanned, and building each set as an array was 13 % of a rare
    // term's instructions over Debian's package list (`3ebpacker`).
    let places = order.map { characters[$0].places }
    let bytes = order.map { characters[$0].ascii.count }
    let highs = order.map { characters[$0].high }
    let orderCosts = order.map { costs[$0] }
    var best = 0
    var bestCost = Int.max
    for subset in 1..<(1 << order.count) {
      var (held, looked, cost, anyHigh) = (0, 0, 0, false)
      var bits = subset
      while bits != 0 {
        let k = bits.trailingZeroBitCount
        held += places[k]
        looked += bytes[k]
        cost &+= orderCosts[k]
        anyHigh = anyHigh || highs[k]
        bits &= bits &- 1
      }
      guard held > budget, looked <= ForgivingSkip.lanes else { continue }
      if anyHigh { cost &+= high }
      if cost < bestCost {
        best = subset
        bestCost = cost
      }
    }
    guard best != 0 else { return nil }
    return (order.indices.filter { best & 1 << $0 != 0 }.map { order[$0] }, bestCost)
  }

  /// The choice without a sample: as if every byte were as common.
  var initial: [Int]? {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
      counts.initialize(repeating: 1)
      return cheapest(counts: counts, high: 0)?.picked
    }
  }
}
