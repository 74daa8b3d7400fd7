import Dispatch

/// A pointer (or a value holding pointers) handed across threads: the one place where the compiler's
/// `Sendable` checking is waived (besides `Locked`, whose mutex makes it safe).
///
/// Use it only for:
/// - memory that is immutable while shared (tables built once, input bytes, an owner only kept alive);
/// - memory that parallel workers write in disjoint parts, each its own (a matcher a core, a result
///   slot a piece), read as a whole only after `Parallel.run` has joined them all;
/// - the terminal module's fixed slots that the event loop writes and a signal handler reads
///   (`Leftovers`, `CrashGuard`: the handler may only read plain memory).
///
/// State that threads take turns at goes behind `Locked` instead.
package struct Shared<Pointer>: @unchecked Sendable {
  package let pointer: Pointer

  package init(_ pointer: Pointer) {
    self.pointer = pointer
  }
}

/// Parallel loops over the online cores.
package enum Parallel {
  /// The number of online CPUs (at least 1), read once.
  package static let cores = Platform.onlineCores

  /// Runs `body(k)` for every `k` in `0..<count`, spread over the cores (`WorkerPool`); returns when
  /// all are done. One iteration runs inline; a loop begun while another runs (on another thread, or
  /// inside it) goes to libdispatch.
  package static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
    if count == 1 {
      body(0)
    } else if count > 1 {
      let pooled = withoutActuallyEscaping(body) { WorkerPool.shared.run(count, $0) }
      if !pooled { DispatchQueue.concurrentPerform(iterations: count, execute: body) }
    }
  }

  /// `0..<count` cut into `parts` contiguous ranges of nearly equal size.
  package static func bounds(_ count: Int, parts: Int) -> [Int] {
    (0...parts).map { count * $0 / parts }
  }
}
