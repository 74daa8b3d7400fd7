import Synchronization

/// What a search has seen of its query's terms that forgive mistakes: whether some line holds one as
/// typed, as one run of the line's characters or as an abbreviation (pieces each starting a word).
///
/// Until one does, the query is taken for mistyped, and a line that holds a forgiving term as one
/// run with mistakes (a word typed with a slip) ranks above every line that holds its characters
/// strewn: it gains `tier`, more than any line scores otherwise. Once a line holds a term as typed,
/// the query may well be typed right (`usrlib` for /usr/lib, which `uselib` with one slip must not
/// pass), and repairs rank by their score less the penalty, as always.
/// A search that saw a run after it ranked some lines first scores those again (`Search.settle`).
///
/// Shared by every matcher of one search (one pattern); what it records belongs to that search,
/// not to what the pattern means, so any two compare equal.
package final class TypoSightings: Sendable, Equatable {
  /// What a line gains for each term it holds as a run with mistakes, while no line holds one as typed.
  package let tier: Int32
  /// The most the tiers add to a line's score.
  package let most: Int
  private let sawRun = Atomic<Bool>(false)

  /// Sightings for `groups` (written `repeats` times each) whose scores are at most `bound` without
  /// tiers; nil when no term forgives mistakes, or when tiers would take scores past what a sort key
  /// holds.
  init?(_ groups: [[Term]], repeats: [Int32], bound: Int) {
    let forgiving = zip(groups, repeats).reduce(0) { total, pair in
      total + (pair.0.contains { $0.typos > 0 } ? Int(pair.1) : 0)
    }
    guard forgiving > 0, bound + (bound + 1) * forgiving <= Int(UInt16.max) else { return nil }
    tier = Int32(bound + 1)
    most = (bound + 1) * forgiving
  }

  /// Whether some line held a forgiving term as typed.
  package var sawTermAsTyped: Bool { sawRun.load(ordering: .relaxed) }

  func recordTermAsTyped() { sawRun.store(true, ordering: .relaxed) }

  package static func == (_: TypoSightings, _: TypoSightings) -> Bool { true }
}
