/// The exact terms of a query looked for together in one pass along a long line (an Aho-Corasick
/// automaton over their folded characters), so that thousands of distinct terms beside a line of
/// megabytes cost one pass of the line rather than one a term. Each term's place is the one
/// `Scorer.exact` chooses (the highest start bonus, the first such, a word boundary ending the
/// search; the last such when searching backward), and its score is scored there.
///
/// Made (once a pattern) only for queries with several distinct exact terms of ASCII characters
/// (`minimumTerms`), and used on lines of `minimumBytes` or more, or on every line when the terms are
/// `manyTerms` or more (a query pasted from a list, whose negations each read every line): below
/// that, a scan a term is cheaper.
package struct ExactTermScan: Sendable, Equatable {
  /// The fewest distinct terms worth an automaton.
  static let minimumTerms = 8
  /// The shortest line searched with it, unless the terms are `manyTerms` or more.
  static let minimumBytes = 1 << 16
  static let manyTerms = 64

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
  /// For each group of the pattern, each term's number here, or -1 when it is not looked for.
  let groupNumbers: [[Int32]]
  /// The groups the pass does not answer for whole (all but those of one term it looks for), which
  /// the matcher goes through as usual.
  let uncovered: [Int]
  /// For each term, how often a group of it alone is written (0: none is), and whether a group of
  /// it alone negated rules out the lines that have it.
  private let weights: [Int32]
  private let rejecting: [Bool]
  /// How many terms have a weight: a line must have them all.
  private let required: Int

  /// The scan of the exact terms of a pattern's `groups`, or nil when there are too few of them to
  /// be worth it.
  init?(_ groups: [[Term]], repeats: [Int32]) {
    var numbers: [[UInt32]: Int] = [:]
    var terms: [[UInt32]] = []
    var fold: CharFold.Mode?
    for term in groups.joined() where term.kind == .exact && !term.chars.isEmpty {
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
    let groupNumbers = groups.map { group in
      group.map { term in Int32(term.kind == .exact && term.fold == fold ? numbers[term.chars] ?? -1 : -1) }
    }
    var weights = [Int32](repeating: 0, count: terms.count)
    var rejecting = [Bool](repeating: false, count: terms.count)
    var uncovered: [Int] = []
    for (g, group) in groups.enumerated() {
      guard group.count == 1, groupNumbers[g][0] >= 0 else {
        uncovered.append(g)
        continue
      }
      let number = Int(groupNumbers[g][0])
      if group[0].inverse {
        rejecting[number] = true
      } else {
        weights[number] = Int32(clamping: Int(weights[number]) + Int(repeats[g]))
      }
    }
    self.groupNumbers = groupNumbers
    self.uncovered = uncovered
    self.weights = weights
    self.rejecting = rejecting
    required = weights.filter { $0 > 0 }.count
  }

  /// What the groups the scan answers for whole make of a line, from `pass` over it: nil when one
  /// fails (a term missing, a negation there); else their scores, each as often as written, and the
  /// span of their terms (`Int.max` as `begin` when none is positive: `TermGroups.combine` goes on from
  /// it), their places appended to `positions`.
  func summary(of pass: ExactScanPass, positions: UnsafeMutablePointer<[Int]>?) -> Match? {
    var total = Match(score: 0, begin: Int.max, end: 0, firstEnd: Int.max)
    var found = 0
    for number in pass.touched {
      let number = Int(number)
      if rejecting[number] { return nil }
      guard weights[number] > 0, let match = pass.match(number) else { continue }
      found += 1
      total.score = Int32(clamping: Int(total.score) + Int(match.score) * Int(weights[number]))
      total.begin = min(total.begin, match.begin)
      total.end = max(total.end, match.end)
      total.firstEnd = min(total.firstEnd, match.end)
    }
    guard found == required else { return nil }
    if let positions {
      for number in pass.touched where weights[Int(number)] > 0 {
        if let match = pass.match(Int(number)) {
          positions.pointee.append(contentsOf: match.begin...match.end)
        }
      }
    }
    return total
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

  /// Which lines a matcher reads with the scan.
  package enum Lines: Sendable {
    /// Long lines, or all of them for many terms (`reads`).
    case asWorthIt
    case every
    case none
  }

  /// Whether the scan reads a line of `bytes` bytes.
  func reads(_ bytes: Int) -> Bool {
    bytes >= ExactTermScan.minimumBytes || terms.count >= ExactTermScan.manyTerms
  }

  /// Each term's match in the `n` bytes at `p`, in characters, left in `pass`.
  func run(
    _ p: UnsafePointer<UInt8>, _ n: Int, into pass: ExactScanPass, scorer: Scorer,
    knownClasses: UnsafeMutablePointer<UInt8>
  ) {
    let kept = pass.begin(count: terms.count, window: window)
    let table = CharFold.table(fold)
    let text = WindowText(kept: kept, mask: window - 1, knownClasses: knownClasses)
    var state = 0
    var i = 0
    var c = 0
    while i < n {
      let (raw, length) = LongLine.scalar(p, i, n)
      kept[c & (window - 1)] = raw
      let folded = CharFold.fold(raw, table)
      state = Int(next[state * width + (folded < 0x80 ? Int(columns[Int(folded)]) : 0)])
      var found = ending[state] >= 0 ? state : Int(outputLink[state])
      while found >= 0 {
        let number = Int(ending[found])
        found = Int(outputLink[found])
        let previous = pass.bonus(number)
        // Forward, a place at a word boundary ended the term's search.
        if previous >= Scorer.bonusBoundary && !scorer.backward { continue }
        let m = terms[number].count
        let start = c - m + 1
        let bonus = scorer.startBonus(at: start, text)
        // As `Scorer.exact` chooses: forward, the first of the highest bonus; backward, the last at
        // a boundary, else the last of the highest bonus.
        let better =
          scorer.backward
          ? bonus >= Scorer.bonusBoundary || (previous < Scorer.bonusBoundary && bonus >= previous)
          : bonus > previous
        if better {
          let score = scorer.score(contiguousAt: start, length: m, text: text)
          pass.keep(number, Match(score: score, begin: start, end: c), bonus: bonus)
        }
      }
      i += length
      c += 1
    }
  }
}

/// What one run of an `ExactTermScan` found on a line, term by term; reused line after line (an
/// entry counts only when stamped by the current run, so a line costs nothing in the number of
/// terms it lacks).
final class ExactScanPass {
  /// The run's results stand for the line being matched (`Matcher` clears it for each line).
  var valid = false
  private var stamps: [UInt32] = []
  private var matches: [Match] = []
  private var bonuses: [Int32] = []
  private var generation: UInt32 = 0
  /// The terms the run found, each once.
  private(set) var touched: [Int32] = []
  /// The characters a run keeps behind the one it reads (`ExactTermScan.window` of them).
  private var kept = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
  private var keptCapacity = 0

  deinit { kept.deallocate() }

  /// Starts a run over a line, for `count` terms, and gives the memory for `window` characters it
  /// keeps behind the one it reads.
  fileprivate func begin(count: Int, window: Int) -> UnsafeMutablePointer<UInt32> {
    if keptCapacity < window {
      kept.deallocate()
      kept = .allocate(capacity: window)
      keptCapacity = window
    }
    if stamps.count != count {
      stamps = [UInt32](repeating: 0, count: count)
      matches = [Match](repeating: Match(score: 0, begin: 0, end: 0), count: count)
      bonuses = [Int32](repeating: 0, count: count)
      generation = 0
    }
    touched.removeAll(keepingCapacity: true)
    generation &+= 1
    if generation == 0 {
      for k in stamps.indices { stamps[k] = 0 }
      generation = 1
    }
    valid = true
    return kept
  }

  /// The start bonus of term `number`'s place so far, or -1 when it has none yet.
  fileprivate func bonus(_ number: Int) -> Int32 { stamps[number] == generation ? bonuses[number] : -1 }

  fileprivate func keep(_ number: Int, _ match: Match, bonus: Int32) {
    if stamps[number] != generation { touched.append(Int32(number)) }
    stamps[number] = generation
    matches[number] = match
    bonuses[number] = bonus
  }

  /// Term `number`'s match on the line, or nil when the line does not hold it.
  func match(_ number: Int) -> Match? { stamps[number] == generation ? matches[number] : nil }
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
