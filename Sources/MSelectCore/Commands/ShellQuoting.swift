/// How values are quoted for the shell that reads a command: POSIX shells and fish read single
/// quotes differently, and a value quoted for the wrong one can end the quotes and run its own text.
package enum ShellQuoting: Sendable, Equatable {
  /// sh, bash, zsh, dash, ksh and their kin: nothing is special between single quotes, so a `'` is
  /// written `'\''` (close, an escaped quote, open again).
  case posix
  /// fish: between single quotes `\\` and `\'` are escapes, so both are escaped.
  case fish
  /// Another program (nushell, csh, python…): its quoting is not known, so no value is put into its
  /// commands; the name is what error messages show.
  case unknown(String)

  /// The shells whose single quotes follow POSIX (matched on the name without a version suffix).
  private static let posixShells: Set<String> = [
    "sh", "bash", "rbash", "zsh", "dash", "ash", "ksh", "mksh", "lksh", "pdksh", "oksh", "loksh", "yash",
    "posh",
  ]

  /// The quoting of the shell that `words` (`--with-shell`'s words, or `$SHELL -c`) start: the first
  /// word's file name, past an `env` and its options and assignments, without a login shell's `-`
  /// or a version suffix (`bash5`, `zsh-5.9`).
  package init(shellWords words: [[UInt8]]) {
    var rest = words[...]
    var program = ShellQuoting.fileName(rest.first ?? [])
    if program == "env" {
      rest = rest.dropFirst().drop { $0.first == UInt8(ascii: "-") || $0.contains(UInt8(ascii: "=")) }
      program = ShellQuoting.fileName(rest.first ?? [])
    }
    let name = String(program.drop { $0 == "-" }.prefix { $0.isLetter })
    if ShellQuoting.posixShells.contains(name) {
      self = .posix
    } else if name == "fish" {
      self = .fish
    } else {
      self = .unknown(program.isEmpty ? "(no shell)" : program)
    }
  }

  private static func fileName(_ word: [UInt8]) -> String {
    let name = word.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? []
    return String(decoding: name, as: UTF8.self)
  }

  /// `bytes` as one word of this shell, read back as exactly these bytes (NUL bytes, which no
  /// argument can hold, are dropped); nil when the shell's quoting is unknown.
  package func quote(_ bytes: [UInt8]) -> [UInt8]? {
    let quote = UInt8(ascii: "'")
    let backslash = UInt8(ascii: "\\")
    var out: [UInt8] = [quote]
    out.reserveCapacity(bytes.count + 2)
    switch self {
    case .posix:
      for b in bytes where b != 0 {
        if b == quote { out += [quote, backslash, quote, quote] } else { out.append(b) }
      }
    case .fish:
      for b in bytes where b != 0 {
        if b == quote || b == backslash { out.append(backslash) }
        out.append(b)
      }
    case .unknown:
      return nil
    }
    out.append(quote)
    return out
  }

  /// `quote(bytes)`, or the error that says why this shell gets no quoted value.
  func quoted(_ bytes: [UInt8]) throws(PlaceholderError) -> [UInt8] {
    if case .unknown(let name) = self { throw .unknownShell(name) }
    return quote(bytes) ?? []
  }
}

/// Why a command's placeholders could not be filled in.
package enum PlaceholderError: Error, Equatable, Sendable {
  /// The shell's quoting is not known, so a value could break out of its quotes.
  case unknownShell(String)

  package var message: String {
    switch self {
    case .unknownShell(let name):
      "cannot quote values for '\(name)': use sh, bash, zsh or fish"
    }
  }
}
