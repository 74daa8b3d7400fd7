/// fzf's `--listen`: where the picker takes HTTP requests, and what they say. A `POST /` body is a
/// list of actions in `--bind`'s form (`reload(ls)+change-prompt(> )`); `GET /` asks for the state as
/// JSON (`GET /?limit=10&offset=20` pages the matches and the marked lines).
package enum RemoteControl {
  /// Where to listen: a TCP port on a host, or a Unix socket (a path ending in `.sock`).
  package enum Address: Sendable, Equatable {
    case tcp(host: String, port: Int)
    case socket(String)

    /// `--listen` without a value: a free port on localhost.
    package static let local = Address.tcp(host: "localhost", port: 0)

    /// fzf's forms: `PORT`, `HOST:PORT`, `:PORT`, `PATH.sock`; nil for anything else.
    package init?(_ text: String) {
      if text.hasSuffix(".sock") {
        self = .socket(text)
        return
      }
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count <= 2, let last = parts.last, !last.isEmpty, last.allSatisfy(\.isASCII),
        let port = Int(last), (0...65535).contains(port)
      else { return nil }
      let host = parts.count == 2 ? String(parts[0]) : ""
      self = .tcp(host: host.isEmpty ? "localhost" : host, port: port)
    }

    /// Whether only this machine can reach it (else fzf asks for an API key, and refuses actions that
    /// run commands unless `--listen-unsafe`).
    package var isLocal: Bool {
      switch self {
      case .socket: true
      case .tcp(let host, _): host == "localhost" || host == "127.0.0.1"
      }
    }
  }

  /// The headers that decide whether a request is let in.
  package struct Head: Equatable, Sendable {
    /// `x-api-key`.
    package var apiKey: String?
    /// `Origin`: sent by browsers with a page's requests (fetch, forms, XHR), never by curl or fzf.
    package var origin: String?
    /// `Sec-Fetch-Site`: what a browser says of who started the request (`none`: the person).
    package var fetchSite: String?
    /// `Host`: the name the client used (another name than this machine's: DNS rebinding).
    package var host: String?

    package init(apiKey: String? = nil, origin: String? = nil, fetchSite: String? = nil, host: String? = nil)
    {
      self.apiKey = apiKey
      self.origin = origin
      self.fetchSite = fetchSite
      self.host = host
    }
  }

  /// One request, read whole.
  package enum Request: Equatable, Sendable {
    /// Not all of it has come yet.
    case incomplete
    /// `GET /`: the state, `limit` matches and marked lines from `offset` on.
    case status(limit: Int, offset: Int, head: Head)
    /// `POST /`: the actions in the body.
    case actions(String, head: Head)
    /// Something else: answered with 400 and this message.
    case bad(String)

    /// The request's headers (none for a request not read whole).
    package var head: Head? {
      switch self {
      case .status(_, _, let head), .actions(_, let head): head
      case .incomplete, .bad: nil
      }
    }
  }

  /// Why a request is turned away before it is looked at: the status line and the message.
  package struct Rejection: Equatable, Sendable {
    package let status: String
    package let message: String
  }

  /// Whether a request with `head` may be answered. A matching API key (when one is set) lets it
  /// in; without a key, a request a web page made (an `Origin` header, or `Sec-Fetch-Site` other than
  /// `none`) or one sent to another host name (DNS rebinding: a page's own name that resolves to this
  /// machine) is refused. `port`: the TCP port listened on (nil for a Unix socket, which no page can
  /// reach and whose clients name any host).
  package static func rejection(of head: Head, apiKey: String?, port: Int?) -> Rejection? {
    if let apiKey {
      return same(head.apiKey, apiKey)
        ? nil : Rejection(status: "401 Unauthorized", message: "invalid api key")
    }
    if head.origin != nil || head.fetchSite.map({ $0.lowercased() != "none" }) == true {
      return Rejection(status: "403 Forbidden", message: "requests from web pages are refused")
    }
    if let port, let host = head.host, !isLocalHost(host, port: port) {
      return Rejection(status: "403 Forbidden", message: "invalid host: \(host)")
    }
    return nil
  }

  /// `localhost`, `127.0.0.1` or `[::1]`, alone or with `port`.
  static func isLocalHost(_ host: String, port: Int) -> Bool {
    let value = host.lowercased()
    return ["localhost", "127.0.0.1", "[::1]"].contains { name in
      value == name || value == "\(name):\(port)"
    }
  }

  /// Compares keys in time that does not depend on where they differ.
  static func same(_ given: String?, _ key: String) -> Bool {
    let a = Array((given ?? "").utf8)
    let b = Array(key.utf8)
    var difference = a.count ^ b.count
    for i in 0..<max(a.count, b.count) {
      difference |= Int((i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0))
    }
    return difference == 0
  }

  /// The most a request's body may hold (fzf's limit).
  package static let maxBody = 1 << 20
  /// The most a request's line and headers may hold.
  static let maxHead = 64 << 10

  /// Reads `bytes` (everything received so far) as one HTTP/1.x request.
  package static func parse(_ bytes: [UInt8]) -> Request {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard let end = firstIndex(of: separator, in: bytes) else {
      return bytes.count > maxHead ? .bad("request too large") : .incomplete
    }
    let headText = String(decoding: bytes[..<end], as: UTF8.self)
    var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
    let requestLine = lines.removeFirst()
    var length: Int?
    var head = Head()
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimming { $0 == " " || $0 == "\t" }
      if name == "content-length" {
        guard let n = Int(value), n > 0, n <= maxBody else { return .bad("invalid content length") }
        length = n
      } else if name == "x-api-key" {
        head.apiKey = value
      } else if name == "origin" {
        head.origin = value
      } else if name == "sec-fetch-site" {
        head.fetchSite = value
      } else if name == "host" {
        head.host = value
      }
    }
    let words = requestLine.split(separator: " ")
    guard words.count == 3, words[2].hasPrefix("HTTP/") else { return .bad("invalid request method") }
    if words[0] == "GET" {
      guard let query = getQuery(String(words[1])) else { return .bad("invalid request method") }
      return status(query, head: head)
    }
    guard words[0] == "POST", words[1] == "/" else { return .bad("invalid request method") }
    guard let length else { return .bad("content-length header missing") }
    let body = end + separator.count
    guard bytes.count >= body + length else { return .incomplete }
    var text = String(decoding: bytes[body..<(body + length)], as: UTF8.self)
    // fzf trims line ends around the body (`curl -d @file` keeps the file's last one).
    while text.last?.isNewline == true { text.removeLast() }
    while text.first?.isNewline == true { text.removeFirst() }
    return text.isEmpty ? .bad("no action specified") : .actions(text, head: head)
  }

  /// The query of `GET /` or `GET /?…` (nil for another path).
  private static func getQuery(_ target: String) -> String? {
    if target == "/" { return "" }
    guard target.hasPrefix("/?") else { return nil }
    return String(target.dropFirst(2))
  }

  /// The most lines one `GET /` lists (`limit` above it is cut to it): an answer stays small enough
  /// to build between two keystrokes.
  package static let maxLimit = 1000
  /// The largest `offset` taken as it is (any line count fits; offset plus limit cannot overflow).
  static let maxOffset = 1 << 48

  /// `limit` (default 100, at most `maxLimit`) and `offset` (default 0) from a query string; others
  /// are ignored, and so are values that are not numbers (a number too large for an `Int` is cut to
  /// the most each may be).
  private static func status(_ query: String, head: Head) -> Request {
    var limit = 100
    var offset = 0
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let value = number(parts[1]) else { continue }
      if parts[0] == "limit" {
        limit = min(value, maxLimit)
      } else if parts[0] == "offset" {
        offset = min(value, maxOffset)
      }
    }
    return .status(limit: limit, offset: offset, head: head)
  }

  /// A decimal number of ASCII digits, cut to `maxOffset` when larger; nil for anything else.
  private static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
    var value = 0
    for digit in text.utf8 {
      value = min(value * 10 + Int(digit - 48), maxOffset)
    }
    return value
  }

  private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] {
      if bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
    }
    return nil
  }

  /// A response with `status` (`200 OK`, `400 Bad Request`, …) and a body ending in a newline.
  package static func response(_ status: String, body: String = "", json: Bool = false) -> [UInt8] {
    var head = "HTTP/1.1 \(status)\r\n"
    if body.isEmpty {
      head += "\r\n"
      return Array(head.utf8)
    }
    let text = Array((body + "\n").utf8)
    if json { head += "Content-Type: application/json\r\n" }
    head += "Content-Length: \(text.count)\r\n\r\n"
    return Array(head.utf8) + text
  }

  /// The actions of a `POST /` body, or why there are none; `allowCommands` false drops the actions
  /// that run commands (a remote address without `--listen-unsafe`).
  package static func actions(_ text: String, allowCommands: Bool) -> Result<[BoundAction], Refusal> {
    var actions: [BoundAction]
    do {
      actions = try BindSpec.actions(text)
    } catch {
      // The `--bind` wording without the option's name: what the request got wrong.
      guard case .invalidValue(_, let value, let expected) = error else {
        return .failure(Refusal(message: error.message))
      }
      return .failure(Refusal(message: "invalid action list: '\(value)' (expected \(expected))"))
    }
    if !allowCommands { actions.removeAll { $0.runsCommand } }
    return actions.isEmpty ? .failure(Refusal(message: "no action specified")) : .success(actions)
  }

  /// Why a request's actions were refused.
  package struct Refusal: Error, Equatable, Sendable {
    package let message: String
  }

  /// `text` as a JSON string literal.
  static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

extension BoundAction {
  /// Whether the action runs a command (what a remote `--listen` refuses without `--listen-unsafe`).
  package var runsCommand: Bool {
    switch self {
    case .execute, .executeSilent, .become, .reload, .changePreview, .preview, .transform,
      .backgroundTransform:
      true
    default: false
    }
  }
}

extension PickerState {
  /// What `GET /` answers, as fzf's `--listen` gives it: the query, the cursor's position, the counts,
  /// the current line and `limit` matching and marked lines from `offset` on (each its index in the
  /// input and its text).
  package func status(limit: Int, offset: Int) -> String {
    // Any values (a caller's too) give an answer: no overflow, no more than `maxLimit` lines.
    let limit = min(max(limit, 0), RemoteControl.maxLimit)
    let offset = min(max(offset, 0), RemoteControl.maxOffset)
    // As fzf's: each line's matched characters, when the query matches it as a whole line (with
    // `--nth` or `--with-nth` the places are in other text: left out).
    let query = search.result.query
    var matcher =
      query.isEmpty || settings.search.fields.selects
      ? nil : Matcher(pattern: settings.search.pattern(query), runsFirst: search.result.runsFirst)
    func item(_ index: Int) -> String {
      let line = printedLine(index)
      let text = RemoteControl.json(String(decoding: line, as: UTF8.self))
      guard let places = matcher?.positions(line), !places.isEmpty else {
        return #"{"index":\#(index),"text":\#(text)}"#
      }
      let list = places.map(String.init).joined(separator: ",")
      return #"{"index":\#(index),"text":\#(text),"positions":[\#(list)]}"#
    }
    let listed = matchesShown
    let matches = (offset..<max(offset, min(listed, offset + limit))).map { item(line(at: $0)) }
    let marked = selection.lines(settings.selection.order)
    let selected = marked.dropFirst(offset).prefix(limit).map(item)
    let current = currentLine.map(item) ?? "null"
    return #"{"reading":\#(!input.ended),"progress":\#(isSearching ? 0 : 100),"query":"#
      + RemoteControl.json(String(decoding: queryBytes, as: UTF8.self))
      + #","position":\#(cursor),"sort":\#(search.sorting),"totalCount":\#(totalCount),"#
      + #""matchCount":\#(listed),"current":\#(current),"matches":[\#(matches.joined(separator: ","))],"#
      + #""selected":[\#(selected.joined(separator: ","))]}"#
  }
}

extension PickerState {
  /// The answer to a `--listen` request: the state as JSON, or the actions run (as fzf's server: a
  /// remote address drops those that run commands unless `--listen-unsafe`).
  package mutating func answer(_ request: RemoteControl.Request, local: Bool) -> [UInt8] {
    switch request {
    case .status(let limit, let offset, _):
      return RemoteControl.response("200 OK", body: status(limit: limit, offset: offset), json: true)
    case .actions(let text, _):
      switch RemoteControl.actions(text, allowCommands: local || settings.commands.listenUnsafe) {
      case .success(let actions):
        handle(.remote(actions))
        return RemoteControl.response("200 OK")
      case .failure(let refusal):
        return RemoteControl.response("400 Bad Request", body: refusal.message)
      }
    case .bad(let message):
      return RemoteControl.response("400 Bad Request", body: message)
    case .incomplete:
      return RemoteControl.response("400 Bad Request", body: "incomplete request")
    }
  }
}
