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
    public static let border = Style(rawValue: 1 << 10)
    public static let label = Style(rawValue: 1 << 11)
    public static let query = Style(rawValue: 1 << 12)
  }

  /// A run of text with one style.
  public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style
    /// The input's own SGR parameters for this text (`--ansi`), drawn under the style's.
    public var colors: String?

    public init(text: String, style: Style, colors: String? = nil) {
      self.text = text
      self.style = style
      self.colors = colors
    }
  }

  public var rows: [[Span]]
  /// Caret position (row, column) on the prompt line.
  public var caret: (row: Int, column: Int)
  /// The terminal width the rows were made for (0: unknown).
  public var width: Int

  public init(rows: [[Span]], caret: (row: Int, column: Int), width: Int = 0) {
    self.rows = rows
    self.caret = caret
    self.width = width
  }

  public static func == (a: Frame, b: Frame) -> Bool {
    a.rows == b.rows && a.caret == b.caret && a.width == b.width
  }

  /// The columns row `i` covers.
  public func columns(ofRow i: Int) -> Int {
    rows[i].reduce(0) { $0 + DisplayWidth.of($1.text) }
  }

  /// The rows as plain text, for tests and snapshots.
  public var text: [String] { rows.map { $0.map(\.text).joined() } }
}
