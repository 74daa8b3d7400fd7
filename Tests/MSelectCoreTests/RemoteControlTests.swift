import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// `--listen`: addresses, requests and answers as fzf's server reads and writes them.
@Suite struct RemoteControlTests {
  @Test(arguments: [
    ("6266", RemoteControl.Address.tcp(host: "localhost", port: 6266)),
    (":6266", .tcp(host: "localhost", port: 6266)),
    ("127.0.0.1:0", .tcp(host: "127.0.0.1", port: 0)),
    ("0.0.0.0:80", .tcp(host: "0.0.0.0", port: 80)),
    ("/tmp/fzf.sock", .socket("/tmp/fzf.sock")),
    ("x.sock", .socket("x.sock")),
  ])
  func addresses(text: String, address: RemoteControl.Address) {
    #expect(RemoteControl.Address(text) == address)
  }

  @Test(arguments: ["", "abc", "70000", "-1", "a:b:1", "host:", "file.txt", "٣"])
  func badAddresses(text: String) {
    #expect(RemoteControl.Address(text) == nil)
  }

  @Test func onlyLocalAddressesAreLocal() {
    #expect(RemoteControl.Address.local.isLocal)
    #expect(RemoteControl.Address("127.0.0.1:1")!.isLocal)
    #expect(RemoteControl.Address("a.sock")!.isLocal)
    #expect(!RemoteControl.Address("0.0.0.0:1")!.isLocal)
  }

  @Test func optionsTakeAnAddressWhenOneFollows() throws {
    func parse(_ words: [String]) throws -> Options { try OptionParser.parse(words.map { Array($0.utf8) }) }
    #expect(try parse(["--listen"]).picker.commands.listen == .local)
    #expect(try parse(["--listen", "6266"]).picker.commands.listen == .tcp(host: "localhost", port: 6266))
    #expect(try parse(["--listen=/tmp/a.sock"]).picker.commands.listen == .socket("/tmp/a.sock"))
    let o = try parse(["--listen", "file.txt"])
    #expect(o.picker.commands.listen == .local && o.file == "file.txt")
    #expect(try parse(["--listen-unsafe=1234"]).picker.commands.listenUnsafe)
    #expect(try parse(["--listen", "--no-listen"]).picker.commands.listen == nil)
    #expect(throws: OptionError.self) { try parse(["--listen=nope"]) }
  }

  func request(_ text: String) -> RemoteControl.Request { RemoteControl.parse(Array(text.utf8)) }

  @Test func requestsAreReadWhole() {
    #expect(
      request("GET / HTTP/1.1\r\nHost: x\r\n\r\n") == .status(limit: 100, offset: 0, head: .init(host: "x")))
    #expect(request("GET /?limit=5&offset=2 HTTP/1.1\r\n\r\n") == .status(limit: 5, offset: 2, head: .init()))
    #expect(request("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
    let post = "POST / HTTP/1.1\r\ncontent-LENGTH: 15\r\nX-Api-Key:  k1 \r\n\r\n"
    #expect(request(post + "change-quer") == .incomplete)
    #expect(request(post + "change-query(x)") == .actions("change-query(x)", head: .init(apiKey: "k1")))
    #expect(request(post + "change-query(x)+more") == .actions("change-query(x)", head: .init(apiKey: "k1")))
    #expect(
      request("POST / HTTP/1.1\r\nContent-Length: 8\r\n\r\naccept\r\n") == .actions("accept", head: .init()))
  }

  @Test(arguments: [
    ("PUT / HTTP/1.1\r\n\r\n", "invalid request method"),
    ("GET /x HTTP/1.1\r\n\r\n", "invalid request method"),
    ("POST /x HTTP/1.1\r\nContent-Length: 1\r\n\r\na", "invalid request method"),
    ("hello\r\n\r\n", "invalid request method"),
    ("POST / HTTP/1.1\r\n\r\n", "content-length header missing"),
    ("POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n", "invalid content length"),
    ("POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n", "invalid content length"),
    ("POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n\r\n", "no action specified"),
  ])
  func badRequests(text: String, message: String) {
    #expect(request(text) == .bad(message))
  }

  @Test func anEndlessHeadIsRefused() {
    #expect(
      request("GET / HTTP/1.1\r\n" + String(repeating: "x", count: 70_000)) == .bad("request too large"))
  }

  @Test func answersCarryTheirLength() {
    let ok = String(decoding: RemoteControl.response("200 OK", body: "{}", json: true), as: UTF8.self)
    #expect(ok == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{}\n")
    #expect(String(decoding: RemoteControl.response("200 OK"), as: UTF8.self) == "HTTP/1.1 200 OK\r\n\r\n")
  }

  @Test func jsonStringsAreEscaped() {
    #expect(RemoteControl.json("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
  }

  /// Actions parse as `--bind` reads them; a remote address without `--listen-unsafe` drops the
  /// ones that run commands.
  @Test func actionsAreCheckedAndFiltered() throws {
    let all = try RemoteControl.actions("reload(ls)+change-query(x)", allowCommands: true).get()
    #expect(all.count == 2)
    let safe = try RemoteControl.actions("reload(ls)+change-query(x)", allowCommands: false).get()
    #expect(safe == [.change(.query, "x")])
    #expect(throws: RemoteControl.Refusal.self) {
      try RemoteControl.actions("execute(x)", allowCommands: false).get()
    }
    #expect(throws: RemoteControl.Refusal.self) {
      try RemoteControl.actions("no-such-action", allowCommands: true).get()
    }
  }

  /// Values too large for an `Int`, or for the answer to be built at once, are cut; others ignored.
  @Test func pagingValuesAreClamped() {
    let huge = "GET /?offset=9223372036854775807&limit=99999999999999999999999 HTTP/1.1\r\n\r\n"
    #expect(request(huge) == .status(limit: RemoteControl.maxLimit, offset: 1 << 48, head: .init()))
    #expect(
      request("GET /?limit=-5&offset=+3&limit=x HTTP/1.1\r\n\r\n")
        == .status(limit: 100, offset: 0, head: .init()))
    let h = Harness(["alpha", "beta"])
    #expect(h.state.status(limit: Int.max, offset: Int.max).contains(#""matches":[]"#))
    #expect(h.state.status(limit: Int.max, offset: Int.min).contains(#""matches":[{"index":0"#))
  }

  /// Without an API key, what a web page sends (an `Origin`, a `Sec-Fetch-Site` other than `none`)
  /// or sends to another host name (DNS rebinding) is refused; a matching key lets anything in.
  @Test func webPagesAndOtherHostsAreRefused() {
    func verdict(_ head: RemoteControl.Head, key: String? = nil, port: Int? = 6266) -> String {
      RemoteControl.rejection(of: head, apiKey: key, port: port)?.status ?? "ok"
    }
    #expect(verdict(.init()) == "ok")
    #expect(verdict(.init(host: "localhost:6266")) == "ok")
    #expect(verdict(.init(host: "127.0.0.1:6266")) == "ok")
    #expect(verdict(.init(host: "[::1]:6266")) == "ok")
    #expect(verdict(.init(host: "LOCALHOST")) == "ok")
    #expect(verdict(.init(fetchSite: "none", host: "localhost:6266")) == "ok")
    #expect(verdict(.init(origin: "https://evil.example", host: "localhost:6266")) == "403 Forbidden")
    #expect(verdict(.init(origin: "null")) == "403 Forbidden")
    #expect(verdict(.init(fetchSite: "cross-site")) == "403 Forbidden")
    #expect(verdict(.init(fetchSite: "same-origin")) == "403 Forbidden")
    #expect(verdict(.init(host: "evil.example:6266")) == "403 Forbidden")
    #expect(verdict(.init(host: "localhost:6267")) == "403 Forbidden")
    #expect(verdict(.init(host: "localhost.evil.example")) == "403 Forbidden")
    // A Unix socket: no page reaches it, and curl names whatever host it was given.
    #expect(verdict(.init(host: "anything"), port: nil) == "ok")
    #expect(verdict(.init(origin: "https://evil.example"), port: nil) == "403 Forbidden")
    // The key decides when there is one.
    #expect(verdict(.init(apiKey: "k", origin: "https://a", host: "b"), key: "k") == "ok")
    #expect(verdict(.init(apiKey: "K", host: "localhost"), key: "k") == "401 Unauthorized")
    #expect(verdict(.init(), key: "k") == "401 Unauthorized")
    let page =
      "POST / HTTP/1.1\r\nHost: localhost:6266\r\nOrigin: http://evil\r\nSec-Fetch-Site: cross-site\r\n"
    #expect(
      request(page + "Content-Length: 6\r\n\r\naccept").head
        == .init(origin: "http://evil", fetchSite: "cross-site", host: "localhost:6266"))
  }

  @Test func statusDescribesThePicker() {
    let h = Harness(["alpha", "beta", "gamma\t\"q\""])
    h.type("a")
    h.press(tab)
    let status = h.state.status(limit: 2, offset: 0)
    #expect(status.hasPrefix(#"{"reading":false,"progress":100,"query":"a","position":1,"sort":true,"#))
    #expect(status.contains(#""totalCount":3,"matchCount":3,"current":{"index":"#))
    #expect(status.contains(#"{"index":0,"text":"alpha","positions":[0]}"#))
    #expect(status.contains(#""selected":[{"index":"#))
    #expect(!status.contains("gamma\t"))
    let paged = h.state.status(limit: 5, offset: 2)
    #expect(paged.contains(#"\t\"q\""#))
    #expect(paged.hasSuffix(#""selected":[]}"#))
  }

  @Test func remoteActionsRunLikeBoundOnes() {
    let h = Harness(["alpha", "beta"])
    h.state.handle(.remote([.change(.query, "be"), .change(.prompt, "remote> ")]))
    h.settle()
    #expect(h.query == "be" && h.state.settings.look.prompt == "remote> ")
    #expect(h.listed == ["beta"])
  }

  @Test func commandsSeeTheAddress() {
    var h = Harness(["a"])
    h.state.surroundings.listening = ["FZF_PORT": "6266"]
    #expect(h.state.environment["FZF_PORT"] == "6266")
    h = Harness(["a"])
    #expect(h.state.environment["FZF_PORT"] == nil)
  }
}

/// The kernel's socket table, read to find who owns the other end of a loopback connection.
@Suite struct TCPTableTests {
  static let table = Array(
    """
      sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
       0: 0100007F:186A 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1234 1
       1: 0100007F:186A 0100007F:A1B2 01 00000000:00000000 00:00000000 00000000     0        0 1235 1
       2: 0100007F:A1B2 0100007F:186A 01 00000000:00000000 00:00000000 00000000 65534        0 1236 1
    """.utf8)

  @Test func findsTheOwnerOfTheClientsEnd() {
    // The listener is on 0x186A (6250), the client on 0xA1B2.
    #expect(TCPTable.owner(localPort: 0xA1B2, remotePort: 0x186A, in: Self.table) == 65534)
    #expect(TCPTable.owner(localPort: 0x186A, remotePort: 0xA1B2, in: Self.table) == 0)
    #expect(TCPTable.owner(localPort: 1, remotePort: 2, in: Self.table) == nil)
    #expect(TCPTable.owner(localPort: 1, remotePort: 2, in: Array("garbage\n:\n1: x:y z\n".utf8)) == nil)
  }
}
