/// The interactive picker as a pure state machine: events in, state out; `Renderer` turns it into frames.
///
/// It never blocks: searches are requested through `nextSearch()` and come back as `.searched` events.
public struct PickerState {
  /// How the picker ended.
  public enum Outcome: Equatable, Sendable {
    /// Print these lines; `key` is the accepting key's name when `--expect` is in use.
    case accepted(lines: [Int], key: String?)
    case cancelled
  }

  /// Something that happened.
  public enum Event {
    case key(Key)
    case input(LineBlock)
    case inputEnded
    case resize(rows: Int, columns: Int)
    case searched(SearchResult)
    /// Time passed (spinner).
    case tick
  }

  /// Work for the driver that is not a search.
  public enum Command: Equatable, Sendable {
    /// Clear and redraw everything (ctrl-l).
    case redraw
    /// Stop the process like ctrl-z in a shell, then redraw.
    case suspend
  }

  public let config: PickerConfig
  public private(set) var store = LineStore()
  public private(set) var inputEnded = false
  /// The query as characters (invalid bytes as `UTF8Decoding.invalidByteBase + byte`).
  public private(set) var query: [UInt32]
  public private(set) var queryCursor: Int
  private var yankBuffer: [UInt32] = []
  public private(set) var selection: Selection
  private var preselector: Preselector
  /// The search result on screen (it may lag behind the query while a search runs).
  public private(set) var result = SearchResult.empty
  private var cache: [SearchResult] = []
  private var generation = 0
  private var inFlight: (query: [UInt8], lineCount: Int)?
  /// Cursor and scroll position in the list (0 is the best match).
  public private(set) var cursor = 0
  public private(set) var offset = 0
  /// Showing only the marked lines (ctrl-s).
  public private(set) var reviewing = false
  private var reviewLines: [Int] = []
  /// A short note on the info line (refused marks, `--min` not met); cleared by the next key.
  public private(set) var message: String?
  public private(set) var outcome: Outcome?
  /// Enter was pressed before the results for the typed query arrived: accept when they do.
  private var pendingAccept: String??
  public private(set) var rows: Int
  public private(set) var columns: Int
  /// Rows the picker occupies; grows to fit the list, never beyond the allowed height.
  public private(set) var height = 0
  public private(set) var spinner = 0
  private var commands: [Command] = []

  /// Most cached results kept for narrowing and backspace.
  static let cacheEntries = 12
  /// Most matches kept in the cache over all its results (20 bytes each): on millions of lines,
  /// enough for the results of typing a word and backspacing over it.
  static let cacheLines = 12_000_000

  public init(config: PickerConfig, rows: Int, columns: Int, preselectFileLines: [[UInt8]] = []) {
    self.config = config
    self.rows = max(rows, 1)
    self.columns = max(columns, 1)
    query = UTF8Decoding.scalars(config.options.query)
    queryCursor = query.count
    selection = Selection(limit: config.options.max)
    preselector = Preselector(config.options, fileLines: preselectFileLines)
    updateHeight()
  }

  // MARK: - Derived values

  /// The query as bytes.
  public var queryBytes: [UInt8] { PickerState.encode(query) }

  /// First line that is a candidate (the lines before are the header).
  public var candidateStart: Int { min(config.options.headerLines, store.count) }

  /// Number of candidate lines read so far.
  public var totalCount: Int { store.count - candidateStart }

  /// Number of lines in the list on screen.
  public var listCount: Int { reviewing ? reviewLines.count : result.ranked.count }

  /// The line shown at list position `i`.
  public func line(at i: Int) -> Int { reviewing ? reviewLines[i] : Int(result.ranked[i].index) }

  /// The line under the cursor, if any.
  public var currentLine: Int? { cursor < listCount ? line(at: cursor) : nil }

  /// Whether the shown result is not yet the full answer for the current query and input.
  public var isSearching: Bool {
    result.query != queryBytes || result.lineCount < store.count || !result.complete
  }

  /// The header: `--header` lines, then the `--header-lines` input lines.
  public var headerCount: Int {
    (config.options.header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0)
      + candidateStart
  }

  /// Rows available for list items.
  public var listRows: Int { max(1, height - 2 - headerCount) }

  /// The most rows the picker may use.
  public var maxHeight: Int {
    switch config.options.height {
    case .fullscreen: rows
    case .lines(let n): min(n, rows)
    case .percent(let p): min(rows, max(3, rows * p / 100))
    }
  }

  /// Takes the pending non-search commands.
  public mutating func takeCommands() -> [Command] {
    defer { commands.removeAll() }
    return commands
  }

  // MARK: - Events

  public mutating func handle(_ event: Event) {
    switch event {
    case .key(let key): handle(key)
    case .input(let block): append(block)
    case .inputEnded: inputEnded = true
    case .resize(let r, let c):
      rows = max(r, 1)
      columns = max(c, 1)
      height = 0
      updateHeight()
    case .searched(let found): accept(found)
    case .tick: spinner += 1
    }
    clampScroll()
  }

  private mutating func append(_ block: LineBlock) {
    let before = store.count
    store.append(block)
    let candidates = max(before, candidateStart)..<store.count
    let marked = selection.count
    preselector.mark(candidates, of: store, in: &selection)
    if selection.count > marked || preselector.dropped > 0 {
      if let warning = preselector.warning(marked: selection.count) { message = warning }
    }
    updateHeight()
  }

  private mutating func accept(_ found: SearchResult) {
    if !found.complete {
      // A preview: show the best lines now if they are for what is typed; the full result follows.
      guard found.query == queryBytes, found.query != result.query || !result.complete else { return }
      if found.query != result.query {
        cursor = 0
        offset = 0
      }
      result = found
      updateHeight()
      return
    }
    if let inFlight, inFlight.query == found.query && inFlight.lineCount == found.lineCount {
      self.inFlight = nil
    }
    remember(found)
    guard found.query == queryBytes, found.lineCount >= result.lineCount || found.query != result.query else {
      return
    }
    if found.query != result.query {
      cursor = 0
      offset = 0
    }
    result = found
    updateHeight()
    if let key = pendingAccept, result.query == queryBytes {
      pendingAccept = nil
      acceptSelection(key: key)
    }
  }

  /// Keeps recent results for narrowing and backspace, newest last.
  private mutating func remember(_ found: SearchResult) {
    cache.removeAll { $0.query == found.query }
    cache.append(found)
    // Broad results over huge inputs are large: keep few of them. The prefixes of the current query
    // go last, since backspace returns to them (and the shortest are the slowest to redo).
    var total = cache.reduce(0) { $0 + $1.ranked.count }
    while cache.count > PickerState.cacheEntries || (cache.count > 1 && total > PickerState.cacheLines) {
      total -= cache.remove(at: PickerState.victim(cache.map(\.query), current: queryBytes)).ranked.count
    }
  }

  /// Which of the cached queries (oldest first, the newest last and kept) to drop: the oldest that is
  /// not a prefix of the current query, else the longest prefix (the cheapest to search again, by
  /// narrowing a shorter one).
  static func victim(_ queries: [[UInt8]], current: [UInt8]) -> Int {
    if let stale = queries.dropLast().firstIndex(where: { !current.starts(with: $0) }) { return stale }
    return queries.indices.dropLast().max { queries[$0].count < queries[$1].count } ?? 0
  }

  /// The search needed to bring the result up to date, if one is not already running.
  public mutating func nextSearch() -> SearchRequest? {
    let q = queryBytes
    let count = store.count
    if result.query == q && result.lineCount == count { return nil }
    // A search for this query is running: let it finish (new input is searched after it, as an
    // extension) rather than restart it, or fast streaming input would starve it.
    if let inFlight, inFlight.query == q { return nil }
    generation += 1
    inFlight = (q, count)
    let pattern = Pattern(query: q, options: config.options.match)
    var base: SearchResult?
    var candidates: [UInt32]?
    var broaderRanking: [RankedLine]?
    var searched = 0
    if result.query == q && result.complete {
      base = result
      searched = result.lineCount
    } else if let same = cache.last(where: { $0.query == q }) {
      base = same
      searched = same.lineCount
    } else if let broader = cache.filter({
      pattern.narrows(Pattern(query: $0.query, options: config.options.match))
    })
    .max(by: { $0.query.count < $1.query.count }) {
      candidates = broader.inputOrder
      broaderRanking = broader.ranked
      searched = broader.lineCount
    } else {
      searched = count
    }
    return SearchRequest(
      generation: generation, pattern: pattern, store: store, candidates: candidates,
      candidateStart: candidateStart,
      tail: min(searched, count)..<count, base: base, broaderRanking: broaderRanking,
      rank: config.options.rank,
      fields: SearchFields(config.options))
  }

  private mutating func handle(_ key: Key) {
    message = nil
    pendingAccept = nil
    if let name = config.expectKeys[key] {
      acceptSelection(key: name)
      return
    }
    if let actions = config.bindings.actions(for: key) {
      for action in actions where outcome == nil { perform(action) }
      return
    }
    switch key {
    case .char(let c): insert([c])
    case .paste(let bytes):
      // Pasted line breaks and tabs become spaces; other control bytes are dropped.
      let text = UTF8Decoding.scalars(bytes).compactMap { c -> UInt32? in
        c == 10 || c == 13 || c == 9 ? 32 : (c < 0x20 || c == 0x7F ? nil : c)
      }
      insert(text)
    default: break
    }
  }

  // MARK: - Actions

  private mutating func perform(_ action: Action) {
    let reverse = config.options.layout == .reverse
    switch action {
    case .accept: acceptSelection(key: nil)
    case .abort: outcome = .cancelled
    case .up: move(reverse ? -1 : 1)
    case .down: move(reverse ? 1 : -1)
    case .pageUp: move(reverse ? -listRows : listRows, wrap: false)
    case .pageDown: move(reverse ? listRows : -listRows, wrap: false)
    case .first: cursor = 0
    case .last: cursor = max(0, listCount - 1)
    case .toggle: current { state, line in state.refuseIfFull(state.selection.toggle(line)) }
    case .toggleDown:
      perform(.toggle)
      perform(.down)
    case .toggleUp:
      perform(.toggle)
      perform(.up)
    case .select: current { state, line in state.refuseIfFull(state.selection.mark(line)) }
    case .deselect: current { state, line in state.selection.unmark(line) }
    case .selectAll:
      var refused = false
      forEachListed { state, line in refused = !state.selection.mark(line) || refused }
      refuseIfFull(!refused)
    case .deselectAll: forEachListed { state, line in state.selection.unmark(line) }
    case .toggleAll:
      var refused = false
      forEachListed { state, line in refused = !state.selection.toggle(line) || refused }
      refuseIfFull(!refused)
    case .clearSelection:
      for line in selection.lines(.input) { selection.unmark(line) }
    case .toggleMarkedView:
      if reviewing {
        reviewing = false
      } else if selection.count == 0 {
        message = "nothing marked"
      } else {
        reviewing = true
        reviewLines = selection.lines(config.options.order)
      }
      cursor = 0
      offset = 0
    case .backwardChar: queryCursor = max(0, queryCursor - 1)
    case .forwardChar: queryCursor = min(query.count, queryCursor + 1)
    case .beginningOfLine: queryCursor = 0
    case .endOfLine: queryCursor = query.count
    case .backwardWord: queryCursor = wordStart(before: queryCursor)
    case .forwardWord: queryCursor = wordEnd(after: queryCursor)
    case .backwardDeleteChar:
      if queryCursor > 0 { edit((queryCursor - 1)..<queryCursor) }
    case .deleteChar:
      if queryCursor < query.count { edit(queryCursor..<(queryCursor + 1)) }
    case .killWord: kill(queryCursor..<wordEnd(after: queryCursor))
    case .backwardKillWord: kill(wordStart(before: queryCursor)..<queryCursor)
    case .unixWordRubout: kill(whitespaceWordStart(before: queryCursor)..<queryCursor)
    case .unixLineDiscard: kill(0..<queryCursor)
    case .killLine: kill(queryCursor..<query.count)
    case .yank: insert(yankBuffer)
    case .clearQuery: edit(0..<query.count)
    case .redraw: commands.append(.redraw)
    case .suspend: commands.append(.suspend)
    case .ignore: break
    }
  }

  private mutating func acceptSelection(key: String?) {
    if !selection.everMarked && !reviewing && (result.query != queryBytes || !result.complete) {
      // The line under the cursor belongs to an older query; decide when the new results are in.
      pendingAccept = .some(key)
      return
    }
    let lines: [Int]
    if selection.everMarked {
      lines = selection.lines(config.options.order)
    } else {
      lines = currentLine.map { [$0] } ?? []
    }
    if let min = config.options.min, lines.count < min {
      message = "select at least \(min)"
      return
    }
    outcome = .accepted(lines: lines, key: key)
  }

  private mutating func current(_ body: (inout PickerState, Int) -> Void) {
    guard let line = currentLine else { return }
    body(&self, line)
  }

  /// Runs `body` on every listed line, in input order so `--max` keeps the first ones. While a search
  /// is still scoring (a provisional list), that is the lines listed so far.
  private mutating func forEachListed(_ body: (inout PickerState, Int) -> Void) {
    let lines =
      reviewing
      ? reviewLines.sorted()
      : result.inputOrder.isEmpty
        ? result.ranked.map { Int($0.index) }.sorted() : result.inputOrder.map { Int($0) }
    for line in lines { body(&self, line) }
  }

  private mutating func refuseIfFull(_ accepted: Bool) {
    if !accepted, let max = config.options.max { message = "at most \(max) can be marked" }
  }

  private mutating func move(_ delta: Int, wrap: Bool = true) {
    guard listCount > 0 else { return }
    let target = cursor + delta
    if config.options.cycle && wrap && (target < 0 || target >= listCount) {
      cursor = (target % listCount + listCount) % listCount
    } else {
      cursor = min(max(0, target), listCount - 1)
    }
  }

  // MARK: - Query editing

  private mutating func insert(_ text: [UInt32]) {
    guard !text.isEmpty else { return }
    query.insert(contentsOf: text, at: queryCursor)
    queryCursor += text.count
    queryChanged()
  }

  private mutating func edit(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    query.removeSubrange(range)
    queryCursor = range.lowerBound
    queryChanged()
  }

  private mutating func kill(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    yankBuffer = Array(query[range])
    edit(range)
  }

  private mutating func queryChanged() {
    reviewing = false
  }

  private func isWordCharacter(_ c: UInt32) -> Bool {
    CharClass.of(c, CharClass.asciiTable).rawValue > CharClass.delimiter.rawValue
  }

  private func wordStart(before position: Int) -> Int {
    var i = position
    while i > 0 && !isWordCharacter(query[i - 1]) { i -= 1 }
    while i > 0 && isWordCharacter(query[i - 1]) { i -= 1 }
    return i
  }

  private func wordEnd(after position: Int) -> Int {
    var i = position
    while i < query.count && !isWordCharacter(query[i]) { i += 1 }
    while i < query.count && isWordCharacter(query[i]) { i += 1 }
    return i
  }

  private func whitespaceWordStart(before position: Int) -> Int {
    var i = position
    while i > 0 && query[i - 1] == 32 { i -= 1 }
    while i > 0 && query[i - 1] != 32 { i -= 1 }
    return i
  }

  // MARK: - Layout

  /// Grows the picker to fit the list (up to `maxHeight`); it never shrinks while running.
  private mutating func updateHeight() {
    let limit = maxHeight
    if case .fullscreen = config.options.height {
      height = rows
      return
    }
    let needed = 2 + headerCount + max(listCount, 1)
    height = min(limit, max(height, needed))
  }

  private mutating func clampScroll() {
    updateHeight()
    let n = listCount
    let visible = listRows
    cursor = min(max(0, cursor), max(0, n - 1))
    let margin = min(config.options.scrollOff, (visible - 1) / 2)
    if cursor < offset + margin { offset = cursor - margin }
    if cursor > offset + visible - 1 - margin { offset = cursor - visible + 1 + margin }
    offset = min(max(0, offset), max(0, n - visible))
  }

  /// Characters back to bytes (invalid bytes are restored as they were).
  static func encode(_ scalars: [UInt32]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(scalars.count)
    for c in scalars {
      if c >= UTF8Decoding.invalidByteBase {
        out.append(UInt8(truncatingIfNeeded: c - UTF8Decoding.invalidByteBase))
      } else if let scalar = Unicode.Scalar(c) {
        out.append(contentsOf: String(Character(scalar)).utf8)
      }
    }
    return out
  }
}
