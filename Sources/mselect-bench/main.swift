// Replays typing on a large input through the picker's core and prints per-keystroke latencies:
// until the first screen of ranked results is ready (the preview), and until the full count is known.
// Part of scripts/bench; not installed.
//
// With MSELECT_BENCH_PREVIEW=CMD the picker has `--preview CMD`, and every preview it asks for is run
// for real (in the background, the previous one killed), as the picker does: the latencies then show
// what a running preview costs typing. With MSELECT_BENCH_TYPOS=1 the picker (and `--filter`) has `--typos`.
//
// `mselect-bench --filter QUERY FILE [RUNS]` instead times `mselect -f QUERY FILE`'s search in-process,
// RUNS times (default 50) over one mapping, and prints the minimum, lower quartile and median: wall
// times of whole runs vary by a few percent on a shared machine, these by about one.
//
// `mselect-bench --score QUERY FILE [RUNS]` matches every line of FILE on one thread, with no skipping
// and no sorting, RUNS times (default 20): the nanoseconds per line the matcher and scorer take.

import Dispatch
import Glibc
import MSelectCommandLine
import MSelectCore
import MSelectTerminal

let arguments = CommandLine.arguments
if arguments.count >= 4 && arguments[1] == "--filter" {
  timeFilter(
    query: Array(arguments[2].utf8), path: arguments[3],
    runs: arguments.count > 4 ? Int(arguments[4]) ?? 50 : 50)
  exit(0)
}
if arguments.count >= 4 && arguments[1] == "--score" {
  timeScoring(
    query: Array(arguments[2].utf8), path: arguments[3],
    runs: arguments.count > 4 ? Int(arguments[4]) ?? 20 : 20)
  exit(0)
}
guard arguments.count == 2 else {
  print("usage: mselect-bench FILE | mselect-bench --filter|--score QUERY FILE [RUNS]")
  exit(2)
}
let store = readStore(arguments[1])

/// The picker's core with searches run inline, as the search thread would run them. The preview (the
/// best lines, ranked) is ready when matching is done, so it also marks when the full count is known;
/// the full ranking (every match sorted) comes after.
struct Replay {
  var state: PickerState

  /// Runs the searches the state asks for; returns, in milliseconds, when the first screen was ready
  /// (a provisional preview of a progressive search, or the exact one), when the exact best lines and
  /// the full count were known, and when the full ranking was.
  mutating func settle() -> (first: Double, count: Double, exact: Double, full: Double, same: Bool) {
    let start = DispatchTime.now().uptimeNanoseconds
    var first: UInt64?
    var exact: UInt64?
    var count: UInt64?
    var firstScreen: [UInt32]?
    while let request = state.nextSearch() {
      nonisolated(unsafe) var previews: [(UInt64, SearchResult)] = []
      let result = request.run(preview: { previews.append((DispatchTime.now().uptimeNanoseconds, $0)) })!
      for (_, preview) in previews { state.handle(.searched(preview)) }
      let done = DispatchTime.now().uptimeNanoseconds
      if first == nil { first = previews.first?.0 ?? done }
      if firstScreen == nil {
        firstScreen = (previews.first?.1.ranked ?? result.ranked).prefix(20).map(\.index)
      }
      // The last preview is exact: it comes after every candidate was scored.
      if exact == nil { exact = previews.last?.0 ?? done }
      // The info line is exact from the first preview with the final count.
      if count == nil { count = previews.first { $0.1.matchCount == result.matchCount }?.0 ?? done }
      state.handle(.searched(result))
    }
    let end = DispatchTime.now().uptimeNanoseconds
    func ms(_ t: UInt64?) -> Double { Double((t ?? end) - start) / 1e6 }
    let same = firstScreen == nil || firstScreen! == state.search.result.ranked.prefix(20).map(\.index)
    return (ms(first), ms(count), ms(exact), ms(end), same)
  }
}

/// Milliseconds with one decimal.
func ms(_ value: Double) -> String {
  let tenths = Int((value * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

/// Runs the previews the state asks for, as the picker would: one at a time, in the background.
final class BackgroundPreviews {
  private var pid: pid_t = 0

  func take(_ commands: [PickerState.Command]) {
    for case .preview(_, let command, _, _, _) in commands {
      if pid > 0 {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
      }
      let words = ["/bin/sh", "-c", String(decoding: command, as: UTF8.self)]
      var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
      posix_spawn_file_actions_destroy(&actions)
      argv.forEach { free($0) }
    }
  }

  deinit {
    if pid > 0 {
      kill(pid, SIGKILL)
      waitpid(pid, nil, 0)
    }
  }
}

func main(_ store: LineStore) {
  // As the picker session does (see `PickerSession.init`).
  Syscall.returnFreedBlocks(atLeast: 128 << 10)
  var settings = PickerSettings()
  let previewCommand = getenv("MSELECT_BENCH_PREVIEW").map { String(cString: $0) }
  settings.preview.command = previewCommand
  if getenv("MSELECT_BENCH_TYPOS") != nil { settings.search.match.typos = .byLength }
  let previews = BackgroundPreviews()
  var replay = Replay(state: PickerState(settings: settings, rows: 40, columns: 120))
  for block in store.blocks { replay.state.handle(.input(block)) }
  replay.state.handle(.inputEnded)
  _ = replay.settle()
  let steps: [(String, Key)] =
    ["s", "h", "a", "r", "e"].map { ($0, Key.char($0.unicodeScalars.first!.value)) }
    + Array(repeating: ("⌫", Key.backspace), count: 5)
    + ["l", "i", "b"].map { ($0, Key.char($0.unicodeScalars.first!.value)) }
  print("typing replay on \(store.count) lines")
  print("first screen: the first list drawn (provisional while a narrowing search is still scoring);")
  print("count: the exact count on the info line; exact: the true best lines; full: every match ranked")
  print("| key | query | matches | first screen ms | count ms | exact ms | full ms | first 20 lines final |")
  print("|---|---|---|---|---|---|---|---|")
  var firsts: [Double] = []
  var counts: [Double] = []
  var exacts: [Double] = []
  if let previewCommand { print("with a preview running: `\(previewCommand)`") }
  if settings.search.match.typos.isOn { print("with --typos") }
  for (label, key) in steps {
    replay.state.handle(.key(key))
    previews.take(replay.state.takeCommands())
    let (first, count, exact, full, same) = replay.settle()
    firsts.append(first)
    counts.append(count)
    exacts.append(exact)
    let query = String(decoding: replay.state.queryBytes, as: UTF8.self)
    let matches = replay.state.search.result.matchCount
    print(
      "| \(label) | `\(query)` | \(matches) | \(ms(first)) | \(ms(count)) | \(ms(exact)) | \(ms(full)) | \(same ? "yes" : "no") |"
    )
  }
  for (name, values) in [("first screen", firsts), ("count", counts), ("exact", exacts)] {
    let sorted = values.sorted()
    print("\(name): median \(ms(sorted[sorted.count / 2])) ms, worst \(ms(sorted.last!)) ms")
  }
}

main(store)

/// Times the filter search the way `mselect -f` runs it on a mapped file (in place, or on a line table
/// when the query is broad), without process start, output or exit.
func timeFilter(query: [UInt8], path: String, runs: Int) {
  let options: Options
  let mapping: FileMapping
  do {
    let typos = getenv("MSELECT_BENCH_TYPOS") != nil ? [Array("--typos".utf8)] : []
    options = try OptionParser.parse([Array("-f".utf8), query] + typos)
    guard let mapped = try InputReader(path: path, terminator: 10).mapWhole() else {
      print("mselect-bench: \(path) cannot be mapped")
      exit(2)
    }
    mapping = mapped
  } catch let error as OptionError {
    print("mselect-bench: \(error.commandLineMessage)")
    exit(2)
  } catch let error as InputError {
    print("mselect-bench: \(error.message)")
    exit(2)
  } catch {
    exit(2)
  }
  var times: [Double] = []
  var how = ""
  var matches = 0
  for _ in 0..<max(runs, 1) {
    let start = DispatchTime.now().uptimeNanoseconds
    let found = Filter.run(
      query, in: .bytes(mapping.bytes, terminator: 10, owner: mapping), settings: options.searchSettings)
    matches = found.lines.count
    how = found.scannedInPlace ? "in place" : "line table"
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  times.sort()
  // Hundredths: the differences worth measuring here are a few percent of a few milliseconds.
  func ms(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
  let q = String(decoding: query, as: UTF8.self)
  print(
    "filter `\(q)` (\(how), \(matches) matches, \(times.count) runs): min \(ms(times[0])) ms, "
      + "p25 \(ms(times[times.count / 4])) ms, median \(ms(times[times.count / 2])) ms")
}

/// Times the matcher alone on every line of `path` (see the header).
func timeScoring(query: [UInt8], path: String, runs: Int) {
  let store = readStore(path)
  var matcher = Matcher(pattern: Pattern(query: query))
  // MSELECT_PRESCANNED=1: as for a line the skipping's verdict has passed (every line must match).
  let prescanned = getenv("MSELECT_PRESCANNED") != nil
  var times: [Double] = []
  var matches = 0
  var total: Int64 = 0
  for _ in 0..<max(runs, 1) {
    matches = 0
    total = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for block in store.blocks {
      for index in 0..<block.count {
        if let found = matcher.match(block.line(index), prescanned: prescanned) {
          matches += 1
          total += Int64(found.score)
        }
      }
    }
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(store.count, 1)))
  }
  times.sort()
  let q = String(decoding: query, as: UTF8.self)
  print(
    "score `\(q)` (\(matches) of \(store.count) lines match, score sum \(total), \(times.count) runs): "
      + "min \(Int(times[0])) ns/line, median \(Int(times[times.count / 2])) ns/line")
}

/// The lines of `path`; exits with a message when it cannot be read.
func readStore(_ path: String) -> LineStore {
  do {
    return try InputReader(path: path, terminator: 10).readAll()
  } catch {
    print("mselect-bench: \(error.message)")
    exit(2)
  }
}
