/// The kind of character a scorer sees, for word-boundary and camelCase bonuses.
package enum CharClass: UInt8, Sendable {
  case white, nonWord, delimiter, lower, upper, letter, number

  /// Classes of the ASCII bytes, indexed by byte; lives for the whole process.
  package static var asciiTable: UnsafePointer<CharClass> { asciiClasses.pointer }
  private static let asciiClasses: Shared<UnsafePointer<CharClass>> = {
    let table = UnsafeMutablePointer<CharClass>.allocate(capacity: 128)
    for b in 0..<128 { table[b] = ascii(UInt8(b)) }
    return Shared(UnsafePointer(table))
  }()

  /// The ASCII classes of `--scheme path`, where `/` is the only delimiter.
  package static var pathTable: UnsafePointer<CharClass> { pathClasses.pointer }
  private static let pathClasses: Shared<UnsafePointer<CharClass>> = {
    let table = UnsafeMutablePointer<CharClass>.allocate(capacity: 128)
    for b in 0..<128 {
      let c = ascii(UInt8(b))
      table[b] = c == .delimiter && b != UInt8(ascii: "/") ? .nonWord : c
    }
    return Shared(UnsafePointer(table))
  }()

  private static func ascii(_ b: UInt8) -> CharClass {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
    case UInt8(ascii: " "), 9, 10, 11, 12, 13: .white
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
      .delimiter
    default: .nonWord
    }
  }

  /// The class of a scalar (or of an invalid byte, which counts as a non-word character).
  @inline(__always)
  package static func of(_ c: UInt32, _ asciiTable: UnsafePointer<CharClass>) -> CharClass {
    if c < 128 { return asciiTable[Int(c)] }
    return nonASCII(c)
  }

  private static func nonASCII(_ c: UInt32) -> CharClass {
    guard c < UTF8Decoding.invalidByteBase, let scalar = Unicode.Scalar(c) else { return .nonWord }
    // fzf's classes (Go's unicode package): by general category, so the vowel signs of Thai or
    // Devanagari and other combining marks are not letters.
    let properties = scalar.properties
    switch properties.generalCategory {
    case .lowercaseLetter: return .lower
    case .uppercaseLetter: return .upper
    case .decimalNumber, .letterNumber, .otherNumber: return .number
    case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
    default: return properties.isWhitespace ? .white : .nonWord
    }
  }
}
