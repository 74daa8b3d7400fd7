/// A line as the scorer reads it: folded characters to compare and classes for bonuses.
package protocol ScoredText {
  var count: Int { get }
  /// Character `j` as it is in the line.
  func raw(_ j: Int) -> UInt32
  func folded(_ j: Int) -> UInt32
  func charClass(_ j: Int, _ table: UnsafePointer<CharClass>) -> CharClass
  /// The first `j` in `from...last` whose folded character is `c`, or `last + 1`.
  func next(_ c: UInt32, from: Int, through last: Int) -> Int
  /// The last `j` in `first...from` whose folded character is `c`, or `first - 1`.
  func previous(_ c: UInt32, from: Int, downTo first: Int) -> Int
  /// A bound on the bonus of any character an alignment starting with `first` can match (the highest
  /// bonus there is, unless known lower).
  func bonusCeiling(_ table: UnsafePointer<CharClass>, first: UInt32) -> Int32
}

extension ScoredText {
  @inline(__always)
  package func bonusCeiling(_ table: UnsafePointer<CharClass>, first: UInt32) -> Int32 {
    Scorer.bonusBoundaryWhite
  }

  @inline(__always)
  package func next(_ c: UInt32, from: Int, through last: Int) -> Int {
    var j = from
    while j <= last && folded(j) != c { j &+= 1 }
    return j
  }

  @inline(__always)
  package func previous(_ c: UInt32, from: Int, downTo first: Int) -> Int {
    var j = from
    while j >= first && folded(j) != c { j &-= 1 }
    return j
  }
}

extension Scorer {
  /// One decoded line: raw scalars (for bonuses) and folded ones (for comparing).
  package struct Text: ScoredText {
    package var raw: UnsafePointer<UInt32>
    package var folded: UnsafePointer<UInt32>
    package var count: Int
    /// The matcher's `ScalarClasses` table.
    var knownClasses: UnsafeMutablePointer<UInt8>

    @inline(__always) package func raw(_ j: Int) -> UInt32 { raw[j] }
    @inline(__always) package func folded(_ j: Int) -> UInt32 { folded[j] }
    @inline(__always) package func charClass(_ j: Int, _ table: UnsafePointer<CharClass>) -> CharClass {
      CharClass.of(raw[j], table, known: knownClasses)
    }

    /// Four characters a step (a decoded line's gaps between a pattern's letters are often long).
    @inline(__always)
    package func next(_ c: UInt32, from: Int, through last: Int) -> Int {
      let wanted = SIMD4<UInt32>(repeating: c)
      let base = UnsafeRawPointer(folded)
      var j = from
      while j &+ 4 <= last &+ 1 {
        let lanes = base.loadUnaligned(fromByteOffset: j &* 4, as: SIMD4<UInt32>.self) .== wanted
        // Four bits a lane.
        let bits = LaneBits.of(unsafeBitCast(lanes, to: SIMDMask<SIMD16<Int8>>.self))
        if bits != 0 { return j &+ bits.trailingZeroBitCount >> 2 }
        j &+= 4
      }
      while j <= last && folded[j] != c { j &+= 1 }
      return j
    }
  }

  /// One ASCII line read straight from its bytes, folded on the fly: no per-line decoding.
  package struct ASCIIText: ScoredText {
    package var bytes: UnsafePointer<UInt8>
    package var fold: UnsafePointer<UInt32>
    /// For each folded ASCII character, the (at most two) bytes that fold to it (`CharFold.asciiPairs`).
    package var pairs: UnsafePointer<(UInt8, UInt8)>
    package var count: Int

    @inline(__always) package func raw(_ j: Int) -> UInt32 { UInt32(bytes[j]) }
    @inline(__always) package func folded(_ j: Int) -> UInt32 { fold[Int(bytes[j])] }
    @inline(__always) package func charClass(_ j: Int, _ table: UnsafePointer<CharClass>) -> CharClass {
      table[Int(bytes[j])]
    }

    /// The whitespace bonus goes to the first character (an alignment can start there only with
    /// `first`) and to characters after whitespace; without either, a character gets at most the
    /// bonus after a delimiter.
    @inline(__always)
    package func bonusCeiling(_ table: UnsafePointer<CharClass>, first: UInt32) -> Int32 {
      if folded(0) == first { return Scorer.bonusBoundaryWhite }
      // Any byte below "!" (whitespace, or a control byte: counted as whitespace to keep this cheap).
      let ones: UInt64 = 0x0101_0101_0101_0101
      let below = ones &* 0x21
      let raw = UnsafeRawPointer(bytes)
      var j = 0
      while j &+ 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
        // Exact for bytes below 0x80, which is all of an ASCII line.
        if (word &- below) & ~word & 0x8080_8080_8080_8080 != 0 { return Scorer.bonusBoundaryWhite }
        j &+= 8
      }
      while j < count {
        if bytes[j] < 0x21 { return Scorer.bonusBoundaryWhite }
        j &+= 1
      }
      return Scorer.bonusBoundaryDelimiter
    }

    /// Sixteen bytes at a time (SIMD); the rest of the range in one more step when the line has
    /// sixteen bytes around it, else eight (SWAR) and one: most of a line is skipped without a
    /// per-byte compare.
    @inline(__always)
    package func next(_ c: UInt32, from: Int, through last: Int) -> Int {
      guard c < 0x80 else { return last &+ 1 }
      let (a, b) = pairs[Int(c)]
      let raw = UnsafeRawPointer(bytes)
      var j = from
      let lanesA = SIMD16<UInt8>(repeating: a)
      let lanesB = SIMD16<UInt8>(repeating: b)
      while j &+ 16 <= last &+ 1 {
        let v = raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
        let lanes = LaneBits.of((v .== lanesA) .| (v .== lanesB))
        if lanes != 0 { return j &+ lanes.trailingZeroBitCount }
        j &+= 16
      }
      guard j <= last else { return j }
      // The line's sixteen bytes ending at `last`, the lanes before `j` masked off.
      if last >= 15 {
        let start = last &- 15
        let v = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
        let lanes = LaneBits.of((v .== lanesA) .| (v .== lanesB)) & (UInt32.max << UInt32(j &- start))
        return lanes != 0 ? start &+ lanes.trailingZeroBitCount : last &+ 1
      }
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let wordA = ones &* UInt64(a)
      let wordB = ones &* UInt64(b)
      @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
      while j &+ 8 <= last &+ 1 {
        let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
        let found = hasZero(word ^ wordA) | hasZero(word ^ wordB)
        // The lowest flag is exact (false ones only sit above a true match).
        if found != 0 { return j &+ found.trailingZeroBitCount >> 3 }
        j &+= 8
      }
      while j <= last {
        let byte = bytes[j]
        if byte == a || byte == b { return j }
        j &+= 1
      }
      return j
    }

    /// `next` backwards, sixteen bytes at a time, then one.
    @inline(__always)
    package func previous(_ c: UInt32, from: Int, downTo first: Int) -> Int {
      guard c < 0x80 else { return first &- 1 }
      let (a, b) = pairs[Int(c)]
      let raw = UnsafeRawPointer(bytes)
      var j = from
      let lanesA = SIMD16<UInt8>(repeating: a)
      let lanesB = SIMD16<UInt8>(repeating: b)
      while j &- 15 >= first {
        let v = raw.loadUnaligned(fromByteOffset: j &- 15, as: SIMD16<UInt8>.self)
        let lanes = LaneBits.of((v .== lanesA) .| (v .== lanesB))
        if lanes != 0 { return j &- 15 &+ (31 &- lanes.leadingZeroBitCount) }
        j &-= 16
      }
      guard j >= first else { return j }
      // The line's sixteen bytes from `first`, the lanes after `j` masked off.
      if first &+ 16 <= count {
        let v = raw.loadUnaligned(fromByteOffset: first, as: SIMD16<UInt8>.self)
        let lanes = LaneBits.of((v .== lanesA) .| (v .== lanesB)) & ~(UInt32.max << UInt32(j &- first &+ 1))
        return lanes != 0 ? first &+ (31 &- lanes.leadingZeroBitCount) : first &- 1
      }
      while j >= first {
        let byte = bytes[j]
        if byte == a || byte == b { return j }
        j &-= 1
      }
      return j
    }

  }
}
