/// A set of line indices below a bound, one bit a line: how the picker remembers an older result
/// compactly (an eighth of a byte a line, where its ranking takes 8 bytes a match).
package struct LineSet: Sendable {
  /// Bit `i & 63` of word `i >> 6` is set for line `i`.
  package let words: [UInt64]
  /// Lines in the set.
  package let count: Int

  /// The lines of `ranked`, all below `lineCount`.
  package init(_ ranked: [RankedLine], lineCount: Int) {
    var words = [UInt64](repeating: 0, count: (lineCount + 63) >> 6)
    words.withUnsafeMutableBufferPointer { bits in
      for line in ranked {
        let i = Int(line.index)
        bits[i >> 6] |= 1 << UInt64(i & 63)
      }
    }
    self.words = words
    count = ranked.count
  }

  /// The lines of `parts` (disjoint runs of lines, as `Part`s), all below `lineCount`.
  package init(_ parts: [Part], lineCount: Int) {
    var words = [UInt64](repeating: 0, count: (lineCount + 63) >> 6)
    var count = 0
    words.withUnsafeMutableBufferPointer { bits in
      for part in parts {
        // Parts may share their first and last words with a neighbour: bits are added, not copied.
        for (k, word) in part.words.enumerated() { bits[part.firstWord + k] |= word }
        count += part.count
      }
    }
    self.words = words
    self.count = count
  }

  /// Some lines of a set, as the bits of the words from the smallest one's to the largest one's:
  /// how one slice of a search reports its lines in an eighth of a byte each, not four.
  package struct Part: Sendable {
    let firstWord: Int
    let words: [UInt64]
    let count: Int

    /// The bits of `lines` (in any order).
    package init(_ lines: [UInt32]) {
      count = lines.count
      guard let low = lines.min(), let high = lines.max() else {
        (firstWord, words) = (0, [])
        return
      }
      let first = Int(low) >> 6
      var words = [UInt64](repeating: 0, count: Int(high) >> 6 - first + 1)
      words.withUnsafeMutableBufferPointer { bits in
        for line in lines { bits[Int(line) >> 6 - first] |= 1 << UInt64(line & 63) }
      }
      (firstWord, self.words) = (first, words)
    }
  }

  /// The lines in increasing order.
  package var lines: [UInt32] { first(count) }

  /// Whether `line` is in the set.
  package func contains(_ line: Int) -> Bool {
    line >= 0 && line >> 6 < words.count && words[line >> 6] & (1 << UInt64(line & 63)) != 0
  }

  /// The first `k` lines (at most) in increasing order.
  package func first(_ k: Int) -> [UInt32] {
    var lines: [UInt32] = []
    lines.reserveCapacity(min(k, count))
    words.withUnsafeBufferPointer { words in
      var cursor = Cursor(words, 0..<words.count << 6)
      while lines.count < k, let line = cursor.next() { lines.append(UInt32(truncatingIfNeeded: line)) }
    }
    return lines
  }

  /// The lines of a set (its `words`) within a range, in increasing order, one at a time: what a
  /// search walks without a closure (which would capture, and copy, its matcher).
  package struct Cursor {
    private let words: UnsafeBufferPointer<UInt64>
    private let range: Range<Int>
    private var w: Int
    private var bits: UInt64

    package init(_ words: UnsafeBufferPointer<UInt64>, _ range: Range<Int>) {
      self.words = words
      self.range = range
      w = range.lowerBound >> 6
      // The first word without the lines before the range.
      bits = w < words.count ? words[w] & (~0 << UInt64(range.lowerBound & 63)) : 0
    }

    /// The next line of the set in the range, nil after the last.
    package mutating func next() -> Int? {
      while bits == 0 {
        w += 1
        guard w < words.count, w << 6 < range.upperBound else { return nil }
        bits = words[w]
      }
      let line = w << 6 | bits.trailingZeroBitCount
      guard line < range.upperBound else { return nil }
      bits &= bits &- 1
      return line
    }
  }

  /// Bytes held.
  package var bytes: Int { words.count * 8 }
}
