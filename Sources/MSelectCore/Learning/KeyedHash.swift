/// SipHash-1-3 with a 128-bit secret: what the learning store keeps instead of lines and queries.
///
/// Without the secret a hash tells nothing of the bytes hashed, and guessing the secret from hashes
/// of known lines is as hard as breaking SipHash; one round per word keeps a line to a few
/// nanoseconds (the hash runs on every matching line of a search that learns).
package struct KeyedHash: Sendable, Equatable {
  package let k0: UInt64
  package let k1: UInt64
  /// The keys of `tag(_:)`, made from the secret by SipHash: what a weak tag might give away of
  /// them says nothing of `k0` and `k1`.
  private var t0: UInt64 = 0
  private var t1: UInt64 = 0

  package init(k0: UInt64, k1: UInt64) {
    self.k0 = k0
    self.k1 = k1
    t0 = hash(Array("tag key 0".utf8), domain: 2)
    t1 = hash(Array("tag key 1".utf8), domain: 2)
  }

  /// A 16-bit keyed tag of a line from its length and its first, middle and last 8 bytes: a few
  /// nanoseconds, where `hash` reads every byte. A line whose tag no learned line has is not hashed.
  @inline(__always)
  package func tag(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
    let count = bytes.count
    var first: UInt64 = 0
    var middle: UInt64 = 0
    var last: UInt64 = 0
    if count >= 8 {
      first = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
      middle = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: (count - 8) / 2, as: UInt64.self))
      last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    } else {
      for i in 0..<count { first |= UInt64(bytes[i]) << UInt64(8 * i) }
    }
    var h = (first ^ t0) &* 0x9E37_79B9_7F4A_7C15
    h ^= (middle ^ t1).rotatedLeft(17) &* 0xD6E8_FEB8_6659_FD93
    h ^= (last ^ t1 ^ UInt64(truncatingIfNeeded: count)) &* 0xBF58_4764_1CE4_E5B9
    h ^= h >> 31
    h &*= 0x94D0_49BB_1331_11EB
    return UInt16(truncatingIfNeeded: h >> 48)
  }

  /// The hash of `bytes`, after a one-byte `domain` (lines and queries hash apart).
  @inline(__always)
  package func hash(_ bytes: UnsafeRawBufferPointer, domain: UInt8 = 0) -> UInt64 {
    var v0 = k0 ^ 0x736f_6d65_7073_6575
    var v1 = k1 ^ 0x646f_7261_6e64_6f6d
    var v2 = k0 ^ 0x6c79_6765_6e65_7261
    var v3 = k1 ^ 0x7465_6462_7974_6573
    @inline(__always) func round() {
      v0 &+= v1
      v1 = v1.rotatedLeft(13) ^ v0
      v0 = v0.rotatedLeft(32)
      v2 &+= v3
      v3 = v3.rotatedLeft(16) ^ v2
      v0 &+= v3
      v3 = v3.rotatedLeft(21) ^ v0
      v2 &+= v1
      v1 = v1.rotatedLeft(17) ^ v2
      v2 = v2.rotatedLeft(32)
    }
    @inline(__always) func compress(_ m: UInt64) {
      v3 ^= m
      round()
      v0 ^= m
    }
    compress(UInt64(domain))
    let count = bytes.count
    var i = 0
    while i + 8 <= count {
      compress(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      i += 8
    }
    var last = UInt64(truncatingIfNeeded: count) << 56
    var shift: UInt64 = 0
    while i < count {
      last |= UInt64(bytes[i]) << shift
      shift += 8
      i += 1
    }
    compress(last)
    v2 ^= 0xFF
    round()
    round()
    round()
    return v0 ^ v1 ^ v2 ^ v3
  }

  /// The hash of `bytes` (an array), as `hash(_:domain:)`.
  package func hash(_ bytes: [UInt8], domain: UInt8 = 0) -> UInt64 {
    bytes.withUnsafeBytes { hash($0, domain: domain) }
  }

  /// The tag of `bytes` (an array), as `tag(_:)`.
  package func tag(_ bytes: [UInt8]) -> UInt16 {
    bytes.withUnsafeBytes { tag($0) }
  }
}

extension UInt64 {
  @inline(__always)
  fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
