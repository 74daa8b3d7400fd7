/// The query line: its characters, the caret, and the text killed last (for yank), edited the way
/// readline and fzf edit a line.
package struct QueryEditor: Sendable, Equatable {
  /// The characters (invalid bytes as `UTF8Decoding.invalidByteBase + byte`).
  package private(set) var characters: [UInt32]
  /// The caret, as a character index.
  package private(set) var cursor: Int
  private var killed: [UInt32] = []
  /// Words are a path's components: everything but `/` (`--filepath-word`).
  package var pathWords = false

  package init(_ bytes: [UInt8] = []) {
    characters = UTF8Decoding.scalars(bytes)
    cursor = characters.count
  }

  /// The query as bytes.
  package var bytes: [UInt8] { QueryEditor.encode(characters) }

  /// Applies an editing action; returns whether the text changed.
  @discardableResult
  package mutating func perform(_ edit: Action.Edit) -> Bool {
    switch edit {
    case .backwardChar: cursor = max(0, cursor - 1)
    case .forwardChar: cursor = min(characters.count, cursor + 1)
    case .beginningOfLine: cursor = 0
    case .endOfLine: cursor = characters.count
    case .backwardWord: cursor = wordStart(before: cursor)
    case .forwardWord: cursor = wordEnd(after: cursor)
    case .backwardSubword: cursor = subwordStart(before: cursor)
    case .forwardSubword: cursor = subwordEnd(after: cursor)
    case .backwardDeleteChar: return cursor > 0 && remove((cursor - 1)..<cursor)
    case .deleteChar: return cursor < characters.count && remove(cursor..<(cursor + 1))
    case .killWord: return kill(cursor..<wordEnd(after: cursor))
    case .backwardKillWord: return kill(wordStart(before: cursor)..<cursor)
    case .killSubword: return kill(cursor..<subwordEnd(after: cursor))
    case .backwardKillSubword: return kill(subwordStart(before: cursor)..<cursor)
    case .unixWordRubout: return kill(whitespaceWordStart(before: cursor)..<cursor)
    case .unixLineDiscard: return kill(0..<cursor)
    case .killLine: return kill(cursor..<characters.count)
    case .yank: return insert(killed)
    case .clearQuery: return remove(0..<characters.count)
    }
    return false
  }

  /// Inserts text at the caret; returns whether anything was inserted.
  @discardableResult
  package mutating func insert(_ text: [UInt32]) -> Bool {
    guard !text.isEmpty else { return false }
    characters.insert(contentsOf: text, at: cursor)
    cursor += text.count
    return true
  }

  private mutating func remove(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    characters.removeSubrange(range)
    cursor = range.lowerBound
    return true
  }

  private mutating func kill(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    killed = Array(characters[range])
    return remove(range)
  }

  private func isWordCharacter(_ c: UInt32) -> Bool {
    if pathWords { return c != UInt32(UInt8(ascii: "/")) }
    return CharClass.of(c, CharClass.asciiTable).rawValue > CharClass.delimiter.rawValue
  }

  private func wordStart(before position: Int) -> Int {
    var i = position
    while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0 && isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  private func wordEnd(after position: Int) -> Int {
    var i = position
    while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
    while i < characters.count && isWordCharacter(characters[i]) { i += 1 }
    return i
  }

  /// Where the subword before `position` starts (fzf's): after a lowercase letter followed by an
  /// uppercase one, or at a letter or digit after anything else; else at the start.
  private func subwordStart(before position: Int) -> Int {
    var k = position - 1
    while k >= 1 {
      let (a, b) = (characters[k - 1], characters[k])
      if QueryEditor.isLower(a) && QueryEditor.isUpper(b)
        || !QueryEditor.isAlphanumeric(a) && QueryEditor.isAlphanumeric(b)
      {
        return k
      }
      k -= 1
    }
    return 0
  }

  /// Where the subword at or after `position` ends (fzf's): before an uppercase letter that follows
  /// a lowercase one, after the last letter or digit of a run, or at the end.
  private func subwordEnd(after position: Int) -> Int {
    var k = position
    while k < characters.count {
      if k + 1 == characters.count { return characters.count }
      let (a, b) = (characters[k], characters[k + 1])
      if QueryEditor.isLower(a) && QueryEditor.isUpper(b)
        || QueryEditor.isAlphanumeric(a) && !QueryEditor.isAlphanumeric(b)
      {
        return k + 1
      }
      k += 1
    }
    return position
  }

  private static func isLower(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isLowercase ?? false
  }

  private static func isUpper(_ c: UInt32) -> Bool {
    Unicode.Scalar(c)?.properties.isUppercase ?? false
  }

  /// A letter or a digit (`\pL` or `\pN`).
  private static func isAlphanumeric(_ c: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(c) else { return false }
    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
  }

  private func whitespaceWordStart(before position: Int) -> Int {
    var i = position
    while i > 0 && characters[i - 1] == 32 { i -= 1 }
    while i > 0 && characters[i - 1] != 32 { i -= 1 }
    return i
  }

  /// Characters back to bytes (invalid bytes are restored as they were).
  package static func encode(_ scalars: [UInt32]) -> [UInt8] {
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
