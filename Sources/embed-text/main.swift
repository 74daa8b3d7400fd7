import Foundation

// Writes a Swift file that holds text files as string literals: `embed-text OUTPUT TYPE FILE...`
// makes `extension TYPE { static let embedded: [String: String] }`, keyed by each file's name.
// Run by the EmbedShellScripts build plugin, so the shell scripts stay real files that linters read.

/// A raw multi-line literal of `text`, exactly: enough `#` that nothing in it ends the literal or
/// interpolates, and a blank last line (a literal drops the line break before its closing quotes).
func literal(_ text: String) -> String {
  var hashes = "#"
  while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
  return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: embed-text OUTPUT TYPE FILE...\n".utf8))
  exit(2)
}
let output = arguments[arguments.startIndex]
let type = arguments[arguments.startIndex + 1]
var source = "// Made by the EmbedShellScripts build plugin from \(type)'s files: edit those, not this.\n"
source += "extension \(type) {\n  static let embedded: [String: String] = [\n"
for path in arguments.dropFirst(2).sorted() {
  guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
  else {
    FileHandle.standardError.write(Data("embed-text: cannot read \(path) as UTF-8\n".utf8))
    exit(1)
  }
  let name = URL(fileURLWithPath: path).lastPathComponent
  source += "\"\(name)\": \(literal(text)),\n"
}
source += "]\n}\n"
do {
  try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("embed-text: cannot write \(output): \(error)\n".utf8))
  exit(1)
}
