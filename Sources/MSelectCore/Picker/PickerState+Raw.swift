/// fzf's raw mode (`--raw`, `toggle-raw`): the list holds every line in input order (reversed by
/// `--tac`); the cursor may rest on a line that does not match, drawn dimmed; `up-match`,
/// `down-match` and `best` go to matching lines. Leaving it puts the cursor on the nearest match
/// and unmarks the lines that do not match.
extension PickerState {
  /// The line at raw list position `i`.
  func rawLine(at i: Int) -> Int {
    settings.search.rank.reverse ? candidates.upperBound - 1 - i : candidates.lowerBound + i
  }

  /// Where `line` is in the raw list.
  func rawPosition(of line: Int) -> Int? {
    guard candidates.contains(line) else { return nil }
    return settings.search.rank.reverse ? candidates.upperBound - 1 - line : line - candidates.lowerBound
  }

  /// Whether `line` matches the query (always so outside raw mode, where only matches are listed).
  package func matches(_ line: Int) -> Bool {
    guard settings.list.raw else { return true }
    if line >= search.result.lineCount { return false }
    guard let known = search.rawMatches, known.query == search.result.query,
      known.lineCount == search.result.lineCount,
      known.listed == search.result.listed
    else {
      return search.result.everyLine != nil
        || search.result.ranked.contains { $0.index == UInt32(truncatingIfNeeded: line) }
    }
    return known.set?.contains(line) ?? true
  }

  /// Keeps `rawMatches` for the result on screen (a bit a line, made once a result).
  mutating func noteRawMatches() {
    guard settings.list.raw else { return }
    if let known = search.rawMatches, known.query == search.result.query,
      known.lineCount == search.result.lineCount,
      known.listed == search.result.listed
    {
      return
    }
    let set =
      search.result.everyLine == nil ? LineSet(search.result.ranked, lineCount: search.result.lineCount) : nil
    search.rawMatches = (set, search.result.query, search.result.lineCount, search.result.listed)
  }

  /// `FZF_RAW`, in raw mode only: whether the cursor's line matches (`1`) or not (`0`).
  var rawVariable: [String: String] {
    guard settings.list.raw else { return [:] }
    return ["FZF_RAW": currentLine.map { matches($0) } == true ? "1" : "0"]
  }

  /// `toggle-raw`, `enable-raw`, `disable-raw`: the cursor stays on its line, on its row (the nearest
  /// match when raw mode ends on a line that does not match).
  mutating func setRaw(_ on: Bool) {
    guard on != settings.list.raw else { return }
    let row = cursor - offset
    var kept = currentLine
    if !on, let current = kept, !matches(current) {
      kept = nil
      var distance = 1
      while cursor + distance < listCount || cursor - distance >= 0 {
        if let near = [cursor + distance, cursor - distance].first(where: {
          $0 >= 0 && $0 < listCount && matches(line(at: $0))
        }) {
          kept = line(at: near)
          break
        }
        distance += 1
      }
    }
    if !on {
      for marked in selection.lines(.input) where !matches(marked) { selection.unmark(marked) }
    }
    change(.raw(on))
    noteRawMatches()
    if let kept, let position = on ? rawPosition(of: kept) : position(of: kept) {
      viewport.jump(to: position, row: row)
    }
    clampScroll()
  }

  /// `up-match` / `down-match` in raw mode: the next matching line that way, if there is one.
  mutating func moveToMatch(_ delta: Int) {
    let start = cursor
    move(delta)
    while cursor != start, let line = currentLine, !matches(line) {
      let before = cursor
      move(delta)
      if cursor == before { break }
    }
    if let line = currentLine, !matches(line) { viewport.jump(to: start) }
  }

  /// `best` in raw mode: the best match's line.
  mutating func moveToBest() {
    guard search.result.listed > 0, let position = rawPosition(of: search.result.line(at: 0)) else { return }
    viewport.jump(to: position)
  }
}
