import Glibc
import Synchronization

/// The write end of the self-pipe; the only thing signal handlers touch (a lock-free atomic, safe to
/// read in a handler; set before any handler is installed).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Delivers signals into the event loop: handlers only write the signal number to a pipe.
final class SignalPipe {
  /// Signals the picker reacts to.
  static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]

  private let pipe: WakePipe

  /// Becomes readable when a signal arrived.
  var readEnd: Int32 { pipe.readEnd }

  init() throws(TerminalError) {
    pipe = try WakePipe()
    signalPipeWriteEnd.store(pipe.writeEnd, ordering: .sequentiallyConsistent)
    for signal in SignalPipe.handled { SignalPipe.install(signal) }
  }

  deinit {
    for signal in SignalPipe.handled { SignalPipe.reset(signal) }
    signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
  }

  static func install(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { number in
      // Async-signal-safe: one write(2), errno preserved.
      let saved = errno
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signal, &action, nil)
  }

  static func reset(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
  }

  /// Signals received since the last call.
  func take() -> [Int32] {
    pipe.drain().map { Int32($0) }
  }
}
