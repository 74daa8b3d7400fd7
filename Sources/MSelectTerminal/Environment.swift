import Glibc

/// The process environment as a dictionary.
package enum Environment {
  package static var current: [String: String] {
    var result: [String: String] = [:]
    var p = environ
    while let entry = p.pointee {
      let text = String(cString: entry)
      if let eq = text.firstIndex(of: "=") {
        result[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      p += 1
    }
    return result
  }

  /// Takes `names` out of the process environment, so no child (preview, execute, reload, become)
  /// inherits them.
  package static func remove(_ names: [String]) {
    for name in names { unsetenv(name) }
  }
}
