/// `--listen`'s request reader, its socket-table reader and the state answer: any bytes give a request or a refusal, never a
/// trap; paging values stay in bounds; the answer is built for any values a request can carry.
func fuzzHTTP(_ input: [UInt8]) {
  // The kernel's socket table the listener reads to refuse other users: any text, no trap.
  _ = TCPTable.owner(localPort: 6266, remotePort: 42, in: input)
  let request = RemoteControl.parse(input)
  if let head = request.head {
    _ = RemoteControl.rejection(of: head, apiKey: nil, port: 6266)
    _ = RemoteControl.rejection(of: head, apiKey: "key", port: nil)
  }
  switch request {
  case .status(let limit, let offset, _):
    require((0...RemoteControl.maxLimit).contains(limit), "limit out of bounds: \(limit)")
    require(offset >= 0 && offset <= 1 << 48, "offset out of bounds: \(offset)")
    var state = PickerState(settings: PickerSettings(), rows: 10, columns: 40)
    var splitter = LineSplitter(terminator: 10)
    splitter.append(Array("alpha\nbeta\n\u{1}\"\\\n".utf8) + input.prefix(64))
    if let block = splitter.finish() { state.handle(.input(block)) }
    state.handle(.inputEnded)
    _ = state.status(limit: limit, offset: offset)
  case .actions(let body, _):
    _ = RemoteControl.actions(body, allowCommands: false)
  case .bad(let message):
    _ = RemoteControl.response("400 Bad Request", body: message)
  case .incomplete:
    break
  }
}
