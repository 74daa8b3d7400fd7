import Testing

@testable import MSelectCommandLine
@testable import MSelectCore

/// Enter takes the line the person sees (fzf's rule), whatever is still running: input streaming in,
/// searches finishing late or out of order, keys typed before and after it.
@Suite struct AcceptRaceTests {
  /// Runs random interleavings of keys, input blocks and search results; Enter is pressed at a
  /// random point. Returns a description of what went wrong, or nil.
  static func run(seed: UInt64, profile: Profile, arguments: [String]) -> String? {
    var random = Seeded(state: seed)
    let words = ["cherry-pick", "checkout", "cherry", "commit", "clone", "config", "clean", "branch"]
    let lines = (0..<126).map { words[$0 % words.count] + ($0 < words.count ? "" : "-\($0)") }
    let options = try! OptionParser.parse(arguments.map { Array($0.utf8) }, profile: profile)
    var state = PickerState(
      settings: try! options.pickerSettings(unicode: true, colors: false), rows: 20, columns: 60)
    var splitter = LineSplitter(terminator: 10)
    var pending = lines[...]
    var searches: [SearchRequest] = []
    var seen: Int?
    var log: [String] = []
    func stream() {
      let block = pending.prefix(Int.random(in: 1...30, using: &random))
      pending = pending.dropFirst(block.count)
      for line in block { splitter.append(Array(line.utf8) + [10]) }
      if let made = splitter.takeBlock(force: true) { state.handle(.input(made)) }
      if pending.isEmpty { state.handle(.inputEnded) }
      log.append("+\(block.count)")
    }
    func ask() { while let request = state.nextSearch() { searches.append(request) } }
    func finishOne() {
      guard !searches.isEmpty else { return }
      // Searches end in any order; an older one's result may come after a newer one's.
      let request = searches.remove(at: Int.random(in: 0..<searches.count, using: &random))
      var previews: [SearchResult] = []
      guard let result = request.run(preview: { previews.append($0) }) else { return }
      for preview in previews { state.handle(.searched(preview)) }
      state.handle(.searched(result))
      log.append("searched")
    }
    let typed = Array("cherry-pi".unicodeScalars)
    var next = 0
    var entered = false
    for _ in 0..<200 where state.outcome == nil {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<3 where !pending.isEmpty: stream()
      case 3..<6 where next < typed.count:
        state.handle(.key(.char(typed[next].value)))
        log.append(String(typed[next]))
        next += 1
      case 6 where !entered && next == typed.count:
        // What the person sees: the list drawn now is for what is typed.
        if state.search.result.query == state.searchQuery { seen = state.currentLine }
        entered = true
        log.append("enter")
        state.handle(.key(.enter))
      default: finishOne()
      }
      ask()
    }
    while state.outcome == nil && !searches.isEmpty {
      finishOne()
      ask()
    }
    guard entered else { return nil }
    guard case .accepted(let accepted, _) = state.outcome else {
      return "Enter lost: \(log.joined(separator: " "))"
    }
    if let seen, accepted != [seen] {
      return "saw \(lines[seen]), got \(accepted.map { lines[$0] }): \(log.joined(separator: " "))"
    }
    // Whatever was on screen, the line taken matches what was typed: never an older query's line.
    let matching = Set(Filter.run(state.searchQuery, in: state.store, settings: state.searchSettings))
    if let line = accepted.first, !matching.contains(line) {
      return "took \(lines[line]), which does not match: \(log.joined(separator: " "))"
    }
    return nil
  }

  @Test(arguments: [
    (Profile.fzf, [String]()), (.mselect, []), (.fzf, ["--query", "ch"]), (.mselect, ["--typos"]),
  ])
  func enterTakesTheLineShown(profile: Profile, arguments: [String]) {
    for seed in UInt64(1)...60 {
      if let failure = Self.run(seed: seed, profile: profile, arguments: arguments) {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }
}
