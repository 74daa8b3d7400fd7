/// The exact terms of a query looked for together in one pass along a long line (an Aho-Corasick
/// automaton over their folded characters), so that thousands of distinct terms beside a line of
/// megabytes cost one pass of the line rather than one a term. Each term's place is the one
/// `Matcher.exact` chooses (the highest start bonus, the first such, a word boundary ending the
/// search; the last such when searching backward), and its score is scored there.
///
/// Made only for queries with several distinct exact terms of ASCII characters (`minimumTerms`),
/// and used only on lines of `minimumBytes` or more: below that, one scan a term is cheaper.
struct ExactTermScan {
  /// The fewest distinct terms worth an automaton.
  static let minimumTerms = 8
  /// The shortest line searched with it.
  static let minimumBytes = 1 << 16

  /// Each term's characters, by its number.
  private let terms: [[UInt32]]
  private let numbers: [[UInt32]: Int]
  /// The fold the terms share (`Term.fold`): the line is folded with it.
  private let fold: CharFold.Mode
  /// A folded ASCII character's column in `next` (0: a character no term holds).
  private let columns: [Int32]
  private let width: Int
  /// The automaton: the state after reading a character, `width` columns a state.
  private let next: [Int32]
  /// The term ending at a state, or -1.
  private let ending: [Int32]
  /// The nearest state along the failure links where a term ends, or -1.
  private let outputLink: [Int32]
  /// A power of two past the longest term and the character before it: the characters kept behind
  /// the one read, from which a place's bonus and score are worked out.
  private let window: Int

  /// The scan of `pattern`'s exact terms, or nil when there are too few of them to be worth it.
  init?(_ pattern: Pattern) {
    var numbers: [[UInt32]: Int] = [:]
    var terms: [[UInt32]] = []
    var fold: CharFold.Mode?
    for term in pattern.groups.joined() where term.kind == .exact && !term.chars.isEmpty {
      guard term.chars.allSatisfy({ $0 < 0x80 }), fold == nil || fold == term.fold else { continue }
      fold = term.fold
      if numbers[term.chars] == nil {
        numbers[term.chars] = terms.count
        terms.append(term.chars)
      }
    }
    guard let fold, terms.count >= ExactTermScan.minimumTerms else { return nil }
    self.terms = terms
    self.numbers = numbers
    self.fold = fold
    var columns = [Int32](repeating: 0, count: 0x80)
    var width = 1
    for c in Set(terms.joined()).sorted() {
      columns[Int(c)] = Int32(width)
      width += 1
    }
    self.columns = columns
    self.width = width
    (next, ending, outputLink) = ExactTermScan.automaton(terms, columns: columns, width: width)
    var window = 2
    while window < (terms.map(\.count).max() ?? 0) + 2 { window <<= 1 }
    self.window = window
  }

  /// The trie of `terms` completed into an automaton (breadth first, each state's missing moves
  /// taken from its failure state's), with the term ending at each state and the output links.
  private static func automaton(_ terms: [[UInt32]], columns: [Int32], width: Int) -> (
    next: [Int32], ending: [Int32], outputLink: [Int32]
  ) {
    var next = [Int32](repeating: -1, count: width)
    var ending: [Int32] = [-1]
    for (number, chars) in terms.enumerated() {
      var state = 0
      for c in chars {
        let slot = state * width + Int(columns[Int(c)])
        if next[slot] < 0 {
          next[slot] = Int32(ending.count)
          ending.append(-1)
          next.append(contentsOf: repeatElement(-1, count: width))
        }
        state = Int(next[slot])
      }
      ending[state] = Int32(number)
    }
    var failure = [Int32](repeating: 0, count: ending.count)
    var outputLink = [Int32](repeating: -1, count: ending.count)
    var queue: [Int] = []
    for column in 0..<width {
      if next[column] < 0 { next[column] = 0 } else { queue.append(Int(next[column])) }
    }
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      let fallback = Int(failure[state])
      outputLink[state] = ending[fallback] >= 0 ? Int32(fallback) : outputLink[fallback]
      for column in 0..<width {
        let slot = state * width + column
        let target = next[fallback * width + column]
        if next[slot] < 0 {
          next[slot] = target
        } else {
          failure[Int(next[slot])] = target
          queue.append(Int(next[slot]))
        }
      }
    }
    return (next, ending, outputLink)
  }

  /// The number of `term` in the scan's results, or nil when the scan does not look for it.
  func number(of term: Term) -> Int? {
    term.kind == .exact && term.fold == fold ? numbers[term.chars] : nil
  }

  /// Each term's match in the `n` bytes at `p` (nil where it does not occur), in characters.
  func matches(
    _ p: UnsafePointer<UInt8>, _ n: Int, scorer: Scorer, knownClasses: UnsafeMutablePointer<UInt8>
  ) -> [Match?] {
    var best = [Match?](repeating: nil, count: terms.count)
    var bonuses = [Int32](repeating: -1, count: terms.count)
    var settled = [Bool](repeating: false, count: terms.count)
    let table = CharFold.table(fold)
    let kept = UnsafeMutablePointer<UInt32>.allocate(capacity: window)
    defer { kept.deallocate() }
    let text = WindowText(kept: kept, mask: window - 1, knownClasses: knownClasses)
    var state = 0
    var i = 0
    var c = 0
    while i < n {
      let (raw, length) = Matcher.scalar(p, i, n)
      kept[c & (window - 1)] = raw
      let folded = CharFold.fold(raw, table)
      state = Int(next[state * width + (folded < 0x80 ? Int(columns[Int(folded)]) : 0)])
      var found = ending[state] >= 0 ? state : Int(outputLink[state])
      while found >= 0 {
        let number = Int(ending[found])
        found = Int(outputLink[found])
        if settled[number] { continue }
        let m = terms[number].count
        let start = c - m + 1
        let bonus = scorer.startBonus(at: start, text)
        let boundary = bonus >= Scorer.bonusBoundary
        // As `Matcher.exact` chooses: forward, the first of the highest bonus, a boundary ending the
        // search; backward, the last at a boundary, else the last of the highest bonus.
        let better =
          scorer.backward
          ? boundary || (bonuses[number] < Scorer.bonusBoundary && bonus >= bonuses[number])
          : bonus > bonuses[number]
        if better {
          bonuses[number] = bonus
          let score = scorer.score(contiguousAt: start, length: m, text: text)
          best[number] = Match(score: score, begin: start, end: c)
        }
        if boundary && !scorer.backward { settled[number] = true }
      }
      i += length
      c += 1
    }
    return best
  }
}

/// The last characters read of a line, as the scorer reads a text: enough of them to score a place
/// that ends at the one read last.
private struct WindowText: ScoredText {
  let kept: UnsafeMutablePointer<UInt32>
  let mask: Int
  let knownClasses: UnsafeMutablePointer<UInt8>
  /// Not known while reading; the scorer reads only the characters of a place and the one before it.
  var count: Int { Int.max }

  func raw(_ j: Int) -> UInt32 { kept[j & mask] }
  func folded(_ j: Int) -> UInt32 { kept[j & mask] }
  func charClass(_ j: Int, _ table: UnsafePointer<CharClass>) -> CharClass {
    CharClass.of(kept[j & mask], table, known: knownClasses)
  }
}
