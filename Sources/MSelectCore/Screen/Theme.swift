/// Turns styles into terminal attributes: colors, or only bold, underline and reverse (`NO_COLOR`).
public struct Theme: Sendable {
  public let colors: Bool

  public init(colors: Bool) {
    self.colors = colors
  }

  /// The SGR parameters for a style ("" for plain).
  public func attributes(_ style: Frame.Style) -> String {
    var parts: [String] = []
    if colors {
      if style.contains(.current) { parts.append("1;48;5;236") }
      if style.contains(.match) { parts.append(style.contains(.current) ? "38;5;114" : "32") }
      if style.contains(.placeholder) { parts.append("2") }
      if style.contains(.pointer) { parts.append("38;5;161") }
      if style.contains(.marker) { parts.append("35") }
      if style.contains(.prompt) { parts.append("34") }
      if style.contains(.info) { parts.append("38;5;144") }
      if style.contains(.header) { parts.append("36") }
      if style.contains(.message) { parts.append("1;31") }
      if style.contains(.spinner) { parts.append("38;5;161") }
    } else {
      if style.contains(.current) || style.contains(.pointer) || style.contains(.marker)
        || style.contains(.message)
      {
        parts.append("1")
      }
      if style.contains(.match) { parts.append("4") }
      if style.contains(.placeholder) { parts.append("7") }
    }
    return parts.joined(separator: ";")
  }

  /// One row as terminal bytes (attributes reset at the end).
  public func encode(_ row: [Frame.Span]) -> String {
    var out = ""
    var active = ""
    for span in row {
      let attributes = self.attributes(span.style)
      if attributes != active {
        out += "\u{1B}[0m"
        if !attributes.isEmpty { out += "\u{1B}[\(attributes)m" }
        active = attributes
      }
      out += span.text
    }
    if !active.isEmpty { out += "\u{1B}[0m" }
    return out
  }
}
