/// Keys typed into a picker, a byte each (typing, backspace, paste, `change-query`, typos and search
/// toggled, fields changed, input streaming in): after every key the picker lists what `Filter` lists
/// for its query and settings, in the same order, whatever cache or shortcut it took.
func fuzzParity(_ input: [UInt8]) {
  guard let first = input.first else { return }
  let (keys, text) = queryAndText(Array(input.dropFirst()))
  let optionSets: [[String]] = [
    ["--typos"], [], ["--typos=2"], ["--typos", "--scheme", "path"], ["--typos", "--exact"],
    ["--typos", "--nth", "2..", "-d", "/"], ["--typos", "--no-sort"],
  ]
  let arguments =
    optionSets[Int(first) % optionSets.count] + [
      "--bind",
      "ctrl-t:toggle-typos,ctrl-s:toggle-search,ctrl-n:change-nth(1|2..|),ctrl-x:change-query(sahreman man1)",
    ]
  guard let options = try? OptionParser.parse(arguments.map { Array($0.utf8) }, profile: .mselect),
    let settings = try? options.pickerSettings(unicode: true, colors: false)
  else {
    fatalError("the parity target's options do not parse")
  }
  var state = PickerState(settings: settings, rows: 20, columns: 60)
  // The fuzzer's lines, then path-like ones the typed words can be found in with mistakes.
  let paths = parityPaths.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
  var pending = text.split(separator: 10).map { Array($0) } + paths
  var splitter = LineSplitter(terminator: 10)
  func stream(_ count: Int) {
    for line in pending.prefix(count) { splitter.append(line + [10]) }
    pending.removeFirst(min(count, pending.count))
    if let block = splitter.takeBlock(force: true) { state.handle(.input(block)) }
    if pending.isEmpty { state.handle(.inputEnded) }
  }
  stream(first & 0x80 == 0 ? pending.count : pending.count / 3)
  let alphabet = Array("sharemnuplibtxof/ .^$'!|éфAS".unicodeScalars)
  let words = [
    "sahreman", "shareman", "thnuderbird", "ripgrep", "libswiftcroe", "usr/lib", "man1/ls.1", "фaйл",
  ]
  for byte in keys {
    switch byte {
    case 0xC0..<0xD8: state.handle(.key(.backspace))
    case 0xD8..<0xE0: state.handle(.key(.paste(Array(words[Int(byte) % words.count].utf8))))
    case 0xE0: state.handle(.key(.ctrl(UInt8(ascii: "u"))))
    case 0xE1: state.handle(.key(.ctrl(UInt8(ascii: "t"))))
    case 0xE2: state.handle(.key(.ctrl(UInt8(ascii: "s"))))
    case 0xE3: state.handle(.key(.ctrl(UInt8(ascii: "n"))))
    case 0xE4: state.handle(.key(.ctrl(UInt8(ascii: "x"))))
    case 0xE5..<0xF0: stream(Int(byte - 0xE4) * 7)
    default: state.handle(.key(.char(alphabet[Int(byte) % alphabet.count].value)))
    }
    while let request = state.nextSearch() {
      var previews: [SearchResult] = []
      guard let result = request.run(preview: { previews.append($0) }) else { break }
      for preview in previews { state.handle(.searched(preview)) }
      state.handle(.searched(result))
    }
    let query = state.searchQuery
    let expected = Array(Filter.run(query, in: state.store, settings: state.searchSettings))
    let listed = (0..<state.listCount).map { state.line(at: $0) }
    require(
      listed == expected,
      "query \(String(decoding: query, as: UTF8.self)): \(listed.count) listed, \(expected.count) by the filter"
    )
  }
}

/// Lines the parity target adds to the fuzzer's: paths holding the words it types.
private let parityPaths: [UInt8] = Array(
  """
  /usr/share/man
  /usr/share/man/man1/ls.1.gz
  /usr/share/doc/thunderbird/README
  /usr/lib/thunderbird/thunderbird-bin
  /usr/bin/rg ripgrep
  /usr/lib/swift/linux/libswiftCore.so
  /srv/ahre/a/man
  /usr/sbin/hre/man
  /home/файлы/share
  /opt/sahre man/x
  """.utf8)
