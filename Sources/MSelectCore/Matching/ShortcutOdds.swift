/// How often a scoring shortcut has paid off lately, to stop trying it where it rarely does.
///
/// A shortcut that fails costs its attempt on top of the full work; one that succeeds saves the full
/// work, several times the attempt. Sentences matched by a word (`datei` over translations) almost
/// never take `Scorer.ceilingMatch`'s shortcut, path components almost always do: the odds are kept
/// per scorer, over the recent lines, and a shortcut that lost lately is tried only on a sample of
/// lines, enough to notice when the lines change.
final class ShortcutOdds {
  /// Attempts and successes since the counts were last halved.
  private var tries = 0
  private var wins = 0
  /// Lines passed over since the last sampled attempt.
  private var skipped = 0

  /// Attempts counted before the odds decide anything.
  static let warmUp = 64
  /// Below one success in this many attempts, the shortcut is sampled only.
  static let minimumOdds = 8
  /// While sampled, one line in this many tries it.
  static let sampling = 16
  /// The counts are halved at this many attempts, so old lines weigh less than new ones.
  static let memory = 1024

  /// Whether the next line should try the shortcut.
  @inline(__always)
  func shouldTry() -> Bool {
    if tries < ShortcutOdds.warmUp || wins &* ShortcutOdds.minimumOdds >= tries { return true }
    skipped &+= 1
    guard skipped >= ShortcutOdds.sampling else { return false }
    skipped = 0
    return true
  }

  /// Counts an attempt and whether it succeeded.
  @inline(__always)
  func record(won: Bool) {
    tries &+= 1
    if won { wins &+= 1 }
    if tries >= ShortcutOdds.memory {
      tries >>= 1
      wins >>= 1
    }
  }
}
