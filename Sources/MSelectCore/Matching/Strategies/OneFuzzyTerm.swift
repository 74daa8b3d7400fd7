/// The strategy for the commonest query, one fuzzy term: an ASCII line is read from its bytes, folded
/// as it is read; another is ruled out by the byte pre-scan, then decoded and folded in one pass (a
/// long one read in pieces); the scorer (or the typo search) does the rest.
///
/// The term's characters and fold tables are plain pointers, so passing and reading it counts no
/// references (held as a class, it was retained and released for every line scored: 4 % of
/// `shareman`'s samples); `Storage` owns the characters.
struct OneFuzzyTerm {
  let chars: UnsafeBufferPointer<UInt32>
  let table: UnsafePointer<UInt32>
  let pairs: UnsafePointer<(UInt8, UInt8)>
  /// The mistakes it forgives (`Term.typos`).
  let typos: Int

  /// The memory of a term's characters, freed with the last matcher holding it.
  final class Storage {
    let term: OneFuzzyTerm

    init(_ term: Term) {
      let storage = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: term.chars.count)
      _ = storage.initialize(from: term.chars)
      self.term = OneFuzzyTerm(
        chars: UnsafeBufferPointer(storage), table: CharFold.table(term.fold),
        pairs: CharFold.asciiPairs(term.fold), typos: term.typos)
    }

    deinit { term.chars.deallocate() }
  }

  /// The term's match in `line`, its places appended to `positions`. `prescanned`: the byte pre-scan
  /// already passed the line.
  @inline(__always)
  func match(
    _ line: UnsafeRawBufferPointer, _ config: MatchConfig, _ scratch: inout MatchScratch,
    positions: UnsafeMutablePointer<[Int]>?, prescanned: Bool
  ) -> Match? {
    let n = line.count
    guard n > 0 else { return nil }
    let p = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    if Matcher.isASCII(p, n) {
      let text = Scorer.ASCIIText(bytes: p, fold: table, pairs: pairs, count: n)
      return TypoSearch.fuzzy(
        config.scorer, scratch.typosRef, chars, typos: typos, text, positions: positions)
    }
    // Rule the line out by its bytes before decoding it.
    guard prescanned || config.prescan.passes(p, n) else { return nil }
    if n >= config.longLineBytes {
      return LongLine.fuzzy(chars, table, p, n, config.scorer, &scratch, positions: positions)
    }
    scratch.decode(line, folding: table)
    let text = scratch.decodedText()
    return TypoSearch.fuzzy(config.scorer, scratch.typosRef, chars, typos: typos, text, positions: positions)
  }

  /// Whether the ASCII line of `n` bytes at `p` matches, without scoring it where a cheaper test
  /// decides: a subsequence check, and with one mistake forgiven the typo search's test without its
  /// scoring.
  func accepts(_ p: UnsafePointer<UInt8>, _ n: Int, _ scorer: Scorer, _ typosRef: Unmanaged<TypoScratch>?)
    -> Bool
  {
    let text = Scorer.ASCIIText(bytes: p, fold: table, pairs: pairs, count: n)
    // With one mistake forgiven, the places found are the forward half of `typoEnds`.
    let oneMistake = typos == 1 ? typosRef : nil
    let places = oneMistake.map { TypoSearch.forwardPlaces($0, chars.count) }
    var j = 0
    for (k, c) in chars.enumerated() {
      j = text.next(c, from: j, through: n - 1)
      guard j < n else {
        if let oneMistake { return TypoSearch.acceptsOneMistake(oneMistake, chars, text, matched: k) }
        return typos > 0
          && TypoSearch.fuzzy(scorer, typosRef, chars, typos: typos, text, positions: nil) != nil
      }
      places?[k] = j
      j += 1
    }
    return true
  }
}
