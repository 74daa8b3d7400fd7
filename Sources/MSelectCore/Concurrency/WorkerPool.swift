import Synchronization

/// The threads that help `Parallel.run`: one fewer than the cores, started when first needed, each
/// looking for the next loop a moment before it sleeps.
///
/// libdispatch's `concurrentPerform` did this job, but its first helper started 0.2-4.6 ms after the
/// loop had begun (median 2.3 ms of a 12 ms typo search over Debian's package list): Linux ran the
/// new thread on the CPU of the loop's caller, at the next scheduler tick (`Platform.startThread`
/// starts it elsewhere). And a thread put to sleep took up to a few milliseconds to wake on these
/// virtual machines (a C test: median 27 µs, one in ten over 0.3 ms), at each of the several loops of
/// one search (the scan, the ranking, the sort, the output): so a helper looks for the next loop for
/// `patience` before it sleeps. Whole runs of `mselect --typos --filter` over the package list took
/// 0.81 times as long (30 mistyped names, the median of their ratios).
final class WorkerPool: Sendable {
  /// The pool `Parallel.run` uses.
  static let shared = WorkerPool(helpers: Parallel.cores - 1)

  /// How long a helper looks for the next loop before it sleeps: the gaps between the loops of one
  /// search are well under a millisecond; a picker's keystrokes are tens of milliseconds apart.
  private static let patience = Duration.milliseconds(2)

  /// One loop handed to the helpers: its iterations are taken in turn, each by whoever asks first.
  private final class Loop: Sendable {
    let body: @Sendable (Int) -> Void
    let count: Int
    let next = Atomic<Int>(0)
    /// Iterations not yet finished; the one that finishes the last tells the caller.
    let left: Atomic<Int>

    init(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
      self.body = body
      self.count = count
      left = Atomic(count)
    }

    /// Runs iterations until none is left to take; true when this call finished the last one.
    func work() -> Bool {
      var finishedLast = false
      while true {
        let k = next.add(1, ordering: .relaxed).oldValue
        guard k < count else { return finishedLast }
        body(k)
        finishedLast = left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0
      }
    }
  }

  /// What the caller and the helpers hand each other.
  private struct State {
    var loop: Loop?
    /// Loops posted so far.
    var generation = 0
    var started = 0
    /// Whether the loop's last iteration is done.
    var done = false
    /// Helpers that hold the loop.
    var holders = 0
  }

  private let helpers: Int
  private let state = Locked(State())
  /// Whether a loop has the pool: a second caller meanwhile (another thread, or a loop inside a loop)
  /// uses libdispatch instead of waiting.
  private let taken = Atomic<Bool>(false)
  /// `State.generation`, for the helpers that look for a loop without the lock.
  private let announced = Atomic<Int>(0)

  private init(helpers: Int) {
    self.helpers = max(0, helpers)
  }

  /// Runs `body(k)` for every `k` in `0..<count` on the caller's thread and the helpers; false, and
  /// nothing run, when the pool is busy or has no helper. When it returns, no helper holds `body`
  /// (`Parallel.run` lends it with `withoutActuallyEscaping`): a function's locals are gone when it
  /// returns, and the helpers let go of the loop in `help` before they say they are done.
  @inline(never)
  func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    guard helpers > 0,
      taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return false }
    defer { taken.store(false, ordering: .releasing) }
    let loop = Loop(count, body)
    let posted = state.withLock { state in
      while state.started < helpers && Platform.startThread({ [self] in helperLoop() }) {
        state.started += 1
      }
      guard state.started > 0 else { return false }
      state.loop = loop
      state.done = false
      state.generation &+= 1
      announced.store(state.generation, ordering: .releasing)
      return true
    }
    guard posted else { return false }
    state.notifyAll()
    if loop.work() { state.withLock { $0.done = true } }
    state.withLock(waitingUntil: { $0.done && $0.holders == 0 }) { $0.loop = nil }
    return true
  }

  /// A helper's life: wait for a loop to be posted, work at it, again.
  private func helperLoop() {
    var seen = 0
    while true {
      lookForLoop(after: seen)
      state.withLock(waitingUntil: { $0.generation != seen && $0.loop != nil }) { state in
        seen = state.generation
        state.holders += 1
      }
      let finishedLast = help()
      let last = state.withLock { state in
        state.holders -= 1
        if finishedLast { state.done = true }
        return state.done && state.holders == 0
      }
      if last { state.notifyAll() }
    }
  }

  /// Returns when a loop after the `seen`-th is posted, or after `patience`. It gives way to any
  /// other thread that wants the CPU meanwhile: through a pipe, `cat` and the thread reading from
  /// it (spinning alone cost `cat paths-500k | mselect -f usr` 7 %).
  private func lookForLoop(after seen: Int) {
    let clock = ContinuousClock()
    let start = clock.now
    var spins = 0
    while announced.load(ordering: .acquiring) == seen {
      Platform.yieldCPU()
      spins &+= 1
      if spins & 15 == 0 && clock.now - start > Self.patience { return }
    }
  }

  /// A helper's turn at the posted loop (see `run`); true when it finished the last iteration.
  @inline(never)
  private func help() -> Bool {
    let loop = state.withLock { $0.loop }
    return loop?.work() ?? false
  }
}
