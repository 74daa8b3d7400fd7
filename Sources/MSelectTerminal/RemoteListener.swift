import Glibc
import MSelectCore

/// `--listen`: the listening socket and the connections it took, each read until its request is
/// whole, answered, and closed (one request a connection, as fzf's server does). Nothing here waits:
/// an answer the client does not take at once is written as it makes room, so a slow or stalled
/// client never holds up the picker.
final class RemoteListener {
  /// One connection: what it sent so far, then what is left of its answer.
  private struct Client {
    let fd: FileDescriptor
    var received: [UInt8] = []
    /// The answer still to write (nil: the request is not whole yet).
    var answer: [UInt8]?
    var sent = 0
    /// When it is closed whatever it still owes or is owed (monotonic nanoseconds).
    let deadline: Int
  }

  /// The listening socket.
  let fd: FileDescriptor
  /// What commands get to find it: `FZF_PORT` or `FZF_SOCK`.
  let environment: [String: String]
  private var socketPath: String?
  /// The TCP port listened on (nil for a Unix socket).
  private let port: Int?
  /// The key requests must carry in `x-api-key` (`FZF_API_KEY`), if one is set.
  private let apiKey: String?
  /// Whether only this machine can connect.
  let isLocal: Bool
  /// Connections, oldest first.
  private var clients: [Client] = []
  private var closed = false
  /// The most connections kept; a new one pushes out the oldest.
  static let maxClients = 16
  /// Reads one of the kernel's socket tables (a test counts the reads).
  var readTable: (String) -> [UInt8]? = { Syscall.readProcFile($0) }
  /// The most connections taken from the backlog in one turn of the event loop.
  static let acceptsPerTurn = 16
  /// How long a connection may take to send its request and read its answer.
  static let clientTime = 5_000_000_000

  /// `apiKey`: the key requests must carry (empty: none).
  init(_ address: RemoteControl.Address, apiKey: String?) throws(TerminalError) {
    let key = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    guard address.isLocal || key != nil else {
      throw .listen("FZF_API_KEY is required to allow remote access")
    }
    self.apiKey = key
    isLocal = address.isLocal
    if case .socket(let path) = address, let kind = Syscall.fileType(path) {
      // A socket file left by a picker that is gone is replaced; one still answering is not, and
      // nothing else at that path is ever removed.
      guard kind == S_IFSOCK else { throw .listen("\(path) exists and is not a socket") }
      guard !Syscall.unixSocketAnswers(path) else { throw .listen("socket already in use: \(path)") }
      unlink(path)
    }
    do throws(SystemError) {
      switch address {
      case .tcp(let host, let port):
        let (fd, bound) = try Syscall.listenTCP(host: host, port: port)
        self.fd = fd
        self.port = bound
        environment = ["FZF_PORT": String(bound), "MSELECT_PORT": String(bound)]
        socketPath = nil
      case .socket(let path):
        fd = try Syscall.listenUnix(path: path)
        port = nil
        environment = ["FZF_SOCK": path, "MSELECT_SOCK": path]
        socketPath = path
      }
    } catch {
      throw .listen(error.message)
    }
  }

  deinit {
    close()
  }

  /// Closes every connection and the socket, and removes the socket file (only if a socket is still
  /// what is there). Called on every way out, a terminating signal's included.
  func close() {
    guard !closed else { return }
    closed = true
    for client in clients { Syscall.close(client.fd) }
    clients = []
    Syscall.close(fd)
    if let path = socketPath, Syscall.fileType(path) == S_IFSOCK { unlink(path) }
    socketPath = nil
  }

  /// The descriptors to wait on, each with what to wait for: new connections, requests, and room
  /// for answers.
  var descriptors: [(fd: FileDescriptor, events: Int16)] {
    [(fd, Int16(POLLIN))] + clients.map { ($0.fd, Int16($0.answer == nil ? POLLIN : POLLOUT)) }
  }

  /// The soonest a connection's time runs out (monotonic nanoseconds), if any is open.
  var nextDeadline: Int? { clients.map(\.deadline).min() }

  /// Takes new connections, reads requests and writes answers on the ready descriptors, and drops
  /// connections whose time ran out. Each complete request is answered with what `respond` makes of
  /// it; a request that is refused (a wrong key, a web page's, another host's) is not seen by it.
  func service(_ ready: Set<FileDescriptor>, respond: (RemoteControl.Request) -> [UInt8]) {
    let now = Syscall.monotonicNanoseconds()
    if ready.contains(fd) {
      // A few a turn: a flood of connections waits in the backlog while keys are read in between.
      var fresh: [FileDescriptor] = []
      while fresh.count < RemoteListener.acceptsPerTurn, let client = Syscall.accept(fd) {
        fresh.append(client)
      }
      let strangers = self.strangers(fresh)
      for client in fresh {
        if clients.count >= RemoteListener.maxClients { Syscall.close(clients.removeFirst().fd) }
        var accepted = Client(fd: client, deadline: now + RemoteListener.clientTime)
        if strangers.contains(client) {
          accepted.answer = RemoteControl.response(
            "403 Forbidden", body: "this picker serves its own user only")
        }
        clients.append(accepted)
      }
    }
    var k = 0
    while k < clients.count {
      if ready.contains(clients[k].fd) {
        if clients[k].answer == nil { read(&clients[k], respond: respond) }
        if clients[k].answer != nil { write(&clients[k]) }
      }
      let client = clients[k]
      if client.answer.map({ client.sent >= $0.count }) == true || now >= client.deadline {
        // What it sent and nobody read (a refused request) is taken first: closed with it unread,
        // the connection would be reset, the answer lost.
        _ = try? Syscall.readAvailable(client.fd, upTo: 64 << 10)
        Syscall.close(client.fd)
        clients.remove(at: k)
      } else {
        k += 1
      }
    }
  }

  /// The connections among `fresh` that may not be served: with a key any may (the key decides),
  /// and on a loopback port without one only those of the user who started mselect (another local
  /// user is refused before anything is read). The other ends' owners are found in the kernel's
  /// socket tables, read once for all of them.
  private func strangers(_ fresh: [FileDescriptor]) -> Set<FileDescriptor> {
    guard isLocal, apiKey == nil, port != nil, !fresh.isEmpty else { return [] }
    var unknown: [TCPTable.Ports: FileDescriptor] = [:]
    var refused: Set<FileDescriptor> = []
    for client in fresh {
      // The other end's socket: its local port is this connection's peer port.
      guard let ports = Syscall.tcpPorts(client) else {
        refused.insert(client)
        continue
      }
      unknown[TCPTable.Ports(local: ports.peer, remote: ports.local)] = client
    }
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] where !unknown.isEmpty {
      guard let text = readTable(table) else { continue }
      for (ports, owner) in TCPTable.owners(of: Set(unknown.keys), in: text) {
        if owner != getuid(), let client = unknown[ports] { refused.insert(client) }
        unknown[ports] = nil
      }
    }
    return refused.union(unknown.values)
  }

  /// Reads what `client` sent; once its request is whole (or it stopped sending), its answer is set.
  private func read(_ client: inout Client, respond: (RemoteControl.Request) -> [UInt8]) {
    // Nil: nothing there after all; empty: the other end closed (or the read failed).
    let chunk: [UInt8]?
    do {
      chunk = try Syscall.readAvailable(client.fd, upTo: 64 << 10)
    } catch {
      chunk = []
    }
    guard let chunk else { return }
    client.received += chunk
    let request = RemoteControl.parse(client.received)
    if request == .incomplete && !chunk.isEmpty { return }
    client.received = []
    if request == .incomplete {
      client.answer = RemoteControl.response("400 Bad Request", body: "incomplete request")
    } else if let head = request.head,
      let rejection = RemoteControl.rejection(of: head, apiKey: apiKey, port: port)
    {
      client.answer = RemoteControl.response(rejection.status, body: rejection.message)
    } else {
      client.answer = respond(request)
    }
  }

  /// Writes as much of `client`'s answer as it takes now.
  private func write(_ client: inout Client) {
    guard let answer = client.answer, client.sent < answer.count else { return }
    let n = answer[client.sent...].withUnsafeBytes { (try? Syscall.writeSome(client.fd, $0)) ?? -1 }
    // A client that went away is owed nothing more.
    client.sent = n < 0 ? answer.count : client.sent + n
  }
}
