import Glibc

// Writes a Swift file that holds text files as string literals: `embed-text OUTPUT TYPE FILE...`
// makes `extension TYPE { static let embedded: [String: String] }`, keyed by each file's name.
// Run by the EmbedShellScripts build plugin, so the shell scripts stay real files that linters read.
// Glibc only: the release build links every executable statically, Foundation's warnings with it.

/// A raw multi-line literal of `text`, exactly: enough `#` that nothing in it ends the literal or
/// interpolates, and a blank last line (a literal drops the line break before its closing quotes).
func literal(_ text: String) -> String {
  var hashes = "#"
  while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
  return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

/// The whole file at `path`, or nil when it cannot be read.
func contents(of path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n > 0 { bytes += buffer[..<n] }
    if n < buffer.count { return ferror(file) == 0 ? bytes : nil }
  }
}

/// Says why on standard error and exits with `status`.
func fail(_ message: String, _ status: Int32) -> Never {
  let text = Array("embed-text: \(message)\n".utf8)
  _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: embed-text OUTPUT TYPE FILE...", 2) }
let (output, type) = (arguments[0], arguments[1])
var source = "// Made by the EmbedShellScripts build plugin from \(type)'s files: edit those, not this.\n"
source += "extension \(type) {\n  static let embedded: [String: String] = [\n"
for path in arguments.dropFirst(2).sorted() {
  guard let bytes = contents(of: path), let text = String(validating: bytes, as: UTF8.self) else {
    fail("cannot read \(path) as UTF-8", 1)
  }
  let name = path.split(separator: "/").last.map(String.init) ?? path
  source += "\"\(name)\": \(literal(text)),\n"
}
source += "]\n}\n"
guard let file = fopen(output, "wb") else { fail("cannot write \(output)", 1) }
let written = source.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, file) }
guard written == source.utf8.count, fclose(file) == 0 else { fail("cannot write \(output)", 1) }
