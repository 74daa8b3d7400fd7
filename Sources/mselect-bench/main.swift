// Replays typing on a large input through the picker's core and prints per-keystroke latencies:
// until the first screen of ranked results is ready (the preview), and until the full count is known.
// Part of scripts/bench; not installed.

import Dispatch
import Glibc
import MSelectCore
import MSelectTerminal

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  print("usage: mselect-bench FILE")
  exit(2)
}
let store: LineStore
do {
  store = try InputReader(path: arguments[1], terminator: 10).readAll()
} catch {
  print("mselect-bench: \(error.message)")
  exit(2)
}

/// The picker's core with searches run inline, as the search thread would run them. The preview (the
/// best lines, ranked) is ready when matching is done, so it also marks when the full count is known;
/// the full ranking (every match sorted) comes after.
struct Replay {
  var state: PickerState

  /// Runs the searches the state asks for; returns (first screen, full) in milliseconds.
  mutating func settle() -> (Double, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    var first: UInt64?
    while let request = state.nextSearch() {
      nonisolated(unsafe) var previewAt: UInt64?
      nonisolated(unsafe) var preview: SearchResult?
      let result = request.run(preview: {
        previewAt = DispatchTime.now().uptimeNanoseconds
        preview = $0
      })!
      if let preview { state.handle(.searched(preview)) }
      if first == nil { first = previewAt ?? DispatchTime.now().uptimeNanoseconds }
      state.handle(.searched(result))
    }
    let end = DispatchTime.now().uptimeNanoseconds
    return (Double((first ?? end) - start) / 1e6, Double(end - start) / 1e6)
  }
}

/// Milliseconds with one decimal.
func ms(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

func main(_ store: LineStore) {
  let config = try! PickerConfig(options: Options(), unicode: true, colors: false)
  var replay = Replay(state: PickerState(config: config, rows: 40, columns: 120))
  for block in store.blocks { replay.state.handle(.input(block)) }
  replay.state.handle(.inputEnded)
  _ = replay.settle()
  let steps: [(String, Key)] =
    ["s", "h", "a", "r", "e"].map { ($0, Key.char($0.unicodeScalars.first!.value)) }
    + Array(repeating: ("⌫", Key.backspace), count: 5)
    + ["l", "i", "b"].map { ($0, Key.char($0.unicodeScalars.first!.value)) }
  print(
    "typing replay on \(store.count) lines (first screen: best lines ranked and full count known; full: all sorted)"
  )
  print("| key | query | matches | first screen ms | full ranking ms |")
  print("|---|---|---|---|---|")
  var firsts: [Double] = []
  for (label, key) in steps {
    replay.state.handle(.key(key))
    let (first, full) = replay.settle()
    firsts.append(first)
    let query = String(decoding: replay.state.queryBytes, as: UTF8.self)
    print("| \(label) | `\(query)` | \(replay.state.result.matchCount) | \(ms(first)) | \(ms(full)) |")
  }
  let sorted = firsts.sorted()
  print("first screen: median \(ms(sorted[sorted.count / 2])) ms, worst \(ms(sorted.last!)) ms")
}

main(store)
