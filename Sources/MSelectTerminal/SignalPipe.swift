import Glibc
import MSelectCore
import Synchronization

/// The write end of the self-pipe; the only thing signal handlers touch (a lock-free atomic, safe to
/// read in a handler; set before any handler is installed).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Delivers signals into the event loop: handlers only write the signal number to a pipe.
final class SignalPipe {
  /// Signals the picker reacts to by itself.
  static let control: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
  /// Every signal whose default action ends the process and that can be caught, except the crash
  /// signals (see `CrashGuard`): each one restores the terminal, then ends the process the same way.
  static let terminating: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGPWR, SIGSTKFLT, SIGIO,
  ]

  private let pipe: WakePipe
  /// The signals this pipe took over (a terminating signal ignored at start stays ignored, as a
  /// `nohup` or a shell's background job expects).
  private let taken: [Int32]
  /// What each taken signal did before, given back at the end (a program embedding the picker keeps
  /// its own handlers).
  private var previous: [Int32: sigaction] = [:]

  /// Becomes readable when a signal arrived.
  var readEnd: FileDescriptor { pipe.readEnd }

  init() throws(TerminalError) {
    pipe = try WakePipe()
    signalPipeWriteEnd.store(pipe.writeEnd.rawValue, ordering: .sequentiallyConsistent)
    taken = SignalPipe.control + SignalPipe.terminating.filter { !SignalPipe.isIgnored($0) }
    for signal in taken {
      var before = sigaction()
      sigaction(signal, nil, &before)
      previous[signal] = before
      SignalPipe.install(signal)
    }
    // A parent may have left them blocked (the mask is inherited): a blocked SIGWINCH would never
    // redraw the picker, a blocked SIGTERM never end it.
    var set = sigset_t()
    sigemptyset(&set)
    for signal in taken { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  deinit {
    for (signal, var before) in previous { sigaction(signal, &before, nil) }
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

  /// Whether the signal is ignored now (inherited from the parent).
  private static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    sigaction(signal, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Signals received since the last call.
  func take() -> [Int32] {
    pipe.drain().map { Int32($0) }
  }
}
