import Foundation
import Glibc
import Testing

/// `--listen` on a Unix socket: requests change the picker, report its state, and end it.
@Suite(.serialized) struct ListenTests {
  /// Sends `request` to the socket at `path` and returns the whole answer (nil if nobody listens).
  func send(_ request: String, to path: String) -> String? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (k, byte) in path.utf8.enumerated() { raw[k] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { return nil }
    return exchange(request, on: fd)
  }

  /// Writes `request` on the connected socket `fd` and reads the whole answer.
  func exchange(_ request: String, on fd: Int32) -> String? {
    let bytes = Array(request.utf8)
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return nil }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      answer += buffer[..<n]
    }
    return String(decoding: answer, as: UTF8.self)
  }

  func post(_ body: String, to path: String) -> String? {
    send("POST / HTTP/1.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)", to: path)
  }

  @Test func requestsDriveThePicker() throws {
    let path = "/tmp/mselect-listen-\(getpid()).sock"
    let file = "/tmp/mselect-listen-\(getpid()).txt"
    unlink(file)
    defer { unlink(file) }
    let (picker, before) = try PickerProcess.started(
      ["--listen", path, "--bind", "ctrl-e:execute-silent(printf %s \"$FZF_SOCK\" > \(file))"],
      lines: "alpha\nbeta\ngamma\n", columns: 80)
    #expect(picker.waitFor("3/3"))
    #expect(post("change-query(be)+change-prompt(remote> )", to: path)?.hasPrefix("HTTP/1.1 200 OK") == true)
    #expect(
      picker.waitForScreen { $0.text.contains("1/3") && $0.lines.contains { $0.hasPrefix("remote> be") } })
    let status = send("GET / HTTP/1.1\r\n\r\n", to: path) ?? ""
    #expect(status.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"))
    #expect(status.contains(#""query":"be""#))
    #expect(status.contains(#""current":{"index":1,"text":"beta","positions":[0,1]}"#))
    #expect(post("no-such-action", to: path)?.hasPrefix("HTTP/1.1 400 Bad Request") == true)
    #expect(send("DELETE / HTTP/1.1\r\n\r\n", to: path)?.hasPrefix("HTTP/1.1 400 Bad Request") == true)
    picker.send([0x05])  // ctrl-e: commands find the socket
    #expect(picker.waitForScreen { _ in (try? String(contentsOfFile: file, encoding: .utf8)) == path })
    #expect(post("accept", to: path)?.hasPrefix("HTTP/1.1 200 OK") == true)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "beta\n")
    #expect(picker.sttySettings == before)
    #expect(access(path, F_OK) != 0)
  }

  @Test func aSocketInUseIsAnError() throws {
    let path = "/tmp/mselect-listen-busy-\(getpid()).sock"
    let (first, _) = try PickerProcess.started(["--listen", path], lines: "a\n", columns: 80)
    #expect(first.waitFor("1/1"))
    let second = try BinaryRunner.run(["--listen", path, "--filter", "a"], "a\n")
    // `--filter` has no picker: nothing listens, nothing fails.
    #expect(second.status == 0)
    let (picker, _) = try PickerProcess.started(["--listen", path], lines: "a\n", columns: 80)
    #expect(picker.exitCode() == 2)
    #expect(picker.stderr.contains("--listen: socket already in use"))
    first.type("\u{1B}")
    #expect(first.exitCode() == 130)
  }

  /// With `FZF_API_KEY` set, a request must carry it in `x-api-key`.
  @Test func theAPIKeyIsChecked() throws {
    let path = "/tmp/mselect-listen-key-\(getpid()).sock"
    let picker = try PickerProcess(["--listen", path], environment: ["FZF_API_KEY": "secret"])
    picker.feed("a\nb\n")
    picker.closeInput()
    #expect(picker.waitFor("2/2"))
    #expect(send("GET / HTTP/1.1\r\n\r\n", to: path)?.hasPrefix("HTTP/1.1 401 Unauthorized") == true)
    #expect(send("GET / HTTP/1.1\r\nx-api-key: secreT\r\n\r\n", to: path)?.hasPrefix("HTTP/1.1 401") == true)
    let body = "down+accept"
    let request = "POST / HTTP/1.1\r\nX-API-Key: secret\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    #expect(send(request, to: path)?.hasPrefix("HTTP/1.1 200 OK") == true)
    #expect(picker.exitCode() == 0)
    #expect(picker.stdout == "b\n")
  }

  @Test func aRemoteAddressNeedsAnAPIKey() throws {
    let picker = try PickerProcess(
      ["--listen", "0.0.0.0:0"], environment: ["FZF_API_KEY": "", "MSELECT_API_KEY": ""])
    picker.feed("a\n")
    picker.closeInput()
    #expect(picker.exitCode() == 2)
    #expect(picker.stderr.contains("FZF_API_KEY is required"))
  }

  /// Sends `request` to 127.0.0.1:`port` and returns the whole answer (nil if nobody listens).
  func send(_ request: String, port: Int) -> String? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return nil }
    return exchange(request, on: fd)
  }

  /// A picker listening on a free TCP port of localhost, and the port (commands are told it).
  func tcpPicker(lines: String, environment: [String: String] = [:]) throws -> (PickerProcess, Int) {
    let file = "/tmp/mselect-listen-port-\(getpid())"
    unlink(file)
    defer { unlink(file) }
    let picker = try PickerProcess(
      [
        "--listen", "--bind",
        "ctrl-e:execute-silent(printf %s \"$FZF_PORT\" > \(file).tmp; mv \(file).tmp \(file))",
      ],
      environment: environment)
    picker.feed(lines)
    picker.closeInput()
    #expect(picker.waitFor("/"))
    picker.send([0x05])
    #expect(picker.waitForScreen { _ in access(file, F_OK) == 0 })
    let port = Int((try? String(contentsOfFile: file, encoding: .utf8)) ?? "") ?? 0
    return (picker, port)
  }

  /// A web page can send a form or fetch to localhost (no preflight for text/plain) and, through DNS
  /// rebinding, read the answer: requests with an `Origin`, a cross-site `Sec-Fetch-Site` or another
  /// `Host` are refused, and their actions never run.
  @Test func requestsFromWebPagesAreRefused() throws {
    let marker = "/tmp/mselect-listen-page-\(getpid())"
    unlink(marker)
    defer { unlink(marker) }
    let (picker, port) = try tcpPicker(lines: "alpha\nbeta\n")
    #expect(port > 0)
    let body = "execute-silent(touch \(marker))+change-query(pwned)"
    func post(_ headers: String) -> String? {
      send(
        "POST / HTTP/1.1\r\n\(headers)Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)",
        port: port)
    }
    #expect(
      post("Host: localhost:\(port)\r\nOrigin: https://evil.example\r\n")?.hasPrefix("HTTP/1.1 403") == true)
    #expect(
      post("Host: 127.0.0.1:\(port)\r\nSec-Fetch-Site: cross-site\r\n")?.hasPrefix("HTTP/1.1 403") == true)
    #expect(post("Host: rebind.evil.example:\(port)\r\n")?.hasPrefix("HTTP/1.1 403") == true)
    #expect(
      send("GET / HTTP/1.1\r\nHost: rebind.evil.example:\(port)\r\n\r\n", port: port)?.hasPrefix(
        "HTTP/1.1 403") == true)
    // curl's own requests still work, and a huge offset is an answer, not a crash.
    let status = send(
      "GET /?offset=9223372036854775807&limit=99999999999 HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n",
      port: port)
    #expect(status?.hasPrefix("HTTP/1.1 200 OK") == true)
    #expect(status?.contains(#""matches":[]"#) == true)
    #expect(access(marker, F_OK) != 0)
    #expect(!picker.screen.text.contains("pwned"))
    #expect(
      send("POST / HTTP/1.1\r\nHost: localhost:\(port)\r\nContent-Length: 6\r\n\r\naccept", port: port)?
        .hasPrefix("HTTP/1.1 200") == true)
    #expect(picker.exitCode() == 0)
  }

  /// A client that asks for a large answer and never reads it does not stop the picker: keys and other
  /// requests are still handled.
  @Test func aClientThatDoesNotReadHoldsNothingUp() throws {
    let path = "/tmp/mselect-listen-slow-\(getpid()).sock"
    let line = String(repeating: "x", count: 2000)
    let (picker, _) = try PickerProcess.started(
      ["--listen", path], lines: (0..<2000).map { "\($0) \(line)" }.joined(separator: "\n") + "\n",
      columns: 80)
    #expect(picker.waitFor("2000/2000"))
    var stalled: [Int32] = []
    for _ in 0..<4 {
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (k, byte) in path.utf8.enumerated() { raw[k] = byte }
      }
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      let request = Array("GET /?limit=1000 HTTP/1.1\r\n\r\n".utf8)
      _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      stalled.append(fd)
    }
    defer { stalled.forEach { close($0) } }
    picker.type("1999")
    #expect(picker.waitFor("1/2000"))
    let answer = send("GET /?limit=1 HTTP/1.1\r\n\r\n", to: path)
    #expect(answer?.contains(#""matchCount":1"#) == true)
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// `--listen PATH.sock` removes its socket on a terminating signal, and never removes a file that
  /// is not a socket.
  @Test func theSocketGoesOnSignalsAndOtherFilesStay() throws {
    let path = "/tmp/mselect-listen-term-\(getpid()).sock"
    let (picker, _) = try PickerProcess.started(["--listen", path], lines: "a\n", columns: 80)
    #expect(picker.waitFor("1/1"))
    #expect(access(path, F_OK) == 0)
    kill(picker.pid, SIGTERM)
    #expect(picker.exitSignal() == SIGTERM)
    #expect(access(path, F_OK) != 0)
    let file = "/tmp/mselect-listen-file-\(getpid()).sock"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("keep".utf8)))
    defer { unlink(file) }
    let (other, _) = try PickerProcess.started(["--listen", file], lines: "a\n", columns: 80)
    #expect(other.exitCode() == 2)
    #expect(other.stderr.contains("exists and is not a socket"))
    #expect((try? String(contentsOfFile: file, encoding: .utf8)) == "keep")
  }

  /// An empty `FZF_API_KEY` does not switch off a key set in `MSELECT_API_KEY`.
  @Test func anEmptyFzfKeyLeavesTheOtherKey() throws {
    let path = "/tmp/mselect-listen-keys-\(getpid()).sock"
    let picker = try PickerProcess(
      ["--listen", path], environment: ["FZF_API_KEY": "", "MSELECT_API_KEY": "s3"])
    picker.feed("a\n")
    picker.closeInput()
    #expect(picker.waitFor("1/1"))
    #expect(send("GET / HTTP/1.1\r\n\r\n", to: path)?.hasPrefix("HTTP/1.1 401") == true)
    #expect(send("GET / HTTP/1.1\r\nx-api-key: s3\r\n\r\n", to: path)?.hasPrefix("HTTP/1.1 200") == true)
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// The key is the listener's alone: commands the picker runs (here the preview) do not see it, but
  /// they do get FZF_SOCK to talk back.
  @Test(arguments: ["FZF_API_KEY", "MSELECT_API_KEY"])
  func childrenDoNotSeeTheKey(variable: String) throws {
    let path = "/tmp/mselect-listen-child-\(getpid())-\(variable).sock"
    let picker = try PickerProcess(
      [
        "--listen", path, "--preview",
        "echo key=${FZF_API_KEY-none}/${MSELECT_API_KEY-none} sock=${FZF_SOCK:+set}",
      ],
      environment: [variable: "s3cret"])
    picker.feed("a\n")
    picker.closeInput()
    #expect(picker.waitFor("sock=set"))
    #expect(picker.screen.text.contains("key=none/none"), "\(picker.screen.text)")
    #expect(!picker.screen.text.contains("s3cret"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// On a loopback port without a key, the picker serves the user who started it only: a client of
  /// another uid is refused (403) and its actions never run; the owner's requests still work.
  @Test(
    .enabled(
      if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0 && access("/bin/bash", X_OK) == 0,
      "a client of another uid needs root and setpriv"))
  func anotherLocalUserIsRefused() throws {
    let (picker, port) = try tcpPicker(lines: "alpha\nbeta\n")
    #expect(port > 0)
    let body = "change-query(other)"
    let request =
      "POST / HTTP/1.1\\r\\nHost: localhost:\(port)\\r\\nContent-Length: \(body.utf8.count)\\r\\n\\r\\n\(body)"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/bash", "-c",
      "exec 3<>/dev/tcp/127.0.0.1/\(port); printf '\(request)' >&3; cat <&3",
    ]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let answer = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(answer.hasPrefix("HTTP/1.1 403"), "\(answer)")
    #expect(!picker.screen.text.contains("other"))
    let own = send("GET / HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n", port: port)
    #expect(own?.hasPrefix("HTTP/1.1 200") == true)
    picker.send([0x1B])
    #expect(picker.exitCode() == 130)
  }
}
