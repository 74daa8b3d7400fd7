import Foundation
import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// The manual and the guide say what the option table says.
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

  @Test func everyTableOptionIsParsedAndInTheGuide() throws {
    let guide = try read("docs/guide.md")
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
        long.contains { guide.contains("`\($0)") || guide.contains(", \($0)") },
        "the guide does not mention \(long)")
    }
  }

  @Test func everyOptionInTheGuidesTableIsKnown() throws {
    let guide = try read("docs/guide.md")
    guard let start = guide.range(of: "## Options"), let end = guide.range(of: "## Coming from fzf") else {
      Issue.record("the guide has no Options section")
      return
    }
    let section = guide[start.upperBound..<end.lowerBound]
    let names = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
      row.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).filter { $0.hasPrefix("--") }
    }
    #expect(!names.isEmpty)
    for name in Set(names) {
      do {
        _ = try OptionParser.parse([Array(name.utf8), Array("1".utf8)])
      } catch OptionError.unknownOption(let unknown) {
        Issue.record("the guide names \(unknown), which the parser does not know")
      } catch {}
    }
  }
}
