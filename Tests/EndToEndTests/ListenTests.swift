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
}
