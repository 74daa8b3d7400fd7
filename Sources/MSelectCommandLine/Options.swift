import MSelectCore

/// Everything the command line says, as a value.
///
/// Only the command line and the executable see it: it is turned into the engine's settings values
/// once (`Options+Settings.swift`).
package struct Options: Sendable {
  /// What mselect does with the lines.
  package enum Mode: Sendable, Equatable {
    /// Open the picker on the terminal.
    case interactive
    /// `-f/--filter QUERY`: print the matching lines, best first.
    case filter([UInt8])
    /// `--batch`: print what Enter would print right away.
    case batch
  }

  /// Color use (`--color`).
  package typealias ColorMode = TerminalTraits.ColorMode

  package var mode: Mode = .interactive
  /// The FILE argument; nil or `-` means stdin.
  package var file: String?
  /// Two or more words in FILE's place: the lines to pick from (gum's `gum choose a b c`); stdin is
  /// not read.
  package var choices: [[UInt8]] = []
  package var read0 = false
  package var print0 = false
  package var query: [UInt8] = []
  package var match = MatchOptions()
  package var rank = RankOptions()
  package var delimiter: Delimiter = .whitespace
  package var nth: FieldSpec?
  package var withNth: FieldSpec?
  package var acceptNth: FieldSpec?
  package var headerLines = 0
  /// `--tail N`: only the last N lines are kept.
  package var tail: Int?
  package var order: Selection.Order = .input
  package var preselect: [[UInt8]] = []
  package var preselectFiles: [String] = []
  /// `--remember FILE`: its lines open marked; the accepted lines are written back on accept.
  package var remember: String?
  /// `--learn NAME`: the store that lifts lines picked before, and that records picks.
  package var learn: String?
  /// The key bindings' store: learned in under mselect's name (unless `MSELECT_LEARN=0`), under
  /// fzf's only with `MSELECT_LEARN=1`.
  package var bindingLearn: String?
  /// `--no-learn`: no store, whatever `--learn` or `MSELECT_LEARN` say.
  package var noLearn = false
  /// `--learn-marker STR`: drawn before the lines the store lifts.
  package var learnMarker: String?
  /// `--history FILE`: accepted queries are appended; ctrl-p / ctrl-n walk them.
  package var history: String?
  package var historySize = 1000
  package var preselectMatch: [[UInt8]] = []
  package var selectAll = false
  package var min: Int?
  package var max: Int?
  package var select1 = false
  package var exit0 = false
  package var printQuery = false
  package var expect: [String] = []
  /// What the run answers instead of selecting (nil: it selects).
  package private(set) var request: Request?

  /// An answer that needs no input.
  package enum Request: Sendable, Equatable {
    /// `--help`.
    case help
    /// `--version`.
    case version
    /// `--bash`, `--zsh`, `--fish`: the shell integration; `--completion SHELL`: only completion.
    case shellScript(ShellScriptRequest)
    /// `--man` (shown) or `--man-roff` (printed as roff).
    case manual(ManualForm)

    /// Of two asked, the lower wins (the help over everything); of two alike, the later.
    fileprivate var rank: Int {
      switch self {
      case .help: 0
      case .version: 1
      case .shellScript: 2
      case .manual: 3
      }
    }
  }

  /// Asks for `answer`, unless an answer that wins over it was asked for.
  package mutating func ask(_ answer: Request) {
    if let request, request.rank < answer.rank { return }
    request = answer
  }

  /// Which shell script to print.
  package struct ShellScriptRequest: Sendable, Equatable {
    package var shell: ShellScripts.Shell
    package var completionOnly: Bool
  }

  /// How the manual is given.
  package enum ManualForm: Sendable, Equatable {
    case shown, roff
  }
  package var pointer: String?
  package var marker: String?
  /// What the pointer column shows on the other lines (`--gutter`; nil: fzf mode's `▌`, else blank).
  package var gutter: String?
  /// `--gutter-raw`: raw mode's gutter (nil: `▖`, or `:` without Unicode).
  package var gutterRaw: String?
  /// The style a border option given no style takes (`--style full:STYLE` sets it).
  package var defaultBorder = Chrome.Border.rounded
  /// `--marker-multi-line`: the marks of an item over several rows (top, middle, bottom).
  package var markerMultiLine: [String]?
  /// Dim text in the empty query (`--ghost`, gum's `--placeholder`).

  /// gum's `--selected` lines: marked, or with `--limit 1` where the cursor starts (as in gum).
  package var selected: [[UInt8]] = []
  /// gum's `--label-delimiter`: preselected lines name labels (see `PreselectionSettings`).
  package var labelDelimiter: [UInt8]?
  /// `--tmux` / `--popup`: run the picker in a tmux popup (inside tmux 3.3 or newer).
  package var popup: PopupSpec?
  package var color: ColorMode = .auto
  /// `--unicode` / `--no-unicode`: box drawing and symbols, or ASCII (nil: as the locale says).
  package var unicode: Bool?
  /// `--ambidouble` / `--no-ambidouble`: the terminal draws East Asian Ambiguous characters two columns
  /// wide (nil: as `RUNEWIDTH_EASTASIAN=1` says, as fzf reads it).
  package var ambidouble: Bool?
  package var bindings: [String] = []
  /// Marks stay on the lines a reload brings back (nil: as the flavor has it, mselect yes, fzf no).
  package var marksSurviveReload: Bool?
  /// `--jump-labels`: the labels `jump` shows (nil: fzf's).

  /// `--gap-line` (an empty string: the default line).

  /// `--wrap-sign`, `--preview-wrap-sign`.
  package var wrapSign: String?
  package var previewWrapSign: String?
  /// `--disabled`: the query does not filter.
  package var disabled = false
  /// `--ansi`: SGR sequences in lines are colors, not text.
  package var ansi = false
  /// `--with-shell STR`: STR split into words (the shell and its flags, e.g. `bash -c`).

  /// fzf options accepted for compatibility that change nothing here (listed in docs/guide.md, "Coming from fzf").
  package var ignored: [String] = []
  /// What lists files when nothing is piped in (`--walker`, `--walker-root`, `--walker-skip`).
  package var walker = Walker()
  /// `--walk`: the walker lists, whatever standard input is (the key bindings ask for it, so that
  /// walker options in their variables apply, with or without a terminal).
  package var walk = false

  /// The picker's settings that options set as they are (`--header`, `--height`, `--preview`, …):
  /// the table's entries write them here; `pickerSettings` adds what it works out from several.
  package var picker = PickerSettings()

  package init() {}

  /// Whether any preselection option was given.
  package var hasPreselection: Bool {
    selectAll || !preselect.isEmpty || !selected.isEmpty || !preselectFiles.isEmpty || !preselectMatch.isEmpty
      || remember != nil
  }
}
