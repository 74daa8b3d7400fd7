/// The option parser, the shell-word splitter (its words survive quoting), the line splitter and the field splitter on any bytes:
/// errors, never traps; and the splitters keep every byte.
func fuzzOptions(_ input: [UInt8]) {
  // Shell words (option variables and files: quotes, escapes, comments): each word, quoted again and
  // split again, comes back the same.
  if let words = try? ShellWords.split(input) {
    let quoted: [[UInt8]] = words.map { word in
      var out: [UInt8] = [39]
      for byte in word { out += byte == 39 ? [39, 92, 39, 39] : [byte] }
      return out + [39]
    }
    let again = try? ShellWords.split(Array(quoted.joined(separator: [UInt8(32)])))
    require(again == words, "shell words changed when quoted again")
  }
  // `--bind` values and `transform(…)` output: errors, never traps.
  let text = String(decoding: input, as: UTF8.self)
  var bindings = KeyBindings()
  try? bindings.apply(text)
  _ = try? BindSpec.actions(text)
  _ = Key(name: text)
  _ = OptionParser.duration(text)
  if case .actions(let body, _) = RemoteControl.parse(input) {
    _ = RemoteControl.actions(body, allowCommands: false)
  }
  _ = RemoteControl.Address(text)
  _ = RemoteControl.json(text)
  _ = Chrome.Spacing(text)
  var values = Placeholders.Values(
    current: Array(input.prefix(8)), currentIndex: 1, marked: [Array(input.suffix(4))], query: [],
    delimiter: .whitespace)
  values.listed = { [Array(input.prefix(3))] }
  values.fileDirectory = "/tmp/x"
  _ = try? Placeholders.expand(text, values)
  let words = input.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
  if let options = try? OptionParser.parse(words) {
    // Any value, however large (a `--header-lines` of Int.max, a margin wider than any screen): the
    // filter and a picker's first frames come at once (libFuzzer's -timeout catches a hang).
    let lines = Bytes(Array("a1 x\nb2 y\nc3 z\n".utf8))
    _ = Filter.run(
      Array("1".utf8), in: .bytes(lines.buffer, terminator: 10, owner: lines),
      settings: options.searchSettings)
    if let settings = try? options.pickerSettings(unicode: true, colors: true) {
      var state = PickerState(settings: settings, rows: 24, columns: 80)
      state.handle(.input(LineStore(lines: [Array("a1 x".utf8), Array("b2 y".utf8)]).blocks[0]))
      state.handle(.inputEnded)
      for key: Key in [.down, .tab, .char(0x61)] { state.handle(.key(key)) }
      while let request = state.nextSearch() {
        if let result = request.run(preview: { _ in }) { state.handle(.searched(result)) }
      }
      state.handle(.resize(rows: 2, columns: 3))
      _ = Renderer().render(state)
    }
  }
  // Lines: cut at 10 and joined again, the bytes come back.
  var splitter = LineSplitter(terminator: 10, bufferSize: 64)
  for chunk in input.split(separator: 0xFF, omittingEmptySubsequences: false) {
    splitter.append(Array(chunk))
  }
  var store = LineStore()
  while let block = splitter.takeBlock(force: true) { store.append(block) }
  if let last = splitter.finish() { store.append(last) }
  let joined: [UInt8] = (0..<store.count).flatMap { store.lineBytes($0) + [UInt8(10)] }
  let expected = input.filter { $0 != 0xFF }
  require(joined == expected || joined == expected + [10], "line splitting lost bytes")
  // Fields: every spec and delimiter, no trap; with a whole-line spec the line comes back.
  for spec in ["1", "-1", "2..", "..3", "1..-2", "1,3", "2..1", "9"] {
    guard let fields = FieldSpec(spec) else { continue }
    for delimiter in [Delimiter.whitespace, .string(Array(input.prefix(2)))] {
      for k in 0..<min(store.count, 16) {
        _ = store.lineBytes(k).withUnsafeBytes { Fields.extract($0, fields, delimiter) }
      }
    }
  }
}
