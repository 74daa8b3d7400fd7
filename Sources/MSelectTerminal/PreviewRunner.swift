import Glibc
import MSelectCore

/// Runs preview commands: one at a time, each through the shell in a process group of its own (so a
/// pipeline is stopped whole), output and errors read from one non-blocking pipe as they come.
final class PreviewRunner {
  /// What a read found.
  enum Output {
    case bytes([UInt8])
    /// The command ended (the wait status), or was stopped at the output cap.
    case ended(Int32)
    case nothing
  }

  private var pid: pid_t?
  private var pipe: FileDescriptor?
  /// Runs replaced before they wrote anything, left to end on their own until a deadline (fzf's
  /// 500 ms): a quick command run for a line passed on the way still does what it does.
  private var retired: [(pid: pid_t, deadline: Int)] = []
  static let retireGrace = 500_000_000
  /// Which run the output belongs to.
  private(set) var generation = 0
  private var total = 0

  /// The pipe to poll while a command runs.
  var descriptor: FileDescriptor? { pipe }
  /// What runs the commands (see `ShellCommand.words`).
  private let shell: [[UInt8]]?

  init(shell: [[UInt8]]?) {
    self.shell = shell
  }

  deinit {
    stop()
    reapRetired(all: true)
  }

  /// Starts `command` (bytes, run by the shell: see `ShellCommand.words`), stopping the one before.
  /// `environment`: the picker's variables (`FZF_QUERY`, …), the pane's size added to them (as
  /// `LINES` and `COLUMNS` too, which programs such as `bat` and `ls` size their output by; nil for a
  /// command that shows nowhere). Throws why the command could not be started.
  func start(
    _ command: [UInt8], generation: Int, size: (rows: Int, columns: Int)?, environment: [String: String] = [:]
  ) throws(SystemError) {
    if let running = pid, total == 0 {
      // Its output is no longer wanted; the command itself may finish.
      if let pipe { Syscall.close(pipe) }
      (pid, pipe) = (nil, nil)
      retired.append((running, Syscall.monotonicNanoseconds() + PreviewRunner.retireGrace))
    }
    stop()
    self.generation = generation
    total = 0
    var fds: [Int32] = [0, 0]
    guard Glibc.pipe(&fds) == 0 else { throw SystemError("pipe", errno: errno) }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    var sizes = environment
    for (name, value) in size.map({ [("LINES", $0.rows), ("COLUMNS", $0.columns)] }) ?? [] {
      sizes[name] = String(value)
      sizes["FZF_PREVIEW_" + name] = String(value)
      sizes["MSELECT_PREVIEW_" + name] = String(value)
    }
    let (output, input) = (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    defer { Syscall.close(input) }
    do {
      // A group of its own, so stopping it stops a whole pipeline.
      pid = try ShellCommand.spawn(
        command, .outputAndErrors(input), shell: shell, ownGroup: true, environment: sizes)
      pipe = output
    } catch {
      Syscall.close(output)
      throw error
    }
  }

  /// Reads what the command wrote; at the end (or beyond `PreviewPane.maxBytes`) reaps it.
  func read() -> Output {
    guard let pipe else { return .nothing }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(pipe.rawValue, $0.baseAddress, $0.count) }
    if n > 0 {
      total += n
      if total > PreviewPane.maxBytes { return finish(kill: true, first: Array(buffer[..<n])) }
      return .bytes(Array(buffer[..<n]))
    }
    if n < 0 && (errno == EAGAIN || errno == EINTR) { return .nothing }
    return finish(kill: false, first: [])
  }

  /// Closes the pipe and reaps the command (stopping its group first when `kill`, or when it is
  /// still running after closing its output).
  private func finish(kill stopping: Bool, first: [UInt8]) -> Output {
    if let pipe { Syscall.close(pipe) }
    pipe = nil
    guard let pid else { return .ended(0) }
    self.pid = nil
    // A command whose output ended is usually exiting: a moment (50 ms) to say how.
    let status = ShellCommand.reap(pid, graceMilliseconds: stopping ? 0 : 50, group: true)
    // At the cap the output so far stays; the pane shows what arrived.
    return first.isEmpty ? .ended(stopping ? 0 : status) : .bytes(first)
  }

  /// When the next retired run is due to be stopped (nil: none waits).
  var retiredDeadline: Int? { retired.map(\.deadline).min() }

  /// Collects the retired runs that ended, and stops those past their deadline (all with `all`).
  func reapRetired(all: Bool = false) {
    let now = Syscall.monotonicNanoseconds()
    retired.removeAll { run in
      var status: Int32 = 0
      if waitpid(run.pid, &status, WNOHANG) == run.pid {
        Leftovers.removeGroup(run.pid)
        return true
      }
      guard all || now >= run.deadline else { return false }
      _ = ShellCommand.reap(run.pid, graceMilliseconds: 0, group: true)
      return true
    }
  }

  /// Stops the running command, its whole group.
  func stop() {
    guard pid != nil else {
      if let pipe { Syscall.close(pipe) }
      pipe = nil
      return
    }
    _ = finish(kill: true, first: [])
  }
}
