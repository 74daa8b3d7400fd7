/// Where the threads that read and scan a pipe run.
///
/// With `cat FILE | mselect -f`, the scheduler kept placing both scanning threads on one CPU (each
/// wakes the other, and `cat`, at the pipe) while `cat` had the other to itself: the two took turns
/// on one CPU for milliseconds at a time (`perf sched`: 12 and 11 ms of 33 on the same CPU). Each kept
/// on a CPU of its own while it scans, `datei` took 23.70 ms instead of 25.45 and `shareman` 66.4
/// instead of 71.5 (interleaved runs, fzy 48.6 and 164.0).
package enum ThreadPlacement {
  /// Keeps the calling thread on the `k`-th CPU it may run on (counted from 0), and returns what gives
  /// it back the CPUs it had; nil, and nothing changed, when it may run on one CPU only or on no more
  /// than `k`, or when the system refuses.
  package static func keep(onAllowedCPU k: Int) -> (@Sendable () -> Void)? {
    guard let allowed = try? Syscall.threadCPUs(), k >= 0, k < allowed.count, allowed.count > 1,
      (try? Syscall.setThreadCPUs([allowed[k]])) != nil
    else { return nil }
    return { try? Syscall.setThreadCPUs(allowed) }
  }
}
