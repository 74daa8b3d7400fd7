#if canImport(Glibc)
  import Glibc
#endif

extension Platform {
  /// Starts a detached thread that runs `body`; false when the system refuses. The thread takes no
  /// signal sent to the process (they go to the threads that expect them: the event loop's self-pipe
  /// handler), only those its own faults raise (a truncated mapped file's SIGBUS, which `MappingGuard`
  /// turns into zeros; blocked, it would kill the process).
  ///
  /// The thread starts on another CPU than the caller's when it may run on one: Linux put a new
  /// thread on its creator's CPU, busy with the search the thread was made to help, and it first ran
  /// at the next scheduler tick, 0.2-4.6 ms later (median 2.3 ms over Debian's package list, of a
  /// 12 ms search; a C test: 0.9-4.4 ms, and 0.1 ms started elsewhere). Once running, it may run
  /// anywhere it could before.
  package static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    // The CPUs the thread gets back once running: set only when it starts elsewhere.
    var giveBack: CPUMask?
    let current = cSchedGetcpu()
    if let allowed = CPUMask.ofCallingThread(), current >= 0, allowed.count > 1 {
      _ = allowed.without(Int(current)).words.withUnsafeBytes {
        cPthreadAttrSetaffinity(&attributes, $0.count, $0.baseAddress!)
      }
      giveBack = allowed
    }
    let start = Unmanaged.passRetained(ThreadStart(body, allowed: giveBack))
    var thread = pthread_t()
    let made = pthread_create(
      &thread, &attributes,
      { context in
        var sent = sigset_t()
        sigfillset(&sent)
        for fault in [SIGBUS, SIGSEGV, SIGFPE, SIGILL, SIGTRAP, SIGSYS] { sigdelset(&sent, fault) }
        pthread_sigmask(SIG_BLOCK, &sent, nil)
        let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
        start.allowed?.applyToCallingThread()
        start.body()
        return nil
      }, start.toOpaque())
    guard made == 0 else {
      start.release()
      return false
    }
    pthread_detach(thread)
    return true
  }
}

extension Platform {
  /// Lets another thread waiting for this CPU run first (`sched_yield`).
  package static func yieldCPU() {
    sched_yield()
  }
}

/// What a new thread runs, and the CPUs it gets back once running (nil: it already has them).
private final class ThreadStart: Sendable {
  let body: @Sendable () -> Void
  let allowed: CPUMask?

  init(_ body: @escaping @Sendable () -> Void, allowed: CPUMask?) {
    self.body = body
    self.allowed = allowed
  }
}

/// A set of CPUs as the kernel takes it (glibc's `cpu_set_t`: 1024 bits).
private struct CPUMask: Sendable {
  var words = [UInt64](repeating: 0, count: 16)

  /// The CPUs the calling thread may run on; nil when the system does not say.
  static func ofCallingThread() -> CPUMask? {
    var mask = CPUMask()
    let status = mask.words.withUnsafeMutableBytes { cSchedGetaffinity(0, $0.count, $0.baseAddress!) }
    return status == 0 ? mask : nil
  }

  var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  func without(_ cpu: Int) -> CPUMask {
    var mask = self
    if cpu < words.count * 64 { mask.words[cpu / 64] &= ~(1 << UInt64(cpu % 64)) }
    return mask
  }

  func applyToCallingThread() {
    _ = words.withUnsafeBytes { cSchedSetaffinity(0, $0.count, $0.baseAddress!) }
  }
}

// glibc's GNU extensions, which its Swift module does not export.
@_silgen_name("sched_getcpu")
private func cSchedGetcpu() -> Int32
@_silgen_name("sched_getaffinity")
private func cSchedGetaffinity(_ thread: Int32, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
@_silgen_name("sched_setaffinity")
private func cSchedSetaffinity(_ thread: Int32, _ size: Int, _ mask: UnsafeRawPointer) -> Int32
@_silgen_name("pthread_attr_setaffinity_np")
private func cPthreadAttrSetaffinity(
  _ attributes: UnsafeMutablePointer<pthread_attr_t>, _ size: Int, _ mask: UnsafeRawPointer
) -> Int32
