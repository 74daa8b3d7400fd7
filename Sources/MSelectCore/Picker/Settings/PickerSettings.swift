/// The picker's fixed settings for one run: what to search, what may be marked, how it looks and
/// which keys do what.
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

  public var search = SearchSettings()
  public var selection = SelectionSettings()
  package var preselection = PreselectionSettings()
  /// The initial query.
  public var query: [UInt8] = []
  /// The fields shown of each line (`--with-nth`), split like the searched ones.
  package var shownFields: FieldSpec?
  /// Text above the list (`--header`).
  public var header: String?
  /// The prompt and the info are shown and the query can be typed (`--no-input`: neither; `search`
  /// still searches).
  package var inputShown = true
  /// Text on the list's other side (`--footer`).
  package var footer: String?
  /// `--with-shell`: the command and arguments that run commands (the command appended); nil:
  /// `$SHELL -c`.
  package var shell: [[UInt8]]?
  /// How that shell reads quotes (set by the terminal side, which knows `$SHELL`).
  package var quoting = ShellQuoting.posix
  package var height = Height.percent(50)
  /// The picker grows with the list up to `height` rather than taking all of it at once.
  package var heightAdapts = true
  /// The fewest rows a percentage height gives (`--min-height`), plus the rows around the list when
  /// `minHeightAddsChrome` (fzf's `N+`, its default `10+`).
  package var minHeight = 10
  package var minHeightAddsChrome = false
  package var layout = Layout.reverse
  public var prompt = "> "
  public var pointer = "▌ "
  public var marker = "✓ "
  /// What the pointer column shows on the other lines (`--gutter`; nil: blanks).
  package var gutter: String?
  /// fzf's raw mode (`--raw`): every line listed in input order, those that do not match dimmed.
  package var raw = false
  /// The pointer column of the other lines in raw mode (`--gutter-raw`; fzf's `▖`).
  package var gutterRaw = "▖"
  /// An item holding line breaks takes a row per line (`--multi-line`), marked with these at its
  /// top, middle and bottom rows.
  package var multiLine = false
  package var markerMultiLine = ["╻", "┃", "╹"]
  /// What an unmarked line shows in the marker column (nil: blanks as wide as `marker`).
  package var unmarked: String?
  /// Dim text shown in place of an empty query (`--ghost`).
  public var ghost = ""
  /// Milliseconds after which the picker gives up (`--timeout`; nil: never).
  package var timeout: Int?
  /// Where HTTP requests bring actions and ask for the state (`--listen`).
  package var listen: RemoteControl.Address?
  /// A remote `--listen` address may run commands (`--listen-unsafe`).
  package var listenUnsafe = false
  /// Whether colors are used (else bold, underline and reverse only).
  package var colors = true
  package var bindings = KeyBindings()
  /// Keys that accept and are printed first (`--expect`), with the name to print.
  package var expectKeys: [Key: String] = [:]
  /// When the list changes (a new query, new input), the cursor stays on the line it was on if that
  /// line is still listed (`--track`; fzf's, for browsing logs).
  package var track = false
  /// Moving past either end wraps around (`--cycle`).
  public var cycle = false
  /// The picker takes mouse reports: wheel, clicks (`--no-mouse`: the terminal keeps the mouse).
  package var mouse = true
  /// Lines kept visible above and below the cursor when scrolling (`--scroll-off`).
  package var scrollOff = 3
  /// Info line style, border, label, margin and padding.
  package var chrome = Chrome()
  /// Colors given with `--color`.
  package var palette = Palette()
  /// The header goes before the prompt (`--header-first`).
  package var headerFirst = false
  /// What marks a line cut short (`--ellipsis`; nil: `…`, fzf mode's `··`), and how many columns
  /// after a match stay in view when a long line scrolls to show it (`--hscroll-off`).
  package var ellipsis: String?
  package var hscrollOff = 10
  /// Long lines scroll to show their match (`--no-hscroll`, `toggle-hscroll`: they show from the start).
  package var hscroll = true
  /// A long line with no match to show is cut on the left, its end kept (`--keep-right`).
  package var keepRight = false
  /// The picture stays on the terminal when the picker ends (`--no-clear`).
  package var keepsPicture = false
  /// Word movements and kills stop at `/` only (`--filepath-word`).
  package var filepathWord = false
  /// The scrollbar's glyph, drawn at the list's right edge when it does not fit (`--scrollbar`; fzf
  /// mode's `│`); nil: none.
  package var scrollbar: String?
  /// The first and last fields a long line keeps in view (`--freeze-left`, `--freeze-right`).
  package var freezeLeft = 0
  package var freezeRight = 0

  /// How a long line keeps its frozen fields, when it does.
  var frozenFields: FrozenFields? {
    freezeLeft > 0 || freezeRight > 0
      ? FrozenFields(left: freezeLeft, right: freezeRight, delimiter: delimiter) : nil
  }
  /// Marks stay on the lines a reload brings back (fzf: only with `--id-nth`).
  package var marksSurviveReload = true
  /// The fields that name a line across reloads (`--id-nth`): marks and a tracked cursor follow the
  /// line with the same ones. Nil: the whole line (as printed).
  package var idNth: FieldSpec?

  /// The ellipsis as drawn: fzf's `··` is `..` where the locale is not UTF-8.
  func ellipsis(unicode: Bool) -> String {
    guard let ellipsis else { return "…" }
    return !unicode && ellipsis == "··" ? ".." : ellipsis
  }

  /// `--sync`: the `start` event waits until the input is read and searched (fzf's).
  package var sync = false
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
  package var flavor = Flavor.mselect

  /// How the lines' control characters show (fzf mode: not at all, as in fzf).
  package var controls: VisibleText.Controls { flavor == .fzf ? .dropped : .shown }

  /// Whether the marking actions mark (fzf's single mode: they do nothing).
  var marks: Bool { flavor == .mselect || selection.max != 1 }
  /// Columns between tab stops (`--tabstop`).
  package var tabstop = 8
  /// `--preview` and `--preview-window`.
  package var preview = PreviewSettings()
  /// What starts a wrapped row of the preview (`--preview-wrap-sign`; nil: `↳ `, or `> `
  /// without Unicode).
  package var previewWrapSign: String?
  /// The folder `{+f}` files are named in (the terminal side makes it and writes them, see
  /// `PickerState.takeFiles`); nil: such placeholders give `''`.
  package var fileDirectory: String?
  /// What ends each line of such a file (`--print0`: NUL, as fzf's).
  package var fileTerminator: UInt8 = 10
  /// The labels `jump` puts on the visible lines, in order from the top (`--jump-labels`).
  package var jumpLabels = PickerSettings.defaultJumpLabels
  /// Empty rows after each item (`--gap`), the last of them holding a line of `gapLine` (nil: `┈`,
  /// `-` without Unicode).
  package var gap = 0
  package var gapLine: String?
  /// A command whose first line of output the info line shows instead of the counts
  /// (`--info-command`; `FZF_INFO` holds what it would have shown).
  package var infoCommand: String?
  /// fzf's labels: the home row first.
  package static let defaultJumpLabels =
    "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+"
  /// Earlier queries, oldest first (`--history`); empty: ctrl-p / ctrl-n move as usual.
  package var history: [[UInt8]] = []

  /// `--learn`'s store (the session writes `forget` there; nil: nothing learned).
  package var learnStore: String?
  /// `--learn-marker`: drawn before the lines what was learned lifts (nil: none).
  package var learnMarker: String?

  public init() {}

  /// The delimiter of shown and searched fields.
  var delimiter: Delimiter { search.fields.delimiter }

  /// Whether match positions can be highlighted: only when the shown text is the searched text.
  var highlightsMatches: Bool { shownFields == nil && !search.fields.selects }

  /// The number of `--header` rows.
  var headerTextRows: Int {
    header.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0
  }

  /// The number of `--footer` rows.
  var footerRows: Int {
    guard let footer, !footer.isEmpty else { return 0 }
    return footer.split(separator: "\n", omittingEmptySubsequences: false).count
  }
}
