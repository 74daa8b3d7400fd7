import Foundation
import Glibc
import Testing

/// Nothing is left behind: `{+f}` files go when their command ends and on every way out; commands
/// running in the background (`reload`, `execute-silent`, `transform`) end with the picker.
@Suite(.serialized) struct LeftoversTests {
  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether process `pid` is gone (a zombie waiting for a reaper counts as gone).
  static func isGone(_ pid: pid_t) -> Bool {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return true }
    let stat = String(decoding: data, as: UTF8.self)
    let state = stat.split(separator: ")").last?.split(separator: " ").first
    return state == "Z" || state == "X"
  }

  /// The files under `directory`, in its folders too (the picker makes one of its own for them).
  func files(in directory: String) -> [String] {
    let manager = FileManager.default
    return ((try? manager.subpathsOfDirectory(atPath: directory)) ?? []).filter { path in
      var folder: ObjCBool = false
      return manager.fileExists(atPath: "\(directory)/\(path)", isDirectory: &folder) && !folder.boolValue
    }.sorted()
  }

  /// Everything in `directory`, folders too.
  func entries(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  /// Sixty commands given `{+f}` leave no file behind, nor does the picker.
  @Test func fileListsGoWhenTheirCommandEnds() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tmp = "\(directory)/tmp"
    mkdir(tmp, 0o700)
    let picker = try PickerProcess(
      [
        "--multi", "--preview", "cat {+f}", "--bind",
        "ctrl-y:execute-silent(cat {+f} >> \(directory)/seen)+down",
      ], environment: ["TMPDIR": tmp])
    picker.feed((1...30).map { "line \($0)" }.joined(separator: "\n") + "\n")
    picker.closeInput()
    #expect(picker.waitFor("30/30"))
    for _ in 0..<30 { picker.send([0x19]) }  // ctrl-y
    #expect(picker.waitForScreen { _ in self.contents("\(directory)/seen")?.contains("line 30\n") == true })
    for _ in 0..<30 { picker.type("\u{1B}[A") }  // up: a preview for each line
    #expect(
      picker.waitForScreen { $0.text.contains("line 1\n") || $0.lines.contains { $0.contains("│ line 1") } })
    // At most the preview running now holds a file.
    #expect(picker.waitForScreen { _ in self.files(in: tmp).count <= 1 })
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
    #expect(entries(in: tmp) == [])
  }

  /// A terminating signal or a crash while commands hold `{+f}` files: the files go, and so do the commands
  /// (the hung `execute-silent` and `transform` case is in `ActionTests`).
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGSEGV, SIGABRT])
  func signalsTakeFilesAndCommandsAlong(signal: Int32) throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tmp = "\(directory)/tmp"
    mkdir(tmp, 0o700)
    let pids = "\(directory)/pids"
    // reload's and the preview's commands each write their pid, then sleep (reload's lists `c` first).
    let picker = try PickerProcess(
      [
        "--preview", "sh -c 'echo $$ >> \(pids); exec sleep 60' {+f}", "--bind",
        "ctrl-r:reload(sh -c 'echo $$ >> \(pids); echo c; exec sleep 60' {+f})",
      ], environment: ["TMPDIR": tmp])
    picker.feed("a\nb\n")
    picker.closeInput()
    #expect(picker.waitFor("2/2"))
    picker.send([0x12])  // ctrl-r
    #expect(picker.waitFor("1/1"))
    #expect(picker.waitForScreen { _ in (self.contents(pids)?.split(separator: "\n").count ?? 0) >= 2 })
    #expect(files(in: tmp).count >= 2)
    kill(picker.pid, signal)
    if signal == SIGSEGV {
      // Under AddressSanitizer its handler takes the crash over and exits with a status instead.
      #expect(picker.waitForExit() != nil)
    } else {
      #expect(picker.exitSignal() == signal)
    }
    let started = (contents(pids) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    #expect(started.count >= 2)
    for pid in started {
      #expect(picker.waitForScreen { _ in LeftoversTests.isGone(pid) }, "command \(pid) still runs")
      kill(pid, SIGKILL)
    }
    #expect(entries(in: tmp) == [])
  }

  /// A `{+f}` file that cannot be written (no such TMPDIR) is not passed over in silence.
  @Test func anUnwritableFileListSaysSo() throws {
    let picker = try PickerProcess(
      ["--bind", "ctrl-x:execute-silent(cat {+f})"], rows: 24, columns: 80,
      environment: ["TMPDIR": "/nonexistent-mselect-test"])
    picker.feed("a\nb\n")
    picker.closeInput()
    #expect(picker.waitFor("2/2"))
    picker.send([0x18])
    #expect(picker.waitFor("cannot write its file in TMPDIR"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }

  /// A command over the system's argument size is not run silently: the reason is shown.
  @Test func aCommandTooLongToRunSaysSo() throws {
    let long = String(repeating: "x", count: 300_000)
    let picker = try PickerProcess(
      ["--preview", "echo {}", "--bind", "ctrl-x:execute-silent(echo {})"], rows: 24, columns: 100)
    picker.feed(long + "\n")
    picker.closeInput()
    #expect(picker.waitFor("Argument list too long"))
    picker.send([0x18])
    #expect(picker.waitFor("cannot run the command: Argument list too long"))
    picker.type("\u{1B}")
    #expect(picker.exitCode() == 130)
  }
}
