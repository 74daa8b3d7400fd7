import MSelectCore

/// An option's value as the command line gave it, with readers that say what is wrong with it.
package struct OptionValue: Sendable {
  /// The option's name as written (`--height`, `-q`).
  package let name: String
  /// The value; nil when none was given (a flag, or an optional value left out).
  package let bytes: [UInt8]?

  /// The value's bytes (empty when none was given: only options that take one read them).
  var raw: [UInt8] { bytes ?? [] }

  /// The value as text.
  var string: String { String(decoding: raw, as: UTF8.self) }

  /// The value as text, when one was given.
  var optionalString: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

  func invalid(_ expected: String) -> OptionError {
    .invalidValue(option: name, value: string, expected: expected)
  }

  /// The name of a learning store (`--learn`): a path when it holds a `/`, else a name other than
  /// `.` and `..`, never empty.
  func storeName() throws(OptionError) -> String {
    guard !raw.isEmpty, raw.contains(UInt8(ascii: "/")) || (string != "." && string != "..") else {
      throw invalid("a store name or a path")
    }
    return string
  }

  /// A whole number of at least `minimum`; one above `Int.largestSetting` counts as that much.
  func number(minimum: Int) throws(OptionError) -> Int {
    guard let n = Int(string), n >= minimum else { throw invalid("a whole number ≥ \(minimum)") }
    return Int(settingClamping: n)
  }

  /// One of `T`'s values, by its raw value.
  func choice<T: RawRepresentable & CaseIterable>(_: T.Type, _ text: String? = nil) throws(OptionError) -> T
  where T.RawValue == String {
    let text = text ?? string
    guard let value = T(rawValue: text) else {
      throw .invalidValue(
        option: name, value: text, expected: T.allCases.map(\.rawValue).joined(separator: " or "))
    }
    return value
  }

  /// Fields such as `1`, `-1`, `2..`, `..3` or `1,3`.
  func fields() throws(OptionError) -> FieldSpec {
    guard let spec = FieldSpec(string) else { throw invalid("fields like 1, -1, 2.., ..3 or 1,3") }
    return spec
  }

  /// A comma list of tiebreaks.
  func tiebreaks() throws(OptionError) -> [RankOptions.Tiebreak] {
    var result: [RankOptions.Tiebreak] = []
    for part in string.split(separator: ",", omittingEmptySubsequences: false) {
      guard let t = RankOptions.Tiebreak(rawValue: String(part)) else {
        throw invalid("a comma list of length, begin, end, chunk, pathname, index")
      }
      result.append(t)
    }
    return result
  }

  /// A label's place: `N`, `-N` or `0`, then `:top` or `:bottom`.
  func labelPosition() throws(OptionError) -> Chrome.LabelPosition {
    guard let position = Chrome.LabelPosition(string) else {
      throw invalid("N, -N or 0, then :top or :bottom")
    }
    return position
  }

  /// A border style, when one was given; rounded when not (`--border` alone).
  /// A border style, `otherwise` when none is given (`--style full:STYLE`'s, else rounded).
  func border(otherwise: Chrome.Border = .rounded) throws(OptionError) -> Chrome.Border {
    try optionalString.map { text throws(OptionError) in try choice(Chrome.Border.self, text) } ?? otherwise
  }

  /// `--height`'s `N`, `N%` or `-N` (with fzf's `~` before it).
  func height() throws(OptionError) -> PickerSettings.Height {
    let text = string
    let wrong = invalid("N, N% or -N (N ≥ 3, percent 1-100; -N: all rows but N)")
    var body = Substring(text)
    let adaptive = body.hasPrefix("~")
    if adaptive { body = body.dropFirst() }
    if body.hasPrefix("-") {
      guard let n = Int(body.dropFirst()), n >= 0 else { throw wrong }
      return n == 0 ? .fullscreen : .allBut(Int(settingClamping: n))
    }
    if body.hasSuffix("%") {
      guard let p = Int(body.dropLast()), (1...100).contains(p) else { throw wrong }
      return p == 100 && !adaptive ? .fullscreen : .percent(p)
    }
    guard let n = Int(body), n >= 3 else { throw wrong }
    return .lines(Int(settingClamping: n))
  }

  /// `--multi`'s limit: 0 is none.
  func multiLimit() throws(OptionError) -> Int? {
    let n = try number(minimum: 0)
    return n == 0 ? nil : n
  }

  /// Throws unless no value was given (a flag written `--name=value`).
  func none() throws(OptionError) {
    if bytes != nil { throw invalid("no value") }
  }
}
