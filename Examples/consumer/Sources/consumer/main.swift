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

// The picker without a terminal: lines and keys in, searches run when asked for, a frame and the
// outcome out.
var state = PickerState(settings: PickerSettings(), rows: 8, columns: 40)
var splitter = LineSplitter(terminator: 10)
splitter.append(Array(lines.joined(separator: "\n").utf8) + [10])
if let block = splitter.takeBlock(force: true) { state.handle(.input(block)) }
state.handle(.inputEnded)

/// Runs the searches the state asks for (a program with a terminal runs them on another thread).
func settle(_ state: inout PickerState) {
  while let request = state.nextSearch() {
    if let result = request.run() { state.handle(.searched(result)) }
  }
}

settle(&state)
for key in "md".unicodeScalars {
  state.handle(.key(.char(key.value)))
  settle(&state)
}
for row in Renderer().render(state).text { print("|", row) }
state.handle(.key(.tab))
state.handle(.key(.enter))
if case .accepted(let picked, _) = state.outcome {
  print("picked:", picked.map { lines[$0] })
}
