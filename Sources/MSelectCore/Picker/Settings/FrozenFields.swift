/// fzf's `--freeze-left N` and `--freeze-right N`: a line too long for its row keeps its first N and
/// last N fields in view, and only the fields between them are cut (or scrolled to the match).
struct FrozenFields {
  /// The parts of a row, in order: text (its cells keep their character index in the line, so
  /// matches are highlighted) or the ellipsis.
  enum Piece {
    case text(VisibleText)
    case ellipsis
  }

  let left: Int
  let right: Int
  let delimiter: Delimiter

  /// Where the frozen parts end and start: fzf's split points, as character indices of `line` (the
  /// left part without its trailing blanks; the right part from the delimiter's first non-blank).
  func splits(_ line: UnsafeRawBufferPointer) -> (left: Int, right: Int?) {
    let fields = Fields.ranges(line, delimiter)
    guard !fields.isEmpty else { return (0, nil) }
    /// Where field `i`'s token (the field and the delimiter after it) ends.
    func tokenEnd(_ i: Int) -> Int { i + 1 < fields.count ? fields[i + 1].lowerBound : line.count }
    var leftEnd = 0
    if left > 0 {
      leftEnd = tokenEnd(min(left, fields.count) - 1)
      while leftEnd > 0 && FrozenFields.isBlank(line[leftEnd - 1]) { leftEnd -= 1 }
    }
    var rightStart: Int?
    if right > 0 {
      let index = max(left - 1, fields.count - right - 1)
      if index < 0 {
        rightStart = 0
      } else if index >= left {
        var start = fields[index].upperBound
        while start < tokenEnd(index) && FrozenFields.isBlank(line[start]) { start += 1 }
        rightStart = start
      } else {
        rightStart = leftEnd
      }
      rightStart = max(rightStart ?? 0, leftEnd)
    }
    return (
      FrozenFields.characters(line, upTo: leftEnd), rightStart.map { FrozenFields.characters(line, upTo: $0) }
    )
  }

  /// White space, as fzf trims it from the frozen parts (a line break of `--read0` input too).
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 32 || (9...13).contains(byte)
  }

  /// The characters of `line` before byte `offset`.
  private static func characters(_ line: UnsafeRawBufferPointer, upTo offset: Int) -> Int {
    var count = 0
    for i in 0..<offset where line[i] & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// The pieces of `text` (the whole line's cells) that fit `room` columns with an ellipsis
  /// `ellipsis` columns wide, the middle scrolled to show the last of `positions` with `context`
  /// columns after it (`keepRight`: with no match, its end shows), as fzf draws frozen fields.
  func pieces(
    _ text: VisibleText, splits: (left: Int, right: Int?), room: Int, ellipsis: Int, positions: [Int],
    context: Int, keepRight: Bool
  ) -> [Piece] {
    let cells = text.cells
    let leftCells = Array(cells.prefix { $0.source < splits.left })
    let rightStart = splits.right ?? Int.max
    let middleCells = Array(cells.filter { $0.source >= splits.left && $0.source < rightStart })
    let rightCells = Array(cells.filter { $0.source >= rightStart })
    var width = room
    var leftPieces: [Piece] = []
    var rightPieces: [Piece] = []
    // The frozen parts first, each leaving room for an ellipsis; then the middle in what is left.
    if !leftCells.isEmpty {
      if columns(leftCells) > width - ellipsis {
        leftPieces = [.text(VisibleText(cells: fitting(leftCells, width - ellipsis))), .ellipsis]
        width -= columns(fitting(leftCells, width - ellipsis)) + ellipsis
      } else {
        leftPieces = [.text(VisibleText(cells: leftCells))]
        width -= columns(leftCells)
      }
    }
    if !rightCells.isEmpty && width > 0 {
      if columns(rightCells) > width - ellipsis {
        let kept = fittingEnd(rightCells, width - ellipsis)
        rightPieces = [.ellipsis, .text(VisibleText(cells: kept))]
        width -= columns(kept) + ellipsis
      } else {
        rightPieces = [.text(VisibleText(cells: rightCells))]
        width -= columns(rightCells)
      }
    }
    guard width > 0, !middleCells.isEmpty else { return leftPieces + rightPieces }
    return leftPieces
      + middle(
        middleCells, width, ellipsis: ellipsis, positions: positions, context: context, keepRight: keepRight)
      + rightPieces
  }

  /// The middle part in `width` columns: whole, cut on the right, or scrolled to its last match.
  private func middle(
    _ cells: [VisibleText.Cell], _ width: Int, ellipsis: Int, positions: [Int], context: Int, keepRight: Bool
  ) -> [Piece] {
    guard columns(cells) > width else { return [.text(VisibleText(cells: cells))] }
    let sources = cells.first!.source...cells.last!.source
    guard let last = positions.last(where: { sources.contains($0) }) else {
      if keepRight { return [.ellipsis, .text(VisibleText(cells: fittingEnd(cells, width - ellipsis)))] }
      return [.text(VisibleText(cells: fitting(cells, width - ellipsis))), .ellipsis]
    }
    // Up to the match and some context after it; cut on the left when that does not fit.
    let match = cells.firstIndex { $0.source == last } ?? 0
    let end = min(cells.count, match + 1 + max(0, min(width / 2 - ellipsis, context)))
    if columns(Array(cells[..<end])) <= width - ellipsis {
      return [.text(VisibleText(cells: fitting(cells, width - ellipsis))), .ellipsis]
    }
    let tail: [Piece] = end < cells.count ? [.ellipsis] : []
    let shown = fittingEnd(Array(cells[..<end]), width - ellipsis * (tail.isEmpty ? 1 : 2))
    return [.ellipsis, .text(VisibleText(cells: shown))] + tail
  }

  private func columns(_ cells: [VisibleText.Cell]) -> Int { cells.reduce(0) { $0 + $1.width } }

  /// The first cells that fit `width` columns.
  private func fitting(_ cells: [VisibleText.Cell], _ width: Int) -> [VisibleText.Cell] {
    var used = 0
    return Array(
      cells.prefix { cell in
        used += cell.width
        return used <= width
      })
  }

  /// The last cells that fit `width` columns.
  private func fittingEnd(_ cells: [VisibleText.Cell], _ width: Int) -> [VisibleText.Cell] {
    Array(fitting(cells.reversed(), width).reversed())
  }
}
