import Foundation
import Testing

@testable import MSelectCore

/// A query typed key by key, with backspaces, lists exactly what the whole query finds at once,
/// whatever the picker's result cache narrowed on the way.
@Suite struct IncrementalSearchTests {
  /// What queries are made of: the whole query syntax, letters of both cases, an accent.
  static let keys: [String] = [
    "a", "b", "c", "a", "b", "d", "A", "B", "é", "e", "/", ".", " ", " ", "^", "$", "'", "!", "|",
    "\\", "1", "2",
  ]

  /// Lines made of the same letters, with fields for `--nth`.
  static func lines(_ random: inout Seeded) -> [String] {
    let pieces = [
      "a", "b", "c", "d", "A", "B", "é", "e", "/", ".", "1", "2", "ab", "abc", "ba", "|", "'", "!", "^", "$",
    ]
    return (0..<160).map { _ in
      let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
          .joined()
      }
      return words.joined(separator: " ")
    }
  }

  /// The option sets tried: matching modes that change what a term is.
  static let optionSets: [[String]] = [
    [], ["--exact"], ["-i"], ["+i"], ["--nth", "2..", "-d", " "], ["--no-sort"], ["--literal"],
    ["--scheme", "path"], ["--tiebreak", "end,length"],
  ]

  /// Types random queries into one picker (streaming part of the input in between when `stream`),
  /// each checked against a fresh search of the final query.
  func check(seed: UInt64, options: [String], stream: Bool, budget: Int?) {
    var random = Seeded(state: seed)
    let lines = Self.lines(&random)
    let h = Harness(stream ? Array(lines.prefix(40)) : lines, options, stream: stream)
    h.state.search.schedule.cache.wholeBudget = budget
    var pending = stream ? Array(lines.dropFirst(40)) : []
    for _ in 0..<10 {
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        if !h.query.isEmpty && Int.random(in: 0..<5, using: &random) == 0 {
          h.press(.backspace)
        } else {
          h.type(Self.keys.randomElement(using: &random)!)
        }
        if !pending.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
          h.add(Array(pending.prefix(30)))
          pending.removeFirst(min(30, pending.count))
          if pending.isEmpty {
            h.state.handle(.inputEnded)
            h.settle()
          }
        }
      }
      let shown = Array(lines.prefix(h.state.store.count))
      let expected = Filter.run(h.query, in: shown, settings: h.state.settings.search).map { shown[$0] }
      #expect(h.listed == expected, "seed \(seed), options \(options), query \(h.query)")
      if h.listed != expected { return }
    }
  }

  /// Seeds tried per option set: a few in the suite, more by hand (`MSELECT_PROPERTY_SEEDS=200`).
  static let seeds = UInt64(
    ProcessInfo.processInfo.environment["MSELECT_PROPERTY_SEEDS"].flatMap { UInt64($0) } ?? 1)

  @Test(arguments: optionSets)
  func typedKeyByKeyFindsWhatTheWholeQueryFinds(options: [String]) {
    for seed in UInt64(1)...Self.seeds {
      check(seed: seed, options: options, stream: false, budget: nil)
      check(seed: seed &* 7919, options: options, stream: true, budget: nil)
      // Results kept as line sets only (the cache's compacted entries).
      check(seed: seed &* 104_729, options: options, stream: seed % 2 == 0, budget: 0)
    }
  }

  @Test(arguments: [["^", "p"], ["'", "p"], ["!", "x"], ["^", "p", "y", "t", "h", "o", "n", "$"]])
  func aQueryThatMatchesEveryLineIsNotNarrowedAsNone(keys: [String]) {
    let lines = ["python", "perl", "php", "ruby", "pascal", "xpy"]
    let h = Harness(lines)
    for key in keys { h.type(key) }
    let expected = Filter.run(h.query, in: lines).map { lines[$0] }
    #expect(!expected.isEmpty)
    #expect(h.listed == expected)
  }
}
