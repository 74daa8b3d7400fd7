import Foundation
import Testing

/// What the README and the architecture notes claim agrees with what they are drawn from: the
/// benchmark table, the package manifest, the sources.
@Suite struct DocumentClaimsTests {
  private func read(_ path: String) throws -> String {
    try String(contentsOf: DocumentationTests.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The numbers in `text` (a run of digits, a point and digits), in order.
  private func numbers(in text: Substring) -> [Double] {
    text.split { !$0.isNumber && $0 != "." }.compactMap { Double($0.trimmingCharacters(in: ["."])) }
  }

  /// The headline's "X to Y times faster than fzy" is the Performance table's fastest and slowest
  /// ratio, and its picker times are the ones under the table.
  @Test func theHeadlineFiguresAreThePerformanceSections() throws {
    let readme = try read("README.md")
    let performance = try #require(readme.range(of: "## Performance")).upperBound
    let ratios = readme[performance...].split(separator: "\n").filter {
      $0.hasPrefix("| paths") || $0.hasPrefix("| intl")
    }
    .flatMap { row in
      row.split(separator: "|").suffix(2).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
    #expect(ratios.count >= 20)
    let fast = try #require(readme.range(of: "- **Fast**: "))
    let claim = readme[fast.upperBound...].prefix { $0 != "(" }
    let said = numbers(in: claim)
    let slowest = try #require(ratios.max())
    let fastest = try #require(ratios.min())
    // "X to Y times faster …; the picker shows 2.5 million lines from a file in A s, through a pipe
    // in about B s".
    #expect(said.count == 5)
    #expect(said.first == (10 / slowest).rounded() / 10, "the slowest ratio is \(slowest)")
    #expect(said.dropFirst().first == (10 / fastest).rounded() / 10, "the fastest ratio is \(fastest)")
    // "… after 38 ms (worst of 20 runs: 51 ms), through a pipe after 191 ms".
    let picker = try #require(readme.range(of: "The picker shows all 2,500,000 lines from the file after "))
    let times = numbers(in: readme[picker.upperBound...].prefix(200))
    let file = try #require(times.first)
    let pipe = try #require(times.dropFirst(3).first)
    #expect(said.dropFirst(3).first == (file / 10).rounded() / 100)
    #expect(said.dropFirst(4).first == (pipe / 10).rounded() / 100)
  }

  /// The toolchain the README asks for is the manifest's.
  @Test func theToolchainIsTheManifests() throws {
    let manifest = try read("Package.swift")
    let line = try #require(manifest.split(separator: "\n").first)
    let version = try #require(line.split(separator: ":").last)
    let readme = try read("README.md")
    let asked = readme.components(separatedBy: "Swift toolchain (").dropFirst().map {
      $0.prefix { $0 != " " }
    }
    #expect(!asked.isEmpty)
    #expect(asked.allSatisfy { $0 == version }, "the README asks for \(asked), the manifest for \(version)")
  }

  /// architecture.md counts the manifest's targets (tests aside), and each target imports only what
  /// its row lists.
  @Test func theArchitectureTableIsTheManifests() throws {
    let manifest = try read("Package.swift")
    let declared = try Regex(#"\.(?:target|executableTarget|plugin)\(\s*name: "([^"]+)""#)
    let targets = Set(manifest.matches(of: declared).compactMap { $0.output[1].substring.map(String.init) })
    let architecture = try read("docs/architecture.md")
    let words = [
      "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
    ]
    let count = targets.count <= words.count ? words[max(0, targets.count - 1)] : "\(targets.count)"
    #expect(architecture.contains("\(count) targets."), "\(targets.sorted())")
    for target in targets {
      let row = try #require(
        architecture.split(separator: "\n").first { $0.hasPrefix("| `\(target)`") }, "no row for \(target)")
      let allowed = Set(
        String(row.split(separator: "|").last ?? "").split { !$0.isLetter }.map(String.init))
      let folder = DocumentationTests.root.appendingPathComponent("Sources/\(target)")
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for module in ArchitectureTests.imports(text) {
          #expect(
            allowed.contains(module) || targets.contains(module) || module.hasPrefix("_"),
            "\(target)/\(file) imports \(module), not in its row")
        }
      }
    }
  }
}
