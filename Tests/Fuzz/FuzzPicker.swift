/// Bytes from the terminal, through the key decoder, the picker's reducer and the renderer: nothing
/// traps, and no control character, C1 byte or bidi control reaches a frame.
func fuzzPicker(_ input: [UInt8]) {
  let (lines, keys) = queryAndText(input)
  var settings = PickerSettings()
  settings.selection.max = 3
  // fzf's other actions on keys the fuzzer can send (function keys and alt-digits), and events.
  try? settings.behaviour.bindings.apply(
    "f1:transform(x)+down,f2:transform-query(x)+wait+last,f3:jump,f4:exclude-multi+offset-middle,"
      + "f5:toggle-search+search(a),f6:change-nth(2|1|)+change-multi(2),f7:unbind(f1,change)+trigger(f8),"
      + "f8:rebind(f1)+trigger(f7),f9:toggle-header+change-header-lines(1),f10:offset-up+offset-down+down-selected,"
      + "f11:replace-query+cancel,f12:preview(cat {})+close,alt-1:exclude+up-selected,alt-2:change-with-nth(2..)"
      + ",alt-3:kill-subword+backward-subword+backward-kill-subword,alt-4:jump-accept,alt-5:change-pointer(>>)"
      + ",multi:change-prompt(m> ),backward-eof:toggle-bind(f3),resize:offset-down")
  var state = PickerState(settings: settings, rows: 12, columns: 30)
  var splitter = LineSplitter(terminator: 10)
  splitter.append(lines + [10] + Array("alpha\nbeta\n\u{1B}[31mred\u{202E}gpj.exe\n".utf8))
  if let block = splitter.finish() { state.handle(.input(block)) }
  state.handle(.inputEnded)
  var decoder = KeyDecoder()
  let renderer = Renderer()
  // Kept from frame to frame, as the session keeps it.
  var positions = PositionCache()
  var frame = renderer.render(state, cache: &positions)
  var time = 0
  for chunk in keys.split(separator: 0xFF, omittingEmptySubsequences: false).prefix(32) {
    for key in decoder.feed(Array(chunk)) where state.outcome == nil {
      // Mouse reports land on what the last frame shows there, as in the session.
      if case .mouse(let event) = key {
        time += 100
        state.handle(.mouse(event, target: frame.target(row: event.row, column: event.column), time: time))
      } else {
        state.handle(.key(key))
      }
      while let request = state.nextSearch() {
        if let result = request.run() { state.handle(.searched(result)) }
      }
      // A transform's command "prints" the next bytes of the input.
      if state.takeCommands().contains(where: { if case .transform = $0 { true } else { false } }) {
        state.handle(.transformed(Array(chunk.prefix(24))))
        while let request = state.nextSearch() {
          if let result = request.run() { state.handle(.searched(result)) }
        }
      }
    }
    state.handle(.resize(rows: 1 + Int(chunk.first ?? 11) % 40, columns: 1 + Int(chunk.last ?? 29) % 120))
    frame = renderer.render(state, cache: &positions)
    for row in frame.text {
      for scalar in row.unicodeScalars {
        let v = scalar.value
        require(
          !(v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C),
          "control character U+\(String(v, radix: 16)) in a frame")
      }
    }
  }
}
