/// The picker without a terminal, for a program that draws it itself or tests with it: push lines,
/// press keys, `tick()` to run the searches they call for, then read the screen and the outcome.
///
/// Everything runs on the caller's thread; the terminal driver of the `mselect` executable runs the
/// same state machine with searches on other threads.
public struct PickerEngine {
  /// How the picker ended.
  public enum Outcome: Equatable, Sendable {
    /// The chosen lines by their index in the input, in `SelectionSettings.order`; `key` is the name
    /// of the key that accepted when it was one of the accepting keys.
    case accepted(lines: [Int], key: String?)
    /// Cancelled (Esc, ctrl-c), nothing chosen.
    case cancelled
  }

  private var state: PickerState

  /// A picker of `rows` by `columns` cells, empty until lines are pushed.
  public init(settings: PickerSettings = PickerSettings(), rows: Int = 24, columns: Int = 80) {
    state = PickerState(settings: settings, rows: rows, columns: columns)
  }

  /// Adds lines after those pushed before (each a line without its newline).
  public mutating func push(_ lines: some Sequence<String>) {
    push(bytes: lines.map { Array($0.utf8) })
  }

  /// Adds lines given as bytes (output gives back these bytes: they need not be UTF-8).
  public mutating func push(bytes lines: some Sequence<[UInt8]>) {
    var chunk: [[UInt8]] = []
    var size = 0
    for line in lines {
      // A block addresses its bytes with 32-bit offsets.
      if size + line.count + 1 > 1 << 30 { flush(&chunk, &size) }
      chunk.append(line)
      size += line.count + 1
    }
    flush(&chunk, &size)
  }

  private mutating func flush(_ chunk: inout [[UInt8]], _ size: inout Int) {
    guard !chunk.isEmpty else { return }
    state.handle(.input(LineBlock(lines: chunk, firstIndex: state.store.count)))
    chunk.removeAll()
    size = 0
  }

  /// Says no more lines will come (the info line's count stops showing progress; `--select-1` and
  /// the like wait for it).
  public mutating func endInput() { state.handle(.inputEnded) }

  /// Presses a key by fzf's name (`tab`, `ctrl-a`, `enter`, `shift-up`, `f5`, …); false when no
  /// terminal key has that name.
  @discardableResult
  public mutating func press(_ name: String) -> Bool {
    guard let key = Key(name: name) else { return false }
    state.handle(.key(key))
    return true
  }

  /// Types text into the query, a character at a time, as a person would.
  public mutating func type(_ text: String) {
    for scalar in text.unicodeScalars { state.handle(.key(.char(scalar.value))) }
  }

  /// The picker's size changed.
  public mutating func resize(rows: Int, columns: Int) { state.handle(.resize(rows: rows, columns: columns)) }

  /// Runs the searches the keys and lines called for, here, until the list is the one for the query.
  public mutating func tick() {
    while let request = state.nextSearch() {
      if let result = request.run() { state.handle(.searched(result)) }
    }
  }

  /// The query typed so far.
  public var query: String { String(decoding: state.queryBytes, as: UTF8.self) }

  /// How many lines match the query (the list's length).
  public var matchCount: Int { state.listCount }

  /// The screen's rows as text, without colours.
  public var screen: [String] { Renderer().render(state).text }

  /// How the picker ended; nil while it runs.
  public var outcome: Outcome? {
    switch state.outcome {
    case .accepted(let lines, let key): .accepted(lines: lines, key: key)
    case .cancelled, .timedOut: .cancelled
    case nil: nil
    }
  }
}
