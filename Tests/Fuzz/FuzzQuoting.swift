/// Shell quoting: any bytes quoted for a POSIX shell or for fish are one word that each shell's
/// reading of quotes (modelled here from their manuals) turns back into the same bytes, NULs dropped.
func fuzzQuoting(_ input: [UInt8]) {
  let expected = input.filter { $0 != 0 }
  for quoting in [ShellQuoting.posix, .fish] {
    guard let word = quoting.quote(input) else {
      require(false, "\(quoting) refused to quote")
      return
    }
    let read = quoting == .fish ? readFishWord(word) : readPosixWord(word)
    require(read == expected, "\(quoting) quoting did not read back: \(word)")
  }
  require(ShellQuoting.unknown("nu").quote(input) == nil, "an unknown shell got a quoted value")
}

/// A POSIX shell's reading of one word made of single-quoted runs (nothing special inside) and
/// backslash-escaped characters; nil when the word holds anything else outside quotes (which a
/// shell would read as code or split).
private func readPosixWord(_ word: [UInt8]) -> [UInt8]? {
  var out: [UInt8] = []
  var i = 0
  while i < word.count {
    switch word[i] {
    case 39:
      guard let end = word[(i + 1)...].firstIndex(of: 39) else { return nil }
      out += word[(i + 1)..<end]
      i = end + 1
    case 92:
      guard i + 1 < word.count else { return nil }
      out.append(word[i + 1])
      i += 2
    default:
      return nil
    }
  }
  return out
}

/// fish's reading of one word in single quotes, where `\\` and `\'` are escapes and any other
/// backslash is itself; nil when the word does not start and end with the quotes.
private func readFishWord(_ word: [UInt8]) -> [UInt8]? {
  guard word.first == 39 else { return nil }
  var out: [UInt8] = []
  var i = 1
  while i < word.count {
    let b = word[i]
    if b == 92, i + 1 < word.count, word[i + 1] == 92 || word[i + 1] == 39 {
      out.append(word[i + 1])
      i += 2
    } else if b == 39 {
      return i == word.count - 1 ? out : nil
    } else {
      out.append(b)
      i += 1
    }
  }
  return nil
}
