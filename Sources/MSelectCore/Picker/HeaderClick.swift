/// A click on a header or footer row: the row, numbered from 1 as fzf numbers them, and the column in
/// its text (from 1).
struct Click: Equatable, Sendable {
  let line: Int
  let column: Int
}

extension PickerState {
  /// The header's rows in fzf's `click-header` numbering: from the top, the header lines and
  /// `--header` as one block (the header lines in the order they show: upwards in the default
  /// layout).
  var headerTexts: [String] {
    let text = settings.look.header.map {
      $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    let lines = (0..<(list.headerShown ? headerLineCount : 0)).map { index in
      String(decoding: ANSI.stripped(store.line(index)), as: UTF8.self)
    }
    switch settings.window.layout {
    case .reverse: return (text ?? []) + lines
    case .default: return lines.reversed() + (text ?? [])
    case .reverseList: return lines + (text ?? [])
    }
  }

  /// fzf's `FZF_CLICK_HEADER_LINE`, `_COLUMN`, `_WORD`, `_NTH` and the footer's `LINE`, `COLUMN`,
  /// `WORD`, for commands run after a click.
  var clickVariables: [String: String] {
    var variables = [
      "FZF_CLICK_HEADER_LINE": String(list.headerClick?.line ?? 0),
      "FZF_CLICK_HEADER_COLUMN": String(list.headerClick?.column ?? 0),
      "FZF_CLICK_FOOTER_LINE": String(list.footerClick?.line ?? 0),
      "FZF_CLICK_FOOTER_COLUMN": String(list.footerClick?.column ?? 0),
    ]
    if let click = list.headerClick {
      let texts = headerTexts
      if click.line <= texts.count {
        let before = texts.prefix(click.line - 1).reduce(0) { $0 + PickerState.words(in: $1).count }
        let words = PickerState.words(in: texts[click.line - 1])
        if let index = words.firstIndex(where: { $0.columns.contains(click.column - 1) }) {
          variables["FZF_CLICK_HEADER_WORD"] = words[index].text
          let last = click.line == texts.count && index == words.count - 1
          variables["FZF_CLICK_HEADER_NTH"] = String(before + index + 1) + (last ? ".." : "")
        }
      }
    }
    if let click = list.footerClick, let footer = settings.look.footer {
      let texts = footer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if click.line <= texts.count,
        let word = PickerState.words(in: texts[click.line - 1]).first(where: {
          $0.columns.contains(click.column - 1)
        })
      {
        variables["FZF_CLICK_FOOTER_WORD"] = word.text
      }
    }
    return variables
  }

  /// The words of `text` (runs of characters other than blanks) and the columns each covers.
  static func words(in text: String) -> [(text: String, columns: Range<Int>)] {
    var words: [(text: String, columns: Range<Int>)] = []
    var column = 0
    var current = ""
    var start = 0
    for character in text {
      let width = character == "\t" ? 8 - column % 8 : DisplayWidth.of(String(character))
      if character.isWhitespace {
        if !current.isEmpty { words.append((current, start..<column)) }
        current = ""
      } else {
        if current.isEmpty { start = column }
        current.append(character)
      }
      column += width
    }
    if !current.isEmpty { words.append((current, start..<column)) }
    return words
  }
}
