import Foundation
import Testing

@testable import MSelectCore

/// The manual and the README say what the option table says.
@Suite struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  func read(_ path: String) throws -> String {
    try String(contentsOf: DocumentationTests.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theCheckedInManPageIsCurrent() throws {
    // Regenerate with: swift run mselect --man-roff > docs/mselect.1
    #expect(try read("docs/mselect.1") == ManPage.roff(version: Version.current))
  }

  @Test func everyTableOptionIsParsedAndInTheReadme() throws {
    let readme = try read("README.md")
    for option in OptionTable.all {
      for name in option.names {
        var words = [name]
        if option.argument != nil {
          words.append(option.values.first(where: { $0 != OptionInfo.files }) ?? "1")
        }
        do {
          _ = try OptionParser.parse(words.map { Array($0.utf8) })
        } catch OptionError.unknownOption(let unknown) {
          Issue.record("the parser does not know \(unknown)")
        } catch {}
      }
      let long = option.names.filter { $0.hasPrefix("--") }
      #expect(
        long.contains { readme.contains("`\($0)") || readme.contains(", \($0)") },
        "README does not mention \(long)")
    }
  }

  @Test func everyOptionInTheReadmesTableIsKnown() throws {
    let readme = try read("README.md")
    guard let start = readme.range(of: "## Options"), let end = readme.range(of: "## Coming from fzf") else {
      Issue.record("README has no Options section")
      return
    }
    let section = readme[start.upperBound..<end.lowerBound]
    let names = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
      row.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") }
    }
    #expect(!names.isEmpty)
    for name in Set(names) {
      do {
        _ = try OptionParser.parse([Array(name.utf8), Array("1".utf8)])
      } catch OptionError.unknownOption(let unknown) {
        Issue.record("README names \(unknown), which the parser does not know")
      } catch {}
    }
  }
}
