import Glibc
import Synchronization
import Testing

@testable import MSelectCore

/// `Parallel.run` over its own helper threads (`WorkerPool`), and the threads `Platform.startThread`
/// starts.
@Suite struct ParallelTests {
  /// Every iteration runs once, whatever the count, loop after loop (a helper that missed a loop, or
  /// took one twice, would show here).
  @Test(arguments: [2, 3, 7, 64, 1000])
  func everyIterationRunsOnce(count: Int) {
    for _ in 0..<50 {
      let runs = Locked([Int](repeating: 0, count: count))
      Parallel.run(count) { k in runs.withLock { $0[k] += 1 } }
      #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }
  }

  /// A loop inside a loop, and loops begun on several threads at once, finish with every iteration
  /// run once: the pool takes one of them, libdispatch the others.
  @Test func nestedAndConcurrentLoopsFinish() {
    let total = Atomic<Int>(0)
    Parallel.run(4) { _ in
      Parallel.run(8) { _ in total.add(1, ordering: .relaxed) }
    }
    let inner = total.load(ordering: .relaxed)
    #expect(inner == 32)
    let callers = 6
    let done = Atomic<Int>(0)
    for _ in 0..<callers {
      #expect(
        Platform.startThread {
          for _ in 0..<20 { Parallel.run(5) { _ in total.add(1, ordering: .relaxed) } }
          done.add(1, ordering: .releasing)
        })
    }
    let deadline = ContinuousClock.now + .seconds(60)
    while done.load(ordering: .acquiring) < callers && ContinuousClock.now < deadline { Platform.yieldCPU() }
    let (finished, sum) = (done.load(ordering: .acquiring), total.load(ordering: .relaxed))
    #expect(finished == callers)
    #expect(sum == 32 + callers * 20 * 5)
  }

  /// With two cores or more a helper takes part: iteration 0 waits for iteration 1 to start, which
  /// only another thread can do while the caller waits in iteration 0.
  @Test(.enabled(if: Parallel.cores > 1)) func aHelperTakesPart() {
    for _ in 0..<20 {
      let second = Atomic<Bool>(false)
      let sawSecond = Atomic<Bool>(false)
      Parallel.run(2) { k in
        if k == 1 {
          second.store(true, ordering: .releasing)
          return
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while !second.load(ordering: .acquiring) && ContinuousClock.now < deadline { Platform.yieldCPU() }
        sawSecond.store(second.load(ordering: .acquiring), ordering: .relaxed)
      }
      let saw = sawSecond.load(ordering: .relaxed)
      #expect(saw)
    }
  }

  /// A loop's closure is let go when `run` returns: `withoutActuallyEscaping` would stop the process
  /// otherwise, and what the closure holds is freed.
  @Test func theLoopLetsGoOfItsClosure() {
    final class Token: Sendable {}
    for _ in 0..<200 {
      weak var gone: Token?
      do {
        let token = Token()
        gone = token
        Parallel.run(3) { _ in withExtendedLifetime(token) {} }
      }
      #expect(gone == nil)
    }
  }

  /// A started thread takes no signal sent to the process, but the faults it raises itself reach
  /// it (a truncated mapped file's SIGBUS).
  @Test func startedThreadsBlockSentSignalsOnly() {
    let blocked = Locked<[Int32: Bool]?>(nil)
    #expect(
      Platform.startThread {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        var seen: [Int32: Bool] = [:]
        for signal in [SIGINT, SIGTERM, SIGWINCH, SIGCHLD, SIGBUS, SIGSEGV] {
          seen[signal] = sigismember(&mask, signal) == 1
        }
        blocked.withLock { $0 = seen }
        blocked.notifyAll()
      })
    let seen = blocked.withLock(waitingUntil: { $0 != nil }) { $0! }
    #expect(
      seen == [SIGINT: true, SIGTERM: true, SIGWINCH: true, SIGCHLD: true, SIGBUS: false, SIGSEGV: false])
  }
}
