/// The kernel's table of TCP sockets (`/proc/net/tcp`, `/proc/net/tcp6`), read for one thing: which
/// user owns the socket at the other end of a loopback connection (the listener serves its own user).
package enum TCPTable {
  /// The uid owning the socket whose local port is `localPort` and whose remote port is `remotePort`
  /// in the table's text (a header line, then `sl local rem st queues timer retransmits uid …`, the
  /// addresses `HEX:PORT` in hex); nil when no line says.
  package static func owner(localPort: Int, remotePort: Int, in table: [UInt8]) -> UInt32? {
    for line in table.split(separator: 10).dropFirst() {
      let fields = line.split(whereSeparator: { $0 == 32 || $0 == 9 })
      guard fields.count > 7, port(fields[1]) == localPort, port(fields[2]) == remotePort else { continue }
      return UInt32(String(decoding: fields[7], as: UTF8.self))
    }
    return nil
  }

  /// The port of an `ADDRESS:PORT` field (hexadecimal).
  private static func port(_ field: ArraySlice<UInt8>) -> Int? {
    guard let colon = field.lastIndex(of: UInt8(ascii: ":")) else { return nil }
    return Int(String(decoding: field[(colon + 1)...], as: UTF8.self), radix: 16)
  }
}
