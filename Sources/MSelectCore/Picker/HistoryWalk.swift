/// ctrl-p / ctrl-n through the saved queries (`--history`), as readline walks its history: the query
/// being typed is kept while walking, and an entry edited and left keeps the edit until the picker
/// ends.
struct HistoryWalk {
  /// The saved queries, oldest first, with the edits made while walking.
  private var entries: [[UInt8]]
  /// Where the walk is: an entry, or `entries.count` for the query being typed.
  private var position: Int
  /// The query being typed, kept while walking the entries.
  private var draft: [UInt8] = []

  init(_ entries: [[UInt8]]) {
    self.entries = entries
    position = entries.count
  }

  /// The query one step older (`older`) or newer than the one shown, `current`; nil at either end.
  mutating func step(older: Bool, from current: [UInt8]) -> [UInt8]? {
    guard !entries.isEmpty else { return nil }
    if position == entries.count {
      draft = current
    } else {
      entries[position] = current
    }
    let target = position + (older ? -1 : 1)
    guard target >= 0, target <= entries.count else { return nil }
    position = target
    return target == entries.count ? draft : entries[target]
  }
}
