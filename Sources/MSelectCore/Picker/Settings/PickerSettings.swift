/// The picker's fixed settings for one run, in named groups: what to search, what may be marked,
/// how it looks, where it goes, how the list shows, what keys do, the preview, and what it reaches
/// outside itself with.
public struct PickerSettings: Sendable {
  /// The picker's list direction (`--layout`, named as in fzf).
  package enum Layout: String, Sendable, Equatable, CaseIterable {
    /// fzf's default: prompt at the bottom, best match just above it, the list growing upwards.
    case `default`
    /// Prompt at the top, best match just below it (mselect's default, like gum and fzf --reverse).
    case reverse
    /// Prompt at the bottom, the list above it in top-down order (best match first).
    case reverseList = "reverse-list"

    /// Whether the best match is drawn at the top of the list (moving down goes to worse matches).
    var listsDownwards: Bool { self != .default }
  }

  /// How much of the terminal the picker uses (`--height`).
  package enum Height: Sendable, Equatable {
    case lines(Int)
    case percent(Int)
    /// All the terminal's rows but these (`--height -N`).
    case allBut(Int)
    case fullscreen
  }

  /// Whose habits the picker has where mselect's and fzf's differ (the profile decides).
  package enum Flavor: Sendable, Equatable {
    /// mselect's: with `--max 1` one line may be marked; the count is shown once something was;
    /// wide pointer and check-mark marker; alt-a, alt-d, ctrl-t and ctrl-s mark and review.
    case mselect
    /// fzf's: `--max 1` (no `--multi`) is no marking at all, the toggles do nothing; the count,
    /// `(0)` included, is shown whenever several lines may be marked; fzf's narrow marks and gutter,
    /// and fzf's keys (alt-d kills a word, shift-up/down scroll the preview, ctrl-d deletes).
    case fzf
  }

  public var search = SearchSettings()
  public var selection = SelectionSettings()
  package var preselection = PreselectionSettings()
  /// The initial query.
  public var query: [UInt8] = []
  package var flavor = Flavor.mselect
  package var look = LookSettings()
  package var window = WindowSettings()
  package var list = ListSettings()
  package var behaviour = BehaviourSettings()
  /// `--preview` and `--preview-window`.
  package var preview = PreviewSettings()
  package var commands = CommandSettings()

  public init() {}

  /// The prompt (`--prompt`); the API's name for `look.prompt`.
  public var prompt: String {
    get { look.prompt }
    set { look.prompt = newValue }
  }
  /// The cursor line's mark (`--pointer`); the API's name for `look.pointer`.
  public var pointer: String {
    get { look.pointer }
    set { look.pointer = newValue }
  }
  /// A marked line's mark (`--marker`); the API's name for `look.marker`.
  public var marker: String {
    get { look.marker }
    set { look.marker = newValue }
  }
  /// Dim text in place of an empty query (`--ghost`); the API's name for `look.ghost`.
  public var ghost: String {
    get { look.ghost }
    set { look.ghost = newValue }
  }
  /// Text above the list (`--header`); the API's name for `look.header`.
  public var header: String? {
    get { look.header }
    set { look.header = newValue }
  }
  /// Moving past either end wraps around (`--cycle`); the API's name for `list.cycle`.
  public var cycle: Bool {
    get { list.cycle }
    set { list.cycle = newValue }
  }

  /// How the lines' control characters show (fzf mode: not at all, as in fzf).
  package var controls: VisibleText.Controls { flavor == .fzf ? .dropped : .shown }

  /// Whether the marking actions mark (fzf's single mode: they do nothing).
  var marks: Bool { flavor == .mselect || selection.max != 1 }

  /// The delimiter of shown and searched fields.
  var delimiter: Delimiter { search.fields.delimiter }

  /// Whether match positions can be highlighted: only when the shown text is the searched text.
  var highlightsMatches: Bool { list.shownFields == nil && !search.fields.selects }

  /// How a long line keeps its frozen fields, when it does.
  var frozenFields: FrozenFields? {
    list.freezeLeft > 0 || list.freezeRight > 0
      ? FrozenFields(left: list.freezeLeft, right: list.freezeRight, delimiter: delimiter) : nil
  }
}
