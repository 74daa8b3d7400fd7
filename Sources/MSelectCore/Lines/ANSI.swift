/// Escape sequences in input lines, for `--ansi`: matching, fields, widths and output use the text
/// without them; the picker shows the colors of the SGR ones (`ESC [ … m`). The others go as fzf's
/// `--ansi` removes them: any CSI sequence (`ESC [ … K` from `grep --color`), OSC sequences such as
/// hyperlinks (up to BEL or ST), other two-byte escapes, shift-in and shift-out, and overstrikes
/// (`X` backspace: `man`'s bold), which leave the character after the backspace.
package enum ANSI {
  /// The text of a line and the SGR state of each of its characters.
  package struct Colored {
    /// The line's bytes without SGR sequences.
    package var text: [UInt8] = []
    /// For each character of `text` (by index), the SGR parameters in force (nil: none).
    package var colors: [String?] = []
  }

  /// The length of a sequence `--ansi` removes at `i`, and whether it is an SGR one (colors), or
  /// nil if there is none. A backspace is handled by the callers (it takes back a character).
  @inline(__always)
  private static func sequence(_ p: UnsafeRawBufferPointer, at i: Int) -> (length: Int, sgr: Bool)? {
    let b = p[i]
    if b == 0x0E || b == 0x0F { return (1, false) }
    guard b == 0x1B, i + 1 < p.count else { return nil }
    let kind = p[i + 1]
    switch kind {
    case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
      // ESC [ digits, `;`, `:` or `?` then a letter or `@`.
      var j = i + 2
      var plain = true
      while j < p.count, p[j] == 59 || p[j] == 58 || p[j] == 63 || (48...57).contains(p[j]) {
        if p[j] == 63 { plain = false }
        j += 1
      }
      if j < p.count, (65...90).contains(p[j]) || (97...122).contains(p[j]) || p[j] == 64 {
        return (j - i + 1, kind == UInt8(ascii: "[") && p[j] == UInt8(ascii: "m") && plain)
      }
    case UInt8(ascii: "]"):
      // OSC: ESC ] digits `;` … up to BEL or ST (ESC \).
      var j = i + 2
      while j < p.count, (48...57).contains(p[j]) { j += 1 }
      if j > i + 2, j < p.count, p[j] == 59 || p[j] == 58 {
        while j < p.count, p[j] != 0x07, p[j] != 0x1B { j += 1 }
        if j < p.count, p[j] == 0x07 { return (j - i + 1, false) }
        if j + 1 < p.count, p[j + 1] == UInt8(ascii: "\\") { return (j - i + 2, false) }
      }
    default: break
    }
    // Any other escape: ESC and the character after it (a whole UTF-8 one).
    let width = kind < 0xC0 ? 1 : kind < 0xE0 ? 2 : kind < 0xF0 ? 3 : 4
    return (min(1 + width, p.count - i), false)
  }

  /// Whether the line holds an ESC, shift-in, shift-out or backspace byte at all (most lines do not:
  /// they pass through untouched).
  @inline(__always)
  static func mayHaveSequences(_ line: UnsafeRawBufferPointer) -> Bool {
    line.contains { $0 < 0x1C && ($0 == 0x1B || $0 == 0x08 || $0 == 0x0E || $0 == 0x0F) }
  }

  /// Takes the last character off `text` (an overstrike's backspace); returns whether there was one.
  @inline(__always)
  private static func dropLastCharacter(_ text: inout [UInt8]) -> Bool {
    guard !text.isEmpty else { return false }
    while let last = text.popLast(), last & 0xC0 == 0x80 {}
    return true
  }

  /// Preview output made safe to draw: SGR sequences stay (they become colors), every other escape
  /// sequence (cursor moves, clears, OSC titles and clipboard, DCS) and C1 control goes.
  package static func withoutControlSequences(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    let p = Array(bytes)
    var out: [UInt8] = []
    out.reserveCapacity(p.count)
    var i = 0
    let n = p.count
    while i < n {
      let b = p[i]
      if b == 0xC2, i + 1 < n, (0x80...0x9F).contains(p[i + 1]) {
        i += 2
        continue
      }
      guard b == 0x1B else {
        out.append(b)
        i += 1
        continue
      }
      guard i + 1 < n else { break }
      let kind = p[i + 1]
      switch kind {
      case UInt8(ascii: "["):
        var j = i + 2
        while j < n && !(0x40...0x7E).contains(p[j]) { j += 1 }
        if j < n && p[j] == UInt8(ascii: "m")
          && p[(i + 2)..<j].allSatisfy({ $0 == 59 || $0 == 58 || (48...57).contains($0) })
        {
          out += p[i...j]
        }
        i = j + 1
      case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
        // Up to BEL or ST (ESC \).
        var j = i + 2
        while j < n && p[j] != 0x07 && !(p[j] == 0x1B && j + 1 < n && p[j + 1] == UInt8(ascii: "\\")) {
          j += 1
        }
        i = j < n && p[j] == 0x1B ? j + 2 : j + 1
      default:
        i += 2
      }
    }
    return out
  }

  /// The line as printed: without SGR sequences when `ansi`, else as it is.
  package static func plainLine(_ line: UnsafeRawBufferPointer, _ ansi: Bool) -> [UInt8] {
    ansi && mayHaveSequences(line) ? stripped(line) : Array(line)
  }

  /// The line without its SGR sequences.
  package static func stripped(_ line: UnsafeRawBufferPointer) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(line.count)
    var i = 0
    while i < line.count {
      if line[i] == 0x08, dropLastCharacter(&out) {
        i += 1
        continue
      }
      if let (length, _) = sequence(line, at: i) {
        i += length
        continue
      }
      out.append(line[i])
      i += 1
    }
    return out
  }

  /// The line's text and each character's colors.
  package static func colored(_ line: UnsafeRawBufferPointer) -> Colored {
    var result = Colored()
    var state: [Substring] = []
    var i = 0
    while i < line.count {
      if line[i] == 0x08, dropLastCharacter(&result.text) {
        result.colors.removeLast()
        i += 1
        continue
      }
      if let (length, sgr) = sequence(line, at: i) {
        defer { i += length }
        guard sgr else { continue }
        let params = String(decoding: line[(i + 2)..<(i + length - 1)], as: UTF8.self)
        // A reset (`0`, or nothing) clears what came before; anything else adds to it.
        for param in params.split(separator: ";", omittingEmptySubsequences: false) {
          if param.isEmpty || param == "0" || param == "00" {
            state.removeAll()
          } else {
            state.append(param)
          }
        }
        continue
      }
      let b = line[i]
      result.text.append(b)
      // One color per character: continuation bytes of UTF-8 belong to the character before.
      if b & 0xC0 != 0x80 { result.colors.append(state.isEmpty ? nil : state.joined(separator: ";")) }
      i += 1
    }
    return result
  }
}
