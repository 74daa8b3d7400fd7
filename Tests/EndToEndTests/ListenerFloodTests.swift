import Glibc
import MSelectCore
import Testing

@testable import MSelectTerminal

/// `--listen` under a flood of connections: each turn of the event loop takes a few and reads the
/// kernel's socket tables once for all of them (with thousands of sockets open a table is megabytes:
/// read once a connection, it held keys up for over half a second), and still serves its own user.
@Suite struct ListenerFloodTests {
  /// A connection to `port` on the loopback address (its descriptor), made without waiting.
  private func connectLoopback(_ port: Int) -> Int32 {
    // Non-blocking: a connection the backlog has no room for yet must not hold up the test.
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return fd
  }

  @Test func aTurnReadsTheSocketTablesOnceForAllItTakes() throws {
    let listener = try RemoteListener(.tcp(host: "127.0.0.1", port: 0), apiKey: nil)
    defer { listener.close() }
    let port = try #require(listener.environment["FZF_PORT"].flatMap { Int($0) })
    nonisolated(unsafe) var reads = 0
    listener.readTable = { path in
      reads += 1
      return Syscall.readProcFile(path)
    }
    // As many as the backlog holds (16), each connected before the listener looks.
    let clients = (0..<12).map { _ in connectLoopback(port) }
    defer { clients.forEach { close($0) } }
    for client in clients {
      var entry = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
      #expect(poll(&entry, 1, 10_000) == 1)
    }
    listener.service([listener.fd]) { _ in [] }
    #expect(listener.descriptors.count - 1 == clients.count)
    // Both tables at most (tcp, then tcp6 for what tcp did not list), not one read a connection.
    #expect(reads >= 1 && reads <= 2, "\(reads) reads for \(clients.count) connections")
    // The connections are this user's: admitted, waiting for their requests (a refused one is
    // answered at once, so it would wait to write).
    #expect(listener.descriptors.dropFirst().allSatisfy { $0.events == Int16(POLLIN) })
  }
}
