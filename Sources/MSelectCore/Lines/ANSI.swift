/// SGR escape sequences (`ESC [ … m`: colors and attributes) in input lines, for `--ansi`: matching,
/// fields, widths and output use the text without them; the picker shows their colors. Other escape
/// sequences are left in the text (and shown as placeholders).
package enum ANSI {
  /// The text of a line and the SGR state of each of its characters.
  package struct Colored {
    /// The line's bytes without SGR sequences.
    package var text: [UInt8] = []
    /// For each character of `text` (by index), the SGR parameters in force (nil: none).
    package var colors: [String?] = []
  }

  /// The length of an SGR sequence at `i` (ESC [ digits, `;` or `:` … m), or nil if there is none.
  @inline(__always)
  private static func sequenceLength(_ p: UnsafeRawBufferPointer, at i: Int) -> Int? {
    guard p[i] == 0x1B, i + 1 < p.count, p[i + 1] == UInt8(ascii: "[") else { return nil }
    var j = i + 2
    while j < p.count, p[j] == UInt8(ascii: ";") || p[j] == UInt8(ascii: ":") || (48...57).contains(p[j]) {
      j += 1
    }
    return j < p.count && p[j] == UInt8(ascii: "m") ? j - i + 1 : nil
  }

  /// Whether the line holds an ESC byte at all (most lines do not: they pass through untouched).
  @inline(__always)
  static func mayHaveSequences(_ line: UnsafeRawBufferPointer) -> Bool {
    line.contains(0x1B)
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
      if let length = sequenceLength(line, at: i) {
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
      if let length = sequenceLength(line, at: i) {
        let params = String(decoding: line[(i + 2)..<(i + length - 1)], as: UTF8.self)
        // A reset (`0`, or nothing) clears what came before; anything else adds to it.
        for param in params.split(separator: ";", omittingEmptySubsequences: false) {
          if param.isEmpty || param == "0" || param == "00" {
            state.removeAll()
          } else {
            state.append(param)
          }
        }
        i += length
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
