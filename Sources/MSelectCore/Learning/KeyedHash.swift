/// SipHash-1-3 with a 128-bit secret: what the learning store keeps instead of lines and queries.
///
/// Without the secret a hash tells nothing of the bytes hashed, and guessing the secret from hashes
/// of known lines is as hard as breaking SipHash; one round per word keeps a line to a few
/// nanoseconds (the hash runs on every matching line of a search that learns).
package struct KeyedHash: Sendable, Equatable {
  package let k0: UInt64
  package let k1: UInt64

  package init(k0: UInt64, k1: UInt64) {
    self.k0 = k0
    self.k1 = k1
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
}

extension UInt64 {
  @inline(__always)
  fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
