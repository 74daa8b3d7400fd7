import MSelectCore

/// Splits text into words the way a POSIX shell would (quotes, backslashes, comments), for every
/// variable and file of options (`MSELECT_DEFAULT_OPTS`, `FZF_DEFAULT_OPTS_FILE`, the key bindings'
/// `*_OPTS` the shell scripts hand over) and `--with-shell`.
///
/// Nothing is expanded (no `$VAR`, no globs); a `#` that begins a word starts a comment to the end of
/// its line (forgit and others write options a line each with comments), a `#` inside a word
/// (`--color fg:#d0d0d0`) is kept; a backslash before a line break joins the lines.
package enum ShellWords {
  /// The words of `text`; throws when a quote is not closed.
  package static func split(_ text: [UInt8]) throws(OptionError) -> [[UInt8]] {
    var words: [[UInt8]] = []
    var current: [UInt8] = []
    var inWord = false
    var i = 0
    let n = text.count
    func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
    while i < n {
      let b = text[i]
      switch b {
      case _ where isBlank(b):
        if inWord { words.append(current) }
        current = []
        inWord = false
      case UInt8(ascii: "#") where !inWord:
        while i + 1 < n && text[i + 1] != 10 { i += 1 }
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
          if text[i] == UInt8(ascii: "\\") && i + 1 < n && "\"\\$`\n".utf8.contains(text[i + 1]) {
            i += 1
            if text[i] == 10 {
              i += 1
              continue
            }
          }
          current.append(text[i])
          i += 1
        }
        if i >= n { throw .unbalancedQuote(String(decoding: text, as: UTF8.self)) }
      case UInt8(ascii: "\\"):
        // A backslash escapes the next byte; one at the very end escapes nothing (in a shell it would
        // join the next line, and there is none).
        guard i + 1 < n else { throw .danglingEscape(String(decoding: text, as: UTF8.self)) }
        i += 1
        // Before a line break it joins the lines: neither is part of a word.
        if text[i] != 10 {
          inWord = true
          current.append(text[i])
        }
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
