import Foundation
import Glibc
import Testing

/// `eval "$(mselect --bash)"` in a real bash in the pseudo-terminal. (ctrl-r and alt-c were checked by
/// hand in tmux; in this harness bash may still be running the previous line when the key arrives,
/// and the terminal then takes ctrl-r as its reprint key.)
@Suite(.serialized) struct ShellIntegrationTests {
  /// A bash with the integration loaded, in a directory holding awkward names; nil without bash.
  func bash() throws -> (PickerProcess, String)? {
    guard access("/bin/bash", X_OK) == 0 else { return nil }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mselect-shell-\(getpid())")
      .path
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory + "/sub dir", withIntermediateDirectories: true)
    for name in ["a b.txt", "c'd.txt"] {
      FileManager.default.createFile(atPath: directory + "/" + name, contents: nil)
    }
    let bin = BinaryRunner.binary.deletingLastPathComponent().path
    let shell = try PickerProcess(
      ["-c", "cd '\(directory)' && exec /bin/bash --norc --noprofile -i </dev/tty >/dev/tty 2>&1"], rows: 30,
      columns: 100,
      environment: ["PATH": bin + ":/usr/bin:/bin", "PS1": "$ ", "HISTFILE": "/dev/null"],
      stdinIsTerminal: true,
      executable: "/bin/bash")
    shell.type("eval \"$(mselect --bash)\"\r")
    return (shell, directory)
  }

  @Test func ctrlTInsertsPickedPathsQuoted() throws {
    guard let (shell, directory) = try bash() else { return }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    shell.type("printf '[%s]\\n' ")
    shell.send([0x14])  // ctrl-t
    #expect(shell.waitFor("3/3"))
    shell.type("a b")
    #expect(shell.waitFor("1/3"))
    shell.type("\r")
    // Keys typed before the picker is gone would be read by it.
    #expect(shell.waitForScreen { !$0.text.contains("1/3") })
    shell.type("\r")
    // The name reached printf as one argument: it was quoted in the command line.
    #expect(shell.waitForScreen { $0.lines.contains("[a b.txt]") })
    shell.type("exit\r")
    _ = shell.waitForExit()
  }

  @Test func theScriptsAreValidShell() throws {
    // bash -n parses the bash script; zsh and fish are checked when installed.
    for (shell, flag, check) in [
      ("bash", "--bash", ["/bin/bash", "-n"]), ("zsh", "--zsh", ["/usr/bin/zsh", "-n"]),
      ("fish", "--fish", ["/usr/bin/fish", "--no-execute"]),
    ] where access(check[0], X_OK) == 0 {
      let script = try BinaryRunner.run([flag], "")
      #expect(script.status == 0)
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("mselect-\(shell)-\(getpid())")
        .path
      try script.text.write(toFile: path, atomically: true, encoding: .utf8)
      defer { unlink(path) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: check[0])
      process.arguments = Array(check.dropFirst()) + [path]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(shell)")
    }
  }
}
