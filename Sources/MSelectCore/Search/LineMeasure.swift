/// What fzf's tiebreaks measure of a line, in characters, with its surrounding whitespace left out.
enum LineMeasure {
  /// Whitespace as fzf counts it (Go's `unicode.IsSpace`).
  @inline(__always)
  static func isSpace(_ c: UInt32) -> Bool {
    switch c {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
      true
    default: false
    }
  }

  /// How many bytes of `word` have their top bit set. A multiply adds them up: the build targets
  /// x86-64 without `popcnt`, where `nonzeroBitCount` is a dozen instructions.
  @inline(__always)
  static func topBits(_ word: UInt64) -> Int {
    Int(truncatingIfNeeded: (((word >> 7) & 0x0101_0101_0101_0101) &* 0x0101_0101_0101_0101) >> 56)
  }

  /// The number of characters (UTF-8 lead bytes and invalid bytes; eight bytes at a time).
  @inline(__always)
  static func characters(_ line: UnsafeRawBufferPointer) -> Int {
    guard let base = line.baseAddress else { return 0 }
    let n = line.count
    var continuations = 0
    var i = 0
    while i &+ 8 <= n {
      let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      // A continuation byte is 10xxxxxx: bit 7 set, bit 6 clear.
      continuations &+= topBits(w & ~(w << 1))
      i &+= 8
    }
    while i < n {
      if line[i] & 0xC0 == 0x80 { continuations &+= 1 }
      i &+= 1
    }
    return n &- continuations
  }

  /// The characters of the whitespace-delimited chunk holding characters `begin..<end` (fzf's `chunk`).
  static func chunk(_ line: UnsafeRawBufferPointer, begin: Int, end: Int) -> Int {
    guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
    var scalars: [UInt32] = []
    var i = 0
    while i < line.count {
      let (c, length) = UTF8Decoding.decode(base, i, line.count)
      scalars.append(c)
      i += length
    }
    var b = min(begin, scalars.count)
    var e = min(end, scalars.count)
    while b >= 1 && !isSpace(scalars[b - 1]) { b -= 1 }
    while e < scalars.count && !isSpace(scalars[e]) { e += 1 }
    return e - b
  }

  /// Leading whitespace characters, and the characters left once whitespace at both ends is gone
  /// (fzf's `TrimLength`).
  @inline(__always)
  static func trimmed(_ line: UnsafeRawBufferPointer) -> (leading: Int, length: Int) {
    let n = line.count
    guard n > 0, let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return (0, 0) }
    // The common line has no whitespace at either end: one look at each.
    let firstByte = base[0]
    let lastByte = base[n - 1]
    if firstByte > 0x20 && firstByte < 0x80 && lastByte > 0x20 && lastByte < 0x80 {
      return (0, characters(line))
    }
    var start = 0
    var leading = 0
    while start < n {
      let (c, length) = UTF8Decoding.decode(base, start, n)
      guard isSpace(c) else { break }
      start += length
      leading += 1
    }
    guard start < n else { return (leading, 0) }
    let end = spaceStart(base, from: start, to: n)
    return (leading, characters(UnsafeRawBufferPointer(start: base + start, count: end - start)))
  }

  /// Where the whitespace that ends `from..<to` begins (`to` when there is none), a character at a
  /// time backward.
  static func spaceStart(_ base: UnsafePointer<UInt8>, from start: Int, to n: Int) -> Int {
    var end = n
    while end > start {
      // Back to the start of the last character (at most three continuation bytes).
      var lead = end - 1
      while lead > start && end - lead < 4 && base[lead] & 0xC0 == 0x80 { lead -= 1 }
      let (c, length) = UTF8Decoding.decode(base, lead, n)
      guard lead + length == end, isSpace(c) else { break }
      end = lead
    }
    return end
  }
}
