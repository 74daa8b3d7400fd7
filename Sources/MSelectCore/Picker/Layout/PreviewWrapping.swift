/// How a line is laid over rows (the preview's, or a list item's with `--wrap`), as fzf lays it: cut at the edge, or wrapped
/// (at any character, or after a space with `wrap-word`) with a sign starting each further row.
struct PreviewWrapping {
  /// One row of a line: whether it starts with the wrap sign, and the cells it shows.
  struct Row: Equatable {
    var signed: Bool
    var cells: Range<Int>
  }

  let width: Int
  let wrap: Bool
  let word: Bool
  let signWidth: Int

  init(width: Int, settings: PreviewSettings, signWidth: Int) {
    self.init(width: width, wrap: settings.wrap, word: settings.wrapWord, signWidth: signWidth)
  }

  init(width: Int, wrap: Bool, word: Bool, signWidth: Int) {
    self.width = width
    self.wrap = wrap
    self.word = word
    self.signWidth = signWidth
  }

  /// The cells shown after the sign: none when the sign fills the row (fzf then still gives each
  /// character a row of its own, showing only the sign).
  private var signedRoom: Int { width - signWidth }

  /// The rows `cells` takes.
  func rows(_ cells: [VisibleText.Cell]) -> [Row] {
    guard wrap, width > 0 else { return [Row(signed: false, cells: 0..<cells.count)] }
    var rows: [Row] = []
    for (index, piece) in pieces(cells).enumerated() {
      var start = piece.lowerBound
      var signed = index > 0
      repeat {
        let room = signed ? max(1, signedRoom) : width
        var used = 0
        var end = start
        while end < piece.upperBound, used + cells[end].width <= room || end == start {
          used += cells[end].width
          end += 1
        }
        rows.append(Row(signed: signed, cells: start..<(signed && signedRoom < 1 ? start : end)))
        start = end
        signed = true
      } while start < piece.upperBound
    }
    return rows
  }

  /// The parts a line breaks into before wrapping at characters: with `wrap-word`, at the last
  /// space before the edge (fzf's word wrap; the space goes), else the whole line.
  private func pieces(_ cells: [VisibleText.Cell]) -> [Range<Int>] {
    guard word else { return [0..<cells.count] }
    var pieces: [Range<Int>] = []
    var start = 0
    var used = 0
    var limit = width
    var space: (index: Int, before: Int, width: Int)?
    for (i, cell) in cells.enumerated() {
      if !cell.isPlaceholder && cell.text.allSatisfy({ $0 == " " }) {
        space = (i, used, cell.width)
      }
      used += cell.width
      if used > limit, let gap = space, gap.index >= start {
        pieces.append(start..<gap.index)
        start = gap.index + 1
        used -= gap.before + gap.width
        space = nil
        limit = width - signWidth
      }
    }
    pieces.append(start..<cells.count)
    return pieces
  }
}
