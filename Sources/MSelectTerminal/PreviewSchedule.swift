/// When preview runs start: the first after a quiet spell at once; while the cursor keeps moving,
/// each waits for a pause of `delay`, so only the one the cursor stops at runs. Times are
/// nanoseconds on any monotonic clock, given by the caller.
package struct PreviewSchedule<Run> {
  /// The pause a run waits for when runs come quickly.
  package let delay: Int
  /// The run waiting for its pause, and when the pause is over.
  package private(set) var pending: (run: Run, deadline: Int)?
  private var lastStart: Int?

  package init(delay: Int) { self.delay = delay }

  /// When the waiting run is due (for the event loop's timeout).
  package var deadline: Int? { pending?.deadline }

  /// A run asked for at `now`: what to start now (nil: it waits), and the waiting run it replaces
  /// (what was made for it can go).
  package mutating func ask(_ run: Run, now: Int) -> (start: Run?, dropped: Run?) {
    let quiet = pending == nil && lastStart.map { now - $0 >= delay } ?? true
    let dropped = pending?.run
    pending = quiet ? nil : (run, now + delay)
    return (quiet ? run : nil, dropped)
  }

  /// The waiting run, once its pause is over at `now` (it is no longer waiting).
  package mutating func due(now: Int) -> Run? {
    guard let pending, now >= pending.deadline else { return nil }
    self.pending = nil
    return pending.run
  }

  /// Forgets the waiting run and returns it.
  package mutating func drop() -> Run? {
    defer { pending = nil }
    return pending?.run
  }

  /// A run started at `now` (the next one asked for within `delay` waits).
  package mutating func started(at now: Int) { lastStart = now }
}
