/// The three ways of searching many lines give the same ranked lines: the in-place scan, the line
/// table, and one matcher applied line by line.
func fuzzScan(_ input: [UInt8]) {
  let (query, text) = queryAndText(input)
  let held = Bytes(text)
  for settings in [
    SearchSettings(), SearchSettings(rank: RankOptions(tiebreaks: [.begin], sort: true, reverse: true)),
  ] {
    let plan = settings.plan(query)
    let store = MappedLines.store(held.buffer, terminator: 10, owner: held)
    let table = Filter.ranked(plan, in: store, settings: settings).map { store.lineBytes($0) }
    var matcher = Matcher(pattern: plan.pattern)
    let byLine = (0..<store.count).map { store.lineBytes($0) }.filter { matcher.match($0) != nil }
    require(
      byLine.sorted { $0.lexicographicallyPrecedes($1) } == table.sorted { $0.lexicographicallyPrecedes($1) },
      "line table and per-line matcher differ")
    if let (scan, lines) = RawScan.filter(held.buffer, terminator: 10, plan: plan, settings: settings) {
      require(lines.map { Array(scan.line($0)) } == table, "in-place scan and line table differ")
    }
  }
}
