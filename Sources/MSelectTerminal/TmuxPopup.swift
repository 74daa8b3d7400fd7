import Glibc

/// `--tmux`: the picker run again in a tmux popup (`display-popup -E`, tmux 3.3 or newer), reading
/// this process's input and writing to its output through /proc, with its environment and
/// directory; its exit status is this one's.
package enum TmuxPopup {
  /// Where and how large, as tmux's `display-popup` options.
  package struct Placement: Sendable {
    package var x: String
    package var y: String
    package var width: String
    package var height: String
    /// tmux draws the border (else the picker draws one itself).
    package var tmuxBorder: Bool

    package init(x: String, y: String, width: String, height: String, tmuxBorder: Bool) {
      (self.x, self.y, self.width, self.height, self.tmuxBorder) = (x, y, width, height, tmuxBorder)
    }
  }

  /// Whether a popup can open here: inside tmux (`$TMUX`), whose version is 3.3 or newer (fzf's
  /// rule; elsewhere `--tmux` is ignored, as fzf ignores it).
  package static var available: Bool {
    guard let inside = getenv("TMUX"), inside.pointee != 0 else { return false }
    guard let text = try? ShellCommand.output(of: Array("tmux -V".utf8), shell: posixShell, environment: [:])
    else { return false }
    // `tmux 3.3a`, `tmux next-3.4`, `tmux master`.
    let version = String(decoding: text, as: UTF8.self).drop { !$0.isNumber }
    let parts = version.split { !$0.isNumber }.prefix(2).compactMap { Int($0) }
    guard parts.count == 2 else { return version.isEmpty && text.contains(UInt8(ascii: "m")) }
    return parts[0] > 3 || parts[0] == 3 && parts[1] >= 3
  }

  /// Runs `arguments` (this program's, without the popup option) in the popup and waits for it;
  /// returns its exit status, nil when the popup could not be opened.
  package static func run(_ arguments: [[UInt8]], placement: Placement) -> Int32? {
    guard let program = executable else { return nil }
    let me = getpid()
    var directory = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let here =
      getcwd(&directory, directory.count).map { _ in
        String(decoding: directory.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      } ?? "/"
    // tmux starts the popup's command in its server's environment: the script gives the picker this
    // one's whole (exported shell functions too), and this process's standard streams.
    let variables = Environment.current.sorted { $0.key < $1.key }.map { quoted($0.key + "=" + $0.value) }
    var script = "cd \(quoted(here)) 2>/dev/null\nexec env -i " + variables.joined(separator: " ") + " "
    script += ([program] + arguments.map { String(decoding: $0, as: UTF8.self) }).map(quoted).joined(
      separator: " ")
    script +=
      " <\(quoted("/proc/\(me)/fd/0")) >>\(quoted("/proc/\(me)/fd/1")) 2>>\(quoted("/proc/\(me)/fd/2"))\n"
    guard let (fd, path) = try? Syscall.temporaryFile(Array(script.utf8)) else { return nil }
    Syscall.close(fd)
    defer { unlink(path) }
    var popup = ["tmux", "display-popup", "-E", "-d", here, "-x", placement.x, "-y", placement.y]
    popup += ["-w", placement.width, "-h", placement.height] + (placement.tmuxBorder ? [] : ["-B"])
    // One word: given as several, tmux 3.3 shows the popup without what the command draws.
    popup.append("sh " + quoted(path))
    let command = "exec " + popup.map(quoted).joined(separator: " ")
    guard let pid = try? ShellCommand.spawn(Array(command.utf8), .none, shell: posixShell) else { return nil }
    let status = ShellCommand.wait(pid)
    if status & 0x7F != 0 { return 128 + (status & 0x7F) }
    return (status >> 8) & 0xFF
  }

  /// This program's file, for the popup to run.
  private static var executable: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static let posixShell = [Array("/bin/sh".utf8), Array("-c".utf8)]

  /// `text` in single quotes for sh.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
