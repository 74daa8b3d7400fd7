import MSelectCore
import MSelectTerminal

/// A fuzzy picker on the terminal for a Swift command-line program: the person narrows `items` by
/// typing, marks several (or moves to one) and presses Enter; the chosen items come back.
///
/// The picker draws on `/dev/tty`, so the program's standard input and output stay its own (it can
/// run inside a pipeline). Configure it through its properties, then call ``choose()`` (or
/// ``chooseOne()``, or ``run()`` for the query and the accepting key too):
///
/// ```swift
/// var picker = Picker(branches) { $0.name }
/// picker.prompt = "branch> "
/// picker.maximum = 1
/// let picked = try picker.chooseOne()
/// ```
///
/// The static ``choose(_:prompt:header:query:preselected:minimum:maximum:)`` does the same for
/// strings in one call.
public struct Picker<Item> {
  /// Where the preview pane sits beside the list.
  public enum PreviewPosition: Sendable {
    /// Beside the list, on its right.
    case right
    /// Beside the list, on its left.
    case left
    /// Above the list.
    case top
    /// Below the list.
    case bottom
  }

  /// How many of the terminal's rows the picker takes.
  public enum Height: Equatable, Sendable {
    /// The whole screen (the alternate screen: what was on the terminal comes back after).
    case fullscreen
    /// This many rows below the cursor.
    case rows(Int)
    /// This share of the terminal's rows, below the cursor.
    case percent(Int)
  }

  /// What the picker ended with: the chosen items, the query typed, and the key that accepted.
  public struct Choice {
    /// The chosen items: the marked ones in the order of `items` (or of marking, with
    /// ``Picker/outputInMarkingOrder``), or the one under the cursor when none was marked.
    public var items: [Item]
    /// The query when the picker ended.
    public var query: String
    /// The key of ``Picker/acceptKeys`` that ended the picker; nil for Enter and the other
    /// accepting keys.
    public var key: PickerKey?
  }

  /// The items to choose from, in the order they are listed when the query is empty.
  public var items: [Item]
  /// The text shown, searched and matched for each item (one line; the item itself comes back).
  public var label: (Item) -> String
  /// The text before the query.
  public var prompt = "> "
  /// The query the picker opens with.
  public var query = ""
  /// Lines shown above the list.
  public var header: String?
  /// Text shown in the empty query (fzf's `--ghost`).
  public var placeholder = ""
  /// Items that open marked.
  public var preselected: (Item) -> Bool = { _ in false }
  /// The picker refuses to accept fewer marked items than this (it says so on the info line).
  public var minimum: Int?
  /// At most this many items can be marked (nil: no limit).
  public var maximum: Int?
  /// The chosen items come back in the order they were marked rather than in the order of `items`.
  public var outputInMarkingOrder = false
  /// The text of the preview pane for the item under the cursor (nil: no preview pane). It runs on
  /// the picker's thread each time the cursor stops on an item, so it should be quick.
  public var preview: ((Item) -> String)?
  /// Where the preview pane sits.
  public var previewPosition = PreviewPosition.right
  /// The preview pane's share of the picker's width (left, right) or height (top, bottom), in percent.
  public var previewSize = 50
  /// How many rows the picker takes.
  public var height = Height.percent(50)
  /// Keys bound to actions, over the default keys (listed in `mselect --help`); an empty list
  /// unbinds a key.
  public var bindings: [PickerKey: [PickerAction]] = [:]
  /// Keys that accept like Enter and come back in ``Choice/key`` (fzf's `--expect`).
  public var acceptKeys: [PickerKey] = []
  /// The list wraps around at its ends.
  public var cycle = false
  /// Matching ignores case: `nil` is fzf's smart case (a capital letter in the query makes it exact).
  public var ignoresCase: Bool?
  /// Fuzzy terms forgive typing mistakes (`mselect --typos`: a wrong, extra or swapped key, one for
  /// a term of 5 to 11 characters, two from 12); the person turns it on and off with alt-t.
  public var forgivesTypos = false

  /// A picker over `items`, each shown as `label` makes it.
  public init(_ items: [Item], label: @escaping (Item) -> String) {
    self.items = items
    self.label = label
  }

  /// Runs the picker until the person accepts or cancels.
  /// - Returns: the chosen items, the query and the accepting key.
  /// - Throws: ``PickerError/cancelled`` when the person cancelled; ``PickerError/terminal(_:)`` when
  ///   there is no terminal to draw on; ``PickerError/invalidConfiguration(_:)`` for a bad value.
  public func run() throws(PickerError) -> Choice {
    let settings = try makeSettings()
    let labels = items.map { Array(label($0).utf8) }
    let store = LineStore(lines: labels)
    let ending: PickerSession.Ending
    do throws(TerminalError) {
      let session = try PickerSession(
        settings: settings, reader: nil, store: store,
        unicode: TerminalTraits.isUnicodeLocale(Environment.current))
      if let preview {
        let items = items
        session.previewText = { index in
          items.indices.contains(index) ? Array(preview(items[index]).utf8) : []
        }
      }
      ending = try session.run()
    } catch .unavailable(let reason) {
      // The command line's advice (--filter, --batch) means nothing to a program's user.
      throw .terminal("no terminal to pick on: /dev/tty cannot be opened (\(reason.reason))")
    } catch {
      throw .terminal(error.message)
    }
    let query = String(decoding: ending.query, as: UTF8.self)
    switch ending.outcome {
    case .accepted(let lines, let keyName):
      let key = keyName.flatMap { name in acceptKeys.first { $0.description == name } }
      return Choice(items: lines.map { items[$0] }, query: query, key: key)
    case .cancelled, .timedOut:
      throw .cancelled
    }
  }

  /// Runs the picker and returns the chosen items (see ``run()``).
  public func choose() throws(PickerError) -> [Item] {
    try run().items
  }

  /// Runs the picker for one item (``maximum`` is 1) and returns it: the marked one, else the one
  /// under the cursor; nil when the list was empty or nothing matched the query.
  public func chooseOne() throws(PickerError) -> Item? {
    var one = self
    one.maximum = 1
    return try one.run().items.first
  }
}

extension Picker where Item == String {
  /// A picker over strings, each shown as it is.
  public init(_ items: [String]) {
    self.init(items) { $0 }
  }

  /// Opens a picker over `items` and returns the chosen ones (see ``Picker/run()`` for the errors).
  public static func choose(
    _ items: [String], prompt: String = "> ", header: String? = nil, query: String = "",
    preselected: Set<String> = [], minimum: Int? = nil, maximum: Int? = nil
  ) throws(PickerError) -> [String] {
    var picker = Picker(items)
    picker.prompt = prompt
    picker.header = header
    picker.query = query
    picker.preselected = { preselected.contains($0) }
    picker.minimum = minimum
    picker.maximum = maximum
    return try picker.choose()
  }
}
