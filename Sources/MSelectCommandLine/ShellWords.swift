import MSelectCore

/// Splits text into words the way a POSIX shell would (quotes and backslashes), for MSELECT_DEFAULT_OPTS.
package enum ShellWords {
  /// The words of `text`; throws when a quote is not closed.
  package static func split(_ text: [UInt8]) throws(OptionError) -> [[UInt8]] {
    var words: [[UInt8]] = []
    var current: [UInt8] = []
    var inWord = false
    var i = 0
    let n = text.count
    func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 }
    while i < n {
      let b = text[i]
      switch b {
      case _ where isBlank(b):
        if inWord { words.append(current) }
        current = []
        inWord = false
      case UInt8(ascii: "'"):
        inWord = true
        i += 1
        while i < n && text[i] != UInt8(ascii: "'") {
          current.append(text[i])
          i += 1
        }
        if i >= n { throw .unbalancedQuote(String(decoding: text, as: UTF8.self)) }
      case UInt8(ascii: "\""):
        inWord = true
        i += 1
        while i < n && text[i] != UInt8(ascii: "\"") {
          if text[i] == UInt8(ascii: "\\") && i + 1 < n && "\"\\$`".utf8.contains(text[i + 1]) { i += 1 }
          current.append(text[i])
          i += 1
        }
        if i >= n { throw .unbalancedQuote(String(decoding: text, as: UTF8.self)) }
      case UInt8(ascii: "\\"):
        inWord = true
        // A backslash escapes the next byte; one at the very end escapes nothing (in a shell it would
        // join the next line, and there is none).
        guard i + 1 < n else { throw .danglingEscape(String(decoding: text, as: UTF8.self)) }
        i += 1
        current.append(text[i])
      default:
        inWord = true
        current.append(b)
      }
      i += 1
    }
    if inWord { words.append(current) }
    return words
  }
}
