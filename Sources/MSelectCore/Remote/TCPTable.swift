/// The kernel's table of TCP sockets (`/proc/net/tcp`, `/proc/net/tcp6`), read for one thing: which
/// user owns the socket at the other end of a loopback connection (the listener serves its own user).
package enum TCPTable {
  /// A socket by its ports: `local` is its own, `remote` the other end's.
  package struct Ports: Hashable, Sendable {
    package let local: Int
    package let remote: Int

    package init(local: Int, remote: Int) {
      self.local = local
      self.remote = remote
    }
  }

  /// The uid owning the socket whose local port is `localPort` and whose remote port is `remotePort`
  /// in the table's text; nil when no line says.
  package static func owner(localPort: Int, remotePort: Int, in table: [UInt8]) -> UInt32? {
    let wanted = Ports(local: localPort, remote: remotePort)
    return owners(of: [wanted], in: table)[wanted]
  }

  /// The uid owning each socket of `wanted` that the table's text lists (a header line, then
  /// `sl local rem st queues timer retransmits uid …`, the addresses `HEX:PORT` in hex). One pass
  /// over the bytes for all of them: with thousands of connections open the table is megabytes,
  /// and a flood of connections must not read it once each.
  package static func owners(of wanted: Set<Ports>, in table: [UInt8]) -> [Ports: UInt32] {
    var found: [Ports: UInt32] = [:]
    guard !wanted.isEmpty else { return found }
    table.withUnsafeBufferPointer { bytes in
      var start = 0
      var first = true
      while start < bytes.count && found.count < wanted.count {
        var end = start
        while end < bytes.count && bytes[end] != 10 { end += 1 }
        defer { start = end + 1 }
        if first {
          first = false
          continue
        }
        let fields = Fields(bytes, start, end)
        guard let local = fields.port(1), let remote = fields.port(2) else { continue }
        let ports = Ports(local: local, remote: remote)
        guard wanted.contains(ports), let uid = fields.number(7) else { continue }
        if found[ports] == nil { found[ports] = uid }
      }
    }
    return found
  }

  /// The blank-separated fields of one line of the table, read without copying.
  private struct Fields {
    var ranges: [(Int, Int)] = []
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
      self.bytes = bytes
      var i = start
      // Eight fields are all a lookup reads.
      while i < end && ranges.count < 8 {
        while i < end && (bytes[i] == 32 || bytes[i] == 9) { i += 1 }
        let begin = i
        while i < end && bytes[i] != 32 && bytes[i] != 9 { i += 1 }
        if i > begin { ranges.append((begin, i)) }
      }
    }

    /// The port of field `k`, an `ADDRESS:PORT` (hexadecimal).
    func port(_ k: Int) -> Int? {
      guard k < ranges.count else { return nil }
      let (begin, end) = ranges[k]
      var colon = end - 1
      while colon >= begin && bytes[colon] != UInt8(ascii: ":") { colon -= 1 }
      guard colon >= begin, end - colon - 1 >= 1, end - colon - 1 <= 4 else { return nil }
      var value = 0
      for i in (colon + 1)..<end {
        let b = bytes[i]
        let digit: Int
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(b) - 48
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(b) - 55
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(b) - 87
        default: return nil
        }
        value = value * 16 + digit
      }
      return value
    }

    /// Field `k` as a decimal number that fits a uid.
    func number(_ k: Int) -> UInt32? {
      guard k < ranges.count else { return nil }
      let (begin, end) = ranges[k]
      guard end - begin <= 10 else { return nil }
      var value: UInt64 = 0
      for i in begin..<end {
        let b = bytes[i]
        guard b >= 48 && b <= 57 else { return nil }
        value = value * 10 + UInt64(b - 48)
      }
      return UInt32(exactly: value)
    }
  }
}
