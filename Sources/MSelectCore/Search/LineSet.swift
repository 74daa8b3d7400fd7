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

  /// The lines in increasing order.
  package var lines: [UInt32] {
    var lines: [UInt32] = []
    lines.reserveCapacity(count)
    for (w, word) in words.enumerated() {
      var bits = word
      while bits != 0 {
        lines.append(UInt32(truncatingIfNeeded: w << 6 | bits.trailingZeroBitCount))
        bits &= bits &- 1
      }
    }
    return lines
  }

  /// The first `k` lines (at most) in increasing order.
  package func first(_ k: Int) -> [UInt32] {
    var lines: [UInt32] = []
    lines.reserveCapacity(min(k, count))
    for (w, word) in words.enumerated() where lines.count < k {
      var bits = word
      while bits != 0 && lines.count < k {
        lines.append(UInt32(truncatingIfNeeded: w << 6 | bits.trailingZeroBitCount))
        bits &= bits &- 1
      }
    }
    return lines
  }

  /// Bytes held.
  package var bytes: Int { words.count * 8 }
}
