/// Where an ASCII line holds one of three pairs of neighbouring characters (folded; a pair may be
/// given twice), sixteen places a step: where a run that begins with one of them can begin, so a
/// Shift-And pass, which costs a dependent chain of operations a byte, reads only from there.
struct PairScan {
  private let text: Scorer.ASCIIText
  /// Each pair's first and second character, each as the two bytes it folds from (0xFF: a character
  /// past ASCII, no byte of an ASCII line). Not an array: one is made for every line looked at.
  private let p0: ((UInt8, UInt8), (UInt8, UInt8))
  private let p1: ((UInt8, UInt8), (UInt8, UInt8))
  private let p2: ((UInt8, UInt8), (UInt8, UInt8))
  /// The same bytes in every lane, made once for every step: the first characters' `(a, b)` and the
  /// second characters', pair by pair.
  private let firsts:
    (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
  private let seconds:
    (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)

  init(
    _ text: Scorer.ASCIIText, _ first: (UInt32, UInt32), _ second: (UInt32, UInt32), _ third: (UInt32, UInt32)
  ) {
    self.text = text
    @inline(__always) func under(_ c: UInt32) -> (UInt8, UInt8) {
      c < 0x80 ? text.pairs[Int(c)] : (0xFF, 0xFF)
    }
    p0 = (under(first.0), under(first.1))
    p1 = (under(second.0), under(second.1))
    p2 = (under(third.0), under(third.1))
    @inline(__always) func lanes(_ b: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: b) }
    firsts = (lanes(p0.0.0), lanes(p0.0.1), lanes(p1.0.0), lanes(p1.0.1), lanes(p2.0.0), lanes(p2.0.1))
    seconds = (lanes(p0.1.0), lanes(p0.1.1), lanes(p1.1.0), lanes(p1.1.1), lanes(p2.1.0), lanes(p2.1.1))
  }

  /// The first place at or after `start` where one of the pairs begins; the line's length when none
  /// does.
  @inline(__always)
  func next(from start: Int) -> Int {
    let n = text.count
    var j = start
    guard n >= 17 else {
      while j &+ 1 < n {
        if startsPair(j) { return j }
        j &+= 1
      }
      return n
    }
    while j &+ 17 <= n {
      let bits = hits(at: j)
      if bits != 0 { return j &+ bits.trailingZeroBitCount }
      j &+= 16
    }
    guard j &+ 1 < n else { return n }
    // The last sixteen places, those before `j` looked at already.
    let base = n &- 17
    let bits = hits(at: base) >> UInt32(j &- base)
    return bits != 0 ? j &+ bits.trailingZeroBitCount : n
  }

  /// The places `j..<j + 16` where a pair begins, as bits (the line holds `j + 17` bytes at least).
  @inline(__always)
  private func hits(at j: Int) -> UInt32 {
    let raw = UnsafeRawPointer(text.bytes)
    let v = raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
    let w = raw.loadUnaligned(fromByteOffset: j &+ 1, as: SIMD16<UInt8>.self)
    let (f, s) = (firsts, seconds)
    let hit =
      ((v .== f.0) .| (v .== f.1)) .& ((w .== s.0) .| (w .== s.1))
      .| ((v .== f.2) .| (v .== f.3)) .& ((w .== s.2) .| (w .== s.3))
      .| ((v .== f.4) .| (v .== f.5)) .& ((w .== s.4) .| (w .== s.5))
    return LaneBits.of(hit)
  }

  /// Whether a pair begins at place `j` (one before the line's end at most).
  @inline(__always)
  private func startsPair(_ j: Int) -> Bool {
    let (x, y) = (text.bytes[j], text.bytes[j &+ 1])
    @inline(__always) func has(_ c: (UInt8, UInt8), _ b: UInt8) -> Bool { b == c.0 || b == c.1 }
    return has(p0.0, x) && has(p0.1, y) || has(p1.0, x) && has(p1.1, y) || has(p2.0, x) && has(p2.1, y)
  }
}
