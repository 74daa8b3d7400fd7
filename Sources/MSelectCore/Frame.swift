/// One picture of the picker: rows of styled text and where the caret goes.
public struct Frame: Equatable, Sendable {
  /// How a piece of text is drawn.
  public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let current = Style(rawValue: 1 << 0)
    public static let match = Style(rawValue: 1 << 1)
    public static let placeholder = Style(rawValue: 1 << 2)
    public static let pointer = Style(rawValue: 1 << 3)
    public static let marker = Style(rawValue: 1 << 4)
    public static let prompt = Style(rawValue: 1 << 5)
    public static let info = Style(rawValue: 1 << 6)
    public static let header = Style(rawValue: 1 << 7)
    public static let message = Style(rawValue: 1 << 8)
    public static let spinner = Style(rawValue: 1 << 9)
  }

  /// A run of text with one style.
  public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style
  }

  public var rows: [[Span]]
  /// Caret position (row, column) on the prompt line.
  public var caret: (row: Int, column: Int)

  public static func == (a: Frame, b: Frame) -> Bool {
    a.rows == b.rows && a.caret == b.caret
  }

  /// The rows as plain text, for tests and snapshots.
  public var text: [String] { rows.map { $0.map(\.text).joined() } }
}

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
