/// One search term of the extended query syntax (`foo`, `'foo`, `^foo`, `foo$`, `^foo$`, `!foo`).
package struct Term: Sendable, Equatable {
  /// Where and how the term's characters must appear.
  package enum Kind: Sendable, Equatable {
    case fuzzy, exact, prefix, suffix, equal
    /// `'foo'`: exact, and at word boundaries on both sides (fzf 0.55).
    case exactBoundary
  }

  package var kind: Kind
  /// The line must not match the term.
  package var inverse: Bool
  /// The term's characters, already folded with `fold`.
  package var chars: [UInt32]
  /// How line characters are folded before comparing with `chars`.
  package var fold: CharFold.Mode
  /// For each character, the encodings (UTF-8 bytes, or the raw byte for an invalid one) of every
  /// character that folds to it: what the byte pre-scan looks for.
  package var encodings: [[[UInt8]]]
  /// How many of its characters a line may lack (`--typos`); 0 but for a positive fuzzy term.
  package var typos = 0

  /// The term cut to its first `count` characters: for a positive term, a necessary condition of it.
  package func prefix(_ count: Int) -> Term {
    guard chars.count > count else { return self }
    var cut = self
    cut.chars = Array(chars.prefix(count))
    cut.encodings = Array(encodings.prefix(count))
    return cut
  }

  /// For each character, a 256-entry table of the bytes that can begin an encoding folding to it.
  package var leadBytes: [Bool] {
    var result = [Bool](repeating: false, count: encodings.count * 256)
    for (k, list) in encodings.enumerated() {
      for encoding in list { result[k * 256 + Int(encoding[0])] = true }
    }
    return result
  }
}
