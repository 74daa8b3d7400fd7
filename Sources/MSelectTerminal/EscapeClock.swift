/// When a lone ESC (or an unfinished sequence) began to wait for the rest: it is the Esc key once
/// `delay` passed, even while streaming input or a preview keeps the event loop from ever timing out.
struct EscapeClock {
  /// How long an ESC waits (nanoseconds).
  let delay: Int
  private var since: Int?

  init(delay: Int) { self.delay = delay }

  /// When the wait ends (monotonic nanoseconds); nil when no ESC waits.
  var due: Int? { since.map { $0 + delay } }

  /// Starts the clock when an ESC waits (keeping an earlier start), stops it when none does.
  mutating func note(pending: Bool, now: Int) {
    since = pending ? since ?? now : nil
  }

  /// Whether a waiting ESC's time is up; the clock stops then.
  mutating func expire(pending: Bool, now: Int) -> Bool {
    note(pending: pending, now: now)
    guard let due, now >= due else { return false }
    since = nil
    return true
  }
}
