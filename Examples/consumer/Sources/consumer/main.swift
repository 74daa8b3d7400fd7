import MSelectCore

let lines = ["src/main.swift", "README.md", "Sources/Matcher.swift", "docs/manual.txt"]

// Rank lines for a query, as `mselect --filter` does.
for index in Filter.run("msw", in: lines) {
  print(lines[index])
}

// One line: its score and the characters that matched (for highlighting).
var matcher = Matcher(pattern: Pattern("mat"))
if let found = matcher.matchWithPositions("Sources/Matcher.swift") {
  print(found.match.score, found.positions)
}

// The picker without a terminal: lines and keys in, searches run on this thread by `tick()`, the
// screen's text and the outcome out.
var picker = PickerEngine(rows: 8, columns: 40)
picker.push(lines)
picker.endInput()
picker.type("md")
picker.tick()
for row in picker.screen { print("|", row) }
picker.press("tab")
picker.press("enter")
if case .accepted(let picked, _) = picker.outcome {
  print("picked:", picked.map { lines[$0] })
}
