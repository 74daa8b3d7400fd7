/// What the preview pane shows: the output of the command run for the current line, kept as it
/// arrives (up to `maxBytes`), with where it is scrolled to and how the command ended.
package struct PreviewPane: Sendable, Equatable {
  /// Output kept at most; the runner stops the command beyond it (`yes` or `cat` of a huge file).
  package static let maxBytes = 1 << 20

  /// `toggle-preview` turned the pane the other way from what its spec (`hidden` or not) says.
  package internal(set) var toggled = false
  /// The output so far.
  package private(set) var output: [UInt8] = []
  /// Where each complete or partial line of `output` starts.
  package private(set) var lineStarts: [Int] = [0]
  /// The first line shown.
  package internal(set) var scroll = 0
  /// How the command ended: nil while it runs (or before it starts).
  package private(set) var status: Int32?
  /// Which run the output belongs to; results of older runs are dropped.
  package internal(set) var generation = 0
  /// What the current run was made for (the line, and the query and marks when the command uses them).
  var key: [Int]?
  /// The pane keeps to the end of the output (`follow`, until scrolled up).
  var following = false
  /// `preview(…)`: a command run once in the pane instead of `--preview`'s.
  var override: String?

  init() {}

  /// Number of lines in the output (a last line without newline counts).
  package var lineCount: Int {
    output.isEmpty ? 0 : (output.last == 10 ? lineStarts.count - 1 : lineStarts.count)
  }

  /// The bytes of output line `i` (without its newline or a CR before it).
  package func line(_ i: Int) -> ArraySlice<UInt8> {
    let start = lineStarts[i]
    var end = i + 1 < lineStarts.count ? lineStarts[i + 1] - 1 : output.count
    if end > start && output[end - 1] == 13 { end -= 1 }
    return output[start..<end]
  }

  /// A new run: the output goes, the scroll goes back to `scroll`.
  mutating func restart(generation: Int, key: [Int]?, scroll: Int) {
    self.generation = generation
    self.key = key
    output = []
    lineStarts = [0]
    status = nil
    self.scroll = scroll
  }

  mutating func append(_ bytes: [UInt8]) {
    let room = PreviewPane.maxBytes - output.count
    guard room > 0 else { return }
    let from = max(0, output.count - (PreviewPane.clearScreen.count - 1))
    for b in bytes.prefix(room) {
      output.append(b)
      if b == 10 { lineStarts.append(output.count) }
    }
    // A command that clears the screen (`ESC[2J`, as `watch` or `clear` does) starts the pane
    // afresh with what follows.
    if let at = PreviewPane.lastClear(in: output, from: from) { restart(after: at) }
  }

  private static let clearScreen: [UInt8] = [0x1B, 0x5B, 0x32, 0x4A]

  /// Where the last `ESC[2J` at or after `from` ends.
  private static func lastClear(in output: [UInt8], from: Int) -> Int? {
    let n = clearScreen.count
    var i = output.count - n
    while i >= from {
      if output[i] == 0x1B && Array(output[i..<(i + n)]) == clearScreen { return i + n }
      i -= 1
    }
    return nil
  }

  private mutating func restart(after end: Int) {
    output.removeFirst(end)
    lineStarts = [0]
    for (i, b) in output.enumerated() where b == 10 { lineStarts.append(i + 1) }
  }

  mutating func finish(_ status: Int32) {
    self.status = status
  }
}

/// The pane's lines as the screen shows them: as cells, and which one shows first (what scrolling
/// and the renderer both go by).
extension PreviewPane {
  /// Line `index` of the output as cells (control sequences gone, control characters taking no
  /// room, as in fzf's pane) and the colors by character.
  func cells(_ index: Int) -> (cells: [VisibleText.Cell], colors: [String?]) {
    PreviewPane.cells(PreviewImage.split(line(index)).text)
  }

  /// `line` as cells, and its colors by character.
  static func cells(_ line: ArraySlice<UInt8>) -> (cells: [VisibleText.Cell], colors: [String?]) {
    let colored = ANSI.withoutControlSequences(line).withUnsafeBytes { ANSI.colored($0) }
    let visible = colored.text.withUnsafeBytes { VisibleText($0, limit: 64 << 10) }
    return (visible.cells.filter { !($0.isPlaceholder && $0.text.hasPrefix("^")) }, colored.colors)
  }

  /// The first line shown: the scroll, but no further than where the output's end fills the pane
  /// (with wrapping, counted in rows), and never among the header lines.
  static func firstLine(
    _ pane: PreviewPane, scroll: Int, rows: Int, headerLines: Int, wrapping: PreviewWrapping
  ) -> Int {
    let body = max(0, rows - headerLines)
    guard wrapping.wrap else { return max(min(scroll, pane.lineCount - body), headerLines) }
    // fzf's: from the end up, the lines that fit.
    var used = 0
    var bottom = headerLines
    var line = pane.lineCount - 1
    while line >= headerLines {
      used += wrapping.rows(pane.cells(line).cells).count
      if used > body {
        bottom = min(pane.lineCount - 1, line + 1)
        break
      }
      line -= 1
    }
    return max(min(scroll, bottom), headerLines)
  }
}
