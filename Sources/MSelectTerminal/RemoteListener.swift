import Glibc
import MSelectCore

/// `--listen`: the listening socket and the connections it took, each read until its request is
/// whole, answered, and closed (one request a connection, as fzf's server does).
final class RemoteListener {
  /// The listening socket.
  let fd: Int32
  /// What commands get to find it: `FZF_PORT` or `FZF_SOCK`.
  let environment: [String: String]
  private let socketPath: String?
  /// The key requests must carry in `x-api-key` (`FZF_API_KEY`), if one is set.
  private let apiKey: String?
  /// Whether only this machine can connect.
  let isLocal: Bool
  /// Connections, with what each has sent so far, oldest first.
  private var clients: [(fd: Int32, received: [UInt8])] = []
  /// The most connections kept waiting for the rest of their request; a new one pushes out the oldest.
  static let maxClients = 16

  init(_ address: RemoteControl.Address, apiKey: String?) throws(TerminalError) {
    let key = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    guard address.isLocal || key != nil else {
      throw .listen("FZF_API_KEY is required to allow remote access")
    }
    self.apiKey = key
    isLocal = address.isLocal
    if case .socket(let path) = address, access(path, F_OK) == 0 {
      // A socket file left by a picker that is gone is replaced; one still answering is not.
      guard !Syscall.unixSocketAnswers(path) else { throw .listen("socket already in use: \(path)") }
      unlink(path)
    }
    do throws(SystemError) {
      switch address {
      case .tcp(let host, let port):
        let (fd, bound) = try Syscall.listenTCP(host: host, port: port)
        self.fd = fd
        environment = ["FZF_PORT": String(bound), "MSELECT_PORT": String(bound)]
        socketPath = nil
      case .socket(let path):
        fd = try Syscall.listenUnix(path: path)
        environment = ["FZF_SOCK": path, "MSELECT_SOCK": path]
        socketPath = path
      }
    } catch {
      throw .listen(error.message)
    }
  }

  deinit {
    for client in clients { Syscall.close(client.fd) }
    Syscall.close(fd)
    if let socketPath { unlink(socketPath) }
  }

  /// The descriptors to wait on.
  var descriptors: [Int32] { [fd] + clients.map(\.fd) }

  /// Takes new connections and reads the ready ones; each complete request is answered with what
  /// `respond` makes of it (a request with a wrong key gets 401 without being seen).
  func service(_ ready: Set<Int32>, respond: (RemoteControl.Request) -> [UInt8]) {
    if ready.contains(fd) {
      while let client = Syscall.accept(fd) {
        if clients.count >= RemoteListener.maxClients { Syscall.close(clients.removeFirst().fd) }
        clients.append((client, []))
      }
    }
    var k = 0
    while k < clients.count {
      guard ready.contains(clients[k].fd) else {
        k += 1
        continue
      }
      // Nil: nothing there after all; empty: the other end closed (or the read failed).
      let chunk: [UInt8]?
      do {
        chunk = try Syscall.readAvailable(clients[k].fd, upTo: 64 << 10)
      } catch {
        chunk = []
      }
      guard let chunk else {
        k += 1
        continue
      }
      clients[k].received += chunk
      let request = RemoteControl.parse(clients[k].received)
      if request == .incomplete && !chunk.isEmpty {
        k += 1
        continue
      }
      let client = clients.remove(at: k)
      let answer: [UInt8]
      if request == .incomplete {
        answer = RemoteControl.response("400 Bad Request", body: "incomplete request")
      } else if let apiKey, !RemoteListener.same(key(of: request), apiKey) {
        answer = RemoteControl.response("401 Unauthorized", body: "invalid api key")
      } else {
        answer = respond(request)
      }
      send(answer, to: client.fd)
      Syscall.close(client.fd)
    }
  }

  /// The key a request carries.
  private func key(of request: RemoteControl.Request) -> String? {
    switch request {
    case .status(_, _, let key), .actions(_, let key): key
    case .incomplete, .bad: nil
    }
  }

  /// Writes the answer, waiting at most a second for a client that does not read.
  private func send(_ bytes: [UInt8], to client: Int32) {
    var sent = 0
    let deadline = Syscall.monotonicNanoseconds() + 1_000_000_000
    while sent < bytes.count && Syscall.monotonicNanoseconds() < deadline {
      let n = bytes[sent...].withUnsafeBytes { (try? Syscall.writeSome(client, $0)) ?? -1 }
      if n < 0 { return }
      sent += n
      if n == 0 { _ = try? Syscall.poll([(client, Int16(POLLOUT))], timeoutMilliseconds: 100) }
    }
  }

  /// Compares keys in time that does not depend on where they differ.
  private static func same(_ given: String?, _ key: String) -> Bool {
    let a = Array((given ?? "").utf8)
    let b = Array(key.utf8)
    var difference = a.count ^ b.count
    for i in 0..<max(a.count, b.count) {
      difference |= Int((i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0))
    }
    return difference == 0
  }
}
