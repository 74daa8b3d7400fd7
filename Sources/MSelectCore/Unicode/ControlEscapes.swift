/// Text with its control characters shown as escapes (`\x1b`, `\x07`, `\u{9b}`), so a message that
/// quotes a bad value cannot drive the terminal it is printed on (a value holding ESC, BEL or an OSC
/// 52 sequence would otherwise reach it raw). Tabs stay.
package enum ControlEscapes {
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09:
        out.unicodeScalars.append(scalar)
      case 0..<0x20, 0x7F:
        out += "\\x" + scalar.value.hexadecimal(digits: 2)
      case 0x80..<0xA0:
        out += "\\u{" + scalar.value.hexadecimal(digits: 2) + "}"
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
