extension Scorer.ASCIIText {
  /// Whether the line holds one of three pairs of neighbouring characters (folded; a pair may be
  /// given twice), sixteen places a step: a cheap necessary test before a Shift-And pass, which
  /// costs a dependent chain of operations a byte.
  @inline(__always)
  func holdsPair(_ first: (UInt32, UInt32), _ second: (UInt32, UInt32), _ third: (UInt32, UInt32)) -> Bool {
    let n = count
    guard n >= 2 else { return false }
    // A character past ASCII is no byte of an ASCII line: 0xFF matches none.
    @inline(__always) func under(_ c: UInt32) -> (UInt8, UInt8) { c < 0x80 ? pairs[Int(c)] : (0xFF, 0xFF) }
    let (a0, b0, a1, b1, a2, b2) = (
      under(first.0), under(first.1), under(second.0), under(second.1), under(third.0), under(third.1)
    )
    @inline(__always) func lanes(_ v: SIMD16<UInt8>, _ c: (UInt8, UInt8)) -> SIMDMask<SIMD16<Int8>> {
      (v .== SIMD16(repeating: c.0)) .| (v .== SIMD16(repeating: c.1))
    }
    @inline(__always) func found(at j: Int) -> Bool {
      let raw = UnsafeRawPointer(bytes)
      let v = raw.loadUnaligned(fromByteOffset: j, as: SIMD16<UInt8>.self)
      let w = raw.loadUnaligned(fromByteOffset: j &+ 1, as: SIMD16<UInt8>.self)
      let hit =
        (lanes(v, a0) .& lanes(w, b0)) .| (lanes(v, a1) .& lanes(w, b1)) .| (lanes(v, a2) .& lanes(w, b2))
      return LaneBits.of(hit) != 0
    }
    guard n >= 17 else {
      for j in 0..<(n - 1) {
        let (x, y) = (bytes[j], bytes[j + 1])
        @inline(__always) func has(_ c: (UInt8, UInt8), _ b: UInt8) -> Bool { b == c.0 || b == c.1 }
        if has(a0, x) && has(b0, y) || has(a1, x) && has(b1, y) || has(a2, x) && has(b2, y) { return true }
      }
      return false
    }
    var j = 0
    while j &+ 17 <= n {
      if found(at: j) { return true }
      j &+= 16
    }
    // The last sixteen pairs, some looked at already.
    return j &+ 1 < n && found(at: n &- 17)
  }
}
