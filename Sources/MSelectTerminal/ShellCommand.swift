import Glibc
import MSelectCore

/// Commands from `execute`, `execute-silent`, `become` and `reload`, run by `--with-shell`'s command,
/// else `$SHELL -c` (else `sh -c`).
enum ShellCommand {
  /// Where the command's standard streams go.
  enum Streams {
    /// All three on /dev/tty (`execute`).
    case terminal
    /// All three on /dev/null (`execute-silent`).
    case none
    /// stdin /dev/null, stdout into a pipe write end, stderr /dev/null (`reload`).
    case output(FileDescriptor)
    /// stdin /dev/null, stdout and stderr into a pipe write end (the preview).
    case outputAndErrors(FileDescriptor)
  }

  /// The words a command is run with, the command appended as the last one: `custom`
  /// (`--with-shell 'bash -c'`; its first word is looked for in PATH), else `$SHELL -c`, else `sh -c`.
  static func words(_ custom: [[UInt8]]?) -> [[UInt8]] {
    if let custom, !custom.isEmpty { return custom }
    let shell = getenv("SHELL").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
    return [Array(shell.utf8), Array("-c".utf8)]
  }

  /// How values are quoted for the commands `words` run: by the shell's name, or, for a script of
  /// another name (a `$SHELL` wrapper), by the shell its `#!` line names.
  static func quoting(_ words: [[UInt8]]) -> ShellQuoting {
    let quoting = ShellQuoting(shellWords: words)
    guard case .unknown = quoting, let program = words.first, program.first == UInt8(ascii: "/"),
      let fd = try? Syscall.open(String(decoding: program, as: UTF8.self), O_RDONLY | O_NONBLOCK)
    else { return quoting }
    defer { Syscall.close(fd) }
    let head = (try? Syscall.readAvailable(fd, upTo: 256)) ?? nil
    guard let head, head.starts(with: Array("#!".utf8)) else { return quoting }
    let line = head.dropFirst(2).prefix { $0 != 10 }
    let interpreter = line.split(whereSeparator: { $0 == 32 || $0 == 9 }).map(Array.init)
    let named = ShellQuoting(shellWords: interpreter)
    if case .unknown = named { return quoting }
    return named
  }

  /// Starts `command`; returns its pid, or throws why it could not be started (a command over the
  /// system's argument size, a shell that is not there). Signals mselect catches or
  /// ignores are at their defaults in the command. `ownGroup`: in a process group of its own, killed
  /// whole on every way out (`Leftovers`) unless it was collected before.
  /// `environment`: variables added to mselect's own.
  static func spawn(
    _ command: [UInt8], _ streams: Streams, shell: [[UInt8]]?, ownGroup: Bool = false,
    environment extra: [String: String] = [:]
  ) throws(SystemError) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch streams {
    case .terminal:
      for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/tty", O_RDWR, 0) }
    case .none:
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .output(let fd):
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, fd.rawValue, 1)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addclose(&actions, fd.rawValue)
    case .outputAndErrors(let fd):
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, fd.rawValue, 1)
      posix_spawn_file_actions_adddup2(&actions, fd.rawValue, 2)
      posix_spawn_file_actions_addclose(&actions, fd.rawValue)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = Int16(POSIX_SPAWN_SETSIGDEF)
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int16(POSIX_SPAWN_SETPGROUP)
    }
    posix_spawnattr_setflags(&attributes, flags)
    var pid: pid_t = 0
    let arguments = words(shell) + [command]
    let result: Int32
    if extra.isEmpty {
      result = withCStrings(arguments) { argv in
        posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
      }
    } else {
      var variables = Environment.current
      for (name, value) in extra { variables[name] = value }
      let entries = variables.map { Array("\($0.key)=\($0.value)".utf8) }
      result = withCStrings(arguments) { argv in
        withCStrings(entries) { envp in posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, envp) }
      }
    }
    guard result == 0 else { throw SystemError("cannot run the command", errno: result) }
    if ownGroup { Leftovers.addGroup(pid) }
    return pid
  }

  /// `waitpid` without `WNOHANG`'s early return, retried on EINTR; the process is no longer a leftover.
  private static func collect(_ pid: pid_t, _ status: inout Int32) {
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    Leftovers.removeGroup(pid)
  }

  /// Starts `command` with its standard output into a new pipe (stdin and stderr on /dev/null);
  /// returns the pipe's read end and the pid.
  static func spawnReading(
    _ command: [UInt8], shell: [[UInt8]]?, ownGroup: Bool = false, environment: [String: String] = [:]
  ) throws(SystemError) -> (output: FileDescriptor, pid: pid_t) {
    var fds: [Int32] = [0, 0]
    guard Glibc.pipe(&fds) == 0 else { throw SystemError("pipe", errno: errno) }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    let (output, input) = (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    defer { Syscall.close(input) }
    do {
      let pid = try spawn(command, .output(input), shell: shell, ownGroup: ownGroup, environment: environment)
      return (output, pid)
    } catch {
      Syscall.close(output)
      throw error
    }
  }

  /// Runs `command` to its end and returns what it printed (up to `limit` bytes; the rest is read
  /// and dropped); throws when it could not be started: `transform(…)`'s run. While it runs,
  /// `interrupt` (the signal pipe) is watched too: `onInterrupt` handles what arrives there, so a
  /// resize is drawn and a terminating signal ends mselect even if the command never does.
  static func output(
    of command: [UInt8], shell: [[UInt8]]?, environment: [String: String], limit: Int = 1 << 20,
    interrupt: FileDescriptor? = nil, onInterrupt: () -> Void = {}
  ) throws(SystemError) -> [UInt8] {
    let (fd, pid) = try spawnReading(command, shell: shell, ownGroup: true, environment: environment)
    defer { Syscall.close(fd) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      if let interrupt {
        var watched = [
          pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0),
          pollfd(fd: interrupt.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        guard Glibc.poll(&watched, 2, -1) >= 0 || errno == EINTR else { break }
        if watched[1].revents != 0 { onInterrupt() }
        if watched[0].revents == 0 { continue }
      }
      let count = buffer.withUnsafeMutableBytes { b -> Int in (try? Syscall.read(fd, into: b)) ?? 0 }
      guard count > 0 else { break }
      output += buffer[..<min(count, max(0, limit - output.count))]
    }
    wait(pid)
    return output
  }

  /// Waits for `pid`; SIGINT and SIGQUIT are ignored meanwhile (ctrl-c in the command must stop the
  /// command, not mselect), as system(3) does. Returns the wait status.
  @discardableResult
  static func wait(_ pid: pid_t) -> Int32 {
    let previousInt = signal(SIGINT, SIG_IGN)
    let previousQuit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGINT, previousInt)
      signal(SIGQUIT, previousQuit)
    }
    var status: Int32 = 0
    collect(pid, &status)
    return status
  }

  /// Waits for `pid` while watching `interrupt` (the signal pipe): what arrives there is handled by
  /// `onInterrupt` meanwhile, so a command that never ends cannot keep a SIGTERM from ending mselect.
  /// The pipe is looked at between checks of the command, a few milliseconds apart at most.
  /// `continuingStops`: a stopped command (ctrl-z in a foreground job of its own) is continued at once.
  static func wait(
    _ pid: pid_t, interrupt: FileDescriptor, continuingStops: Bool = false, onInterrupt: () -> Void
  ) {
    var status: Int32 = 0
    var pause: Int32 = 1
    while true {
      let done = waitpid(pid, &status, WNOHANG | (continuingStops ? WUNTRACED : 0))
      if done == pid && status & 0xFF == 0x7F {
        kill(-pid, SIGCONT)
        continue
      }
      if done == pid || done == -1 && errno != EINTR {
        Leftovers.removeGroup(pid)
        return
      }
      var watched = pollfd(fd: interrupt.rawValue, events: Int16(POLLIN), revents: 0)
      if Glibc.poll(&watched, 1, pause) > 0 { onInterrupt() }
      pause = min(pause * 2, 16)
    }
  }

  /// Passes `signal` to the process group `pid` leads, and collects `pid` within a second (then the
  /// group is killed): a command must not outlive the picker a signal ends.
  static func end(_ pid: pid_t, by signal: Int32) {
    kill(-pid, signal)
    kill(-pid, SIGCONT)
    reap(pid, graceMilliseconds: 900, group: true)
    kill(-pid, SIGKILL)
  }

  /// Collects `pid`, which closed its output and is most likely exiting: up to `graceMilliseconds` for
  /// it to end by itself, then it (its whole group when `group`) is killed. Returns the wait status.
  @discardableResult
  static func reap(_ pid: pid_t, graceMilliseconds: Int, group: Bool) -> Int32 {
    var status: Int32 = 0
    for _ in 0..<graceMilliseconds {
      if waitpid(pid, &status, WNOHANG) == pid {
        Leftovers.removeGroup(pid)
        return status
      }
      usleep(1000)
    }
    kill(group ? -pid : pid, SIGKILL)
    collect(pid, &status)
    return status
  }

  /// Replaces this process by `command`; returns only if that failed. stdin becomes the terminal when
  /// it is the candidate pipe (an editor or pager run this way needs its keys).
  static func exec(_ command: [UInt8], shell: [[UInt8]]?) {
    if !Syscall.isTerminal(.standardInput) {
      let tty = open("/dev/tty", O_RDWR)
      if tty >= 0 {
        dup2(tty, 0)
        close(tty)
      }
    }
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT] {
      Glibc.signal(signal, SIG_DFL)
    }
    _ = withCStrings(words(shell) + [command]) { argv in execvp(argv[0]!, argv) }
  }

  /// Runs `body` with `words` as a NULL-terminated array of C strings.
  static func withCStrings<R>(_ words: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
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
