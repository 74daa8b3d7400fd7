import Glibc

/// What the executable needs of its own process: arguments and variables as bytes, the exit, SIGPIPE.
package enum CurrentProcess {
  /// The program name and arguments exactly as given (bytes: a file name need not be UTF-8).
  package static var arguments: (program: [UInt8], arguments: [[UInt8]]) {
    let words = (0..<Int(CommandLine.argc)).map { bytes(CommandLine.unsafeArgv[$0]!) }
    return (words[0], Array(words.dropFirst()))
  }

  /// The bytes of the variable `name`, nil when it is not set.
  package static func variable(_ name: String) -> [UInt8]? {
    guard let value = getenv(name) else { return nil }
    return bytes(value)
  }

  /// A closed stdout must surface as EPIPE from write, not kill the process with the terminal in
  /// raw mode: SIGPIPE is ignored from the start.
  /// The wall clock, in seconds since 1970 (what `--learn` ages its weights by).
  package static var secondsSinceEpoch: Int64 { Int64(time(nil)) }

  package static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Opens /dev/null on each of the standard descriptors that is closed (`mselect <&-`): otherwise
  /// the terminal, opened next, would take descriptor 0 and be read as the input, keys and all.
  package static func fillClosedStandardDescriptors() {
    for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
      // The lowest free descriptor is the closed one (those below it are open); children inherit it.
      if let null = try? Syscall.open("/dev/null", O_RDWR) { _ = fcntl(null.rawValue, F_SETFD, 0) }
    }
  }

  /// Whether stopping (ctrl-z) can be undone: false in the process group of the session's leader when
  /// that is not this process (the shell's own group: a command substitution of an interactive
  /// shell), where no job control would send SIGCONT.
  package static var canBeStopped: Bool {
    let session = getsid(0)
    return getpgrp() != session || getpid() == session
  }

  /// Ends the process with `status`, running the exit handlers.
  package static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }

  /// Shows a manual page (roff) with `man -l`: paged on a terminal, as text into a pipe; false when
  /// that could not be done.
  package static func showManual(_ roff: String) -> Bool {
    guard let (fd, file) = try? Syscall.temporaryFile(Array(roff.utf8)) else { return false }
    defer { unlink(file) }
    Syscall.close(fd)
    // Nothing is written when `man` is missing, so the roff text can follow instead.
    return system("command -v man >/dev/null 2>&1 && man -l '\(file)'") == 0
  }

  private static func bytes(_ p: UnsafePointer<CChar>) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
  }
}
