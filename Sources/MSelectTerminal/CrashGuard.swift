import Glibc
import MSelectCore
import Synchronization

/// The terminal to put back if the process crashes: the descriptor (-1: nothing to do), its settings
/// and the bytes that reset the modes the picker set. Written before raw mode begins, read only by the
/// crash handler, in memory that never moves.
private let crashTerminal = Atomic<Int32>(-1)
private let crashSettings = Shared(UnsafeMutablePointer<termios>.allocate(capacity: 1))
private let crashBytes = Shared(UnsafeMutablePointer<UInt8>.allocate(capacity: CrashGuard.maxBytes))
private let crashByteCount = Atomic<Int>(0)
/// The actions the crash signals had before, indexed by signal number.
private let previousActions = Shared(UnsafeMutablePointer<sigaction>.allocate(capacity: 65))

/// Restores the terminal when the process crashes (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP,
/// SIGSYS) and cleans up what it would leave (`Leftovers`), with async-signal-safe calls only, then lets the crash go on as it would have (the
/// previous handler, such as Swift's backtracer, or the default action).
enum CrashGuard {
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP, SIGSYS]
  static let maxBytes = 128

  /// Installs the handlers (once per picker session).
  static func install() {
    // Touch the globals now: their lazy initialisation must not first happen inside a handler.
    _ = crashSettings.pointer
    _ = crashBytes.pointer
    _ = previousActions.pointer
    Leftovers.prepare()
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { number, info, _ in
        // A read past the end of a mapped file that shrank is not a crash (see `MappingGuard`).
        if number == SIGBUS && MappingGuard.recover(at: info?.pointee._sifields._sigfault.si_addr) { return }
        Leftovers.cleanUp()
        let fd = crashTerminal.exchange(-1, ordering: .sequentiallyConsistent)
        if fd >= 0 {
          _ = write(fd, crashBytes.pointer, crashByteCount.load(ordering: .relaxed))
          _ = tcsetattr(fd, TCSANOW, crashSettings.pointer)
        }
        // The crash goes on as before: the previous action takes the re-raised signal (or, for a
        // fault, the instruction that faults again).
        _ = sigaction(number, previousActions.pointer + Int(number), nil)
        _ = raise(number)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO
      sigaction(signal, &action, previousActions.pointer + Int(signal))
    }
  }

  /// Puts the previous handlers back.
  static func uninstall() {
    disarm()
    for signal in signals { sigaction(signal, previousActions.pointer + Int(signal), nil) }
  }

  /// From now on a crash restores `settings` on `fd` and writes `reset` (cut to `maxBytes`).
  static func arm(fd: Int32, settings: termios, reset: String) {
    crashSettings.pointer.pointee = settings
    let bytes = Array(reset.utf8.prefix(maxBytes))
    bytes.withUnsafeBufferPointer { crashBytes.pointer.update(from: $0.baseAddress!, count: $0.count) }
    crashByteCount.store(bytes.count, ordering: .sequentiallyConsistent)
    crashTerminal.store(fd, ordering: .sequentiallyConsistent)
  }

  /// Nothing to restore any more (the terminal is back to normal).
  static func disarm() {
    crashTerminal.store(-1, ordering: .sequentiallyConsistent)
  }
}
