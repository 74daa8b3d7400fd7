extension Matcher {
  /// Whether all bytes are below 0x80, sixteen at a time, stopping at the first that is not; the
  /// last few in one more step of sixteen ending at the line's end (or eight, then one, in a line
  /// shorter than sixteen).
  @inline(__always)
  static func isASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let raw = UnsafeRawPointer(p)
    let high: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i &+ 16 <= n {
      let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
      if (v[0] | v[1]) & high != 0 { return false }
      i &+= 16
    }
    guard i < n else { return true }
    if n >= 16 {
      let v = raw.loadUnaligned(fromByteOffset: n &- 16, as: SIMD2<UInt64>.self)
      return (v[0] | v[1]) & high == 0
    }
    var seen: UInt64 = 0
    if i &+ 8 <= n {
      seen = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i &+= 8
    }
    while i < n {
      seen |= UInt64(p[i])
      i &+= 1
    }
    return seen & high == 0
  }
}
