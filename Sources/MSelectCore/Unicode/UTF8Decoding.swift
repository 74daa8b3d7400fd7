/// Decoding line bytes into scalars without losing any byte.
///
/// Valid UTF-8 becomes Unicode scalar values; every byte of an invalid sequence becomes
/// `invalidByteBase + byte`, a value no real scalar has, so it matches only the same invalid byte.
package enum UTF8Decoding {
  /// Base of the values given to bytes that are not part of valid UTF-8.
  package static let invalidByteBase: UInt32 = 0x11_0000

  /// Decodes the scalar starting at `i`, returning it and its length in bytes.
  @inline(__always)
  package static func decode(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (UInt32, Int) {
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    @inline(__always) func cont(_ k: Int) -> UInt32? {
      guard i + k < n else { return nil }
      let b = UInt32(p[i + k])
      return b & 0xC0 == 0x80 ? b & 0x3F : nil
    }
    if b0 >= 0xC2 && b0 <= 0xDF, let c1 = cont(1) {
      return ((b0 & 0x1F) << 6 | c1, 2)
    }
    if b0 >= 0xE0 && b0 <= 0xEF, let c1 = cont(1), let c2 = cont(2) {
      let v = (b0 & 0x0F) << 12 | c1 << 6 | c2
      if v >= 0x800 && !(0xD800...0xDFFF).contains(v) { return (v, 3) }
    }
    if b0 >= 0xF0 && b0 <= 0xF4, let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) {
      let v = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
      if v >= 0x1_0000 && v <= 0x10_FFFF { return (v, 4) }
    }
    return (invalidByteBase + b0, 1)
  }

  /// Decodes a byte array (queries, pasted text, tests).
  package static func scalars(_ bytes: [UInt8]) -> [UInt32] {
    bytes.withUnsafeBytes { raw in
      var out: [UInt32] = []
      guard let p = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return out }
      var i = 0
      while i < raw.count {
        let (c, length) = decode(p, i, raw.count)
        out.append(c)
        i += length
      }
      return out
    }
  }
}
