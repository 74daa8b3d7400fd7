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
  private var pipe: Int32?
  /// Which run the output belongs to.
  private(set) var generation = 0
  private var total = 0

  /// The pipe to poll while a command runs.
  var descriptor: Int32? { pipe }

  deinit { stop() }

  /// Starts `command` (bytes, run by `$SHELL -c`, else `sh -c`), stopping the one before.
  func start(_ command: [UInt8], generation: Int, rows: Int, columns: Int) {
    stop()
    self.generation = generation
    total = 0
    var fds: [Int32] = [0, 0]
    guard Glibc.pipe(&fds) == 0 else { return }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A group of its own; the signals mselect ignores (SIGPIPE) or catches go back to their defaults.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    let shell = getenv("SHELL").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
    var environment = Environment.current
    for (name, value) in [("LINES", rows), ("COLUMNS", columns)] {
      environment["FZF_PREVIEW_" + name] = String(value)
      environment["MSELECT_PREVIEW_" + name] = String(value)
    }
    let arguments = [Array(shell.utf8), Array("-c".utf8), command]
    let entries = environment.map { Array("\($0.key)=\($0.value)".utf8) }
    var child: pid_t = 0
    let spawned = withCStrings(arguments) { argv in
      withCStrings(entries) { envp in posix_spawn(&child, shell, &actions, &attributes, argv, envp) }
    }
    Glibc.close(fds[1])
    guard spawned == 0 else {
      Glibc.close(fds[0])
      return
    }
    pid = child
    pipe = fds[0]
  }

  /// Reads what the command wrote; at the end (or beyond `PreviewPane.maxBytes`) reaps it.
  func read() -> Output {
    guard let pipe else { return .nothing }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(pipe, $0.baseAddress, $0.count) }
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
    if let pipe { Glibc.close(pipe) }
    pipe = nil
    guard let pid else { return .ended(0) }
    self.pid = nil
    var status: Int32 = 0
    // A command whose output ended is usually exiting: give it a moment (at most 50 ms) to say how.
    var exited = false
    if !stopping {
      for _ in 0..<50 {
        if waitpid(pid, &status, WNOHANG) == pid {
          exited = true
          break
        }
        usleep(1000)
      }
    }
    if !exited {
      _ = Glibc.kill(-pid, SIGKILL)
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
    // At the cap the output so far stays; the pane shows what arrived.
    return first.isEmpty ? .ended(stopping ? 0 : status) : .bytes(first)
  }

  /// Stops the running command, its whole group.
  func stop() {
    guard pid != nil else {
      if let pipe { Glibc.close(pipe) }
      pipe = nil
      return
    }
    _ = finish(kill: true, first: [])
  }

  /// Runs `body` with `words` as a NULL-terminated C array of strings.
  private func withCStrings<R>(_ words: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = words.map { word -> UnsafeMutablePointer<CChar>? in
      let p = UnsafeMutablePointer<CChar>.allocate(capacity: word.count + 1)
      for (k, b) in word.enumerated() { p[k] = CChar(bitPattern: b) }
      p[word.count] = 0
      return p
    }
    defer { pointers.forEach { $0?.deallocate() } }
    return body(pointers + [nil])
  }
}
