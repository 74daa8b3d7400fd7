import MSelectCore

/// Everything the command line says, as a value.
///
/// Only the command line and the executable see it: it is turned into the engine's settings values
/// once (`Options+Settings.swift`).
public struct Options: Sendable, Equatable {
  /// What mselect does with the lines.
  public enum Mode: Sendable, Equatable {
    /// Open the picker on the terminal.
    case interactive
    /// `-f/--filter QUERY`: print the matching lines, best first.
    case filter([UInt8])
    /// `--batch`: print what Enter would print right away.
    case batch
  }

  /// Color use (`--color`).
  public enum ColorMode: String, Sendable, Equatable, CaseIterable {
    case auto, always, never
  }

  public var mode: Mode = .interactive
  /// The FILE argument; nil or `-` means stdin.
  public var file: String?
  /// Two or more words in FILE's place: the lines to pick from (gum's `gum choose a b c`); stdin is
  /// not read.
  public var choices: [[UInt8]] = []
  public var read0 = false
  public var print0 = false
  public var query: [UInt8] = []
  public var match = MatchOptions()
  public var rank = RankOptions()
  public var delimiter: Delimiter = .whitespace
  public var nth: FieldSpec?
  public var withNth: FieldSpec?
  public var acceptNth: FieldSpec?
  public var headerLines = 0
  public var header: String?
  public var order: Selection.Order = .input
  public var preselect: [[UInt8]] = []
  public var preselectFiles: [String] = []
  /// `--remember FILE`: its lines open marked; the accepted lines are written back on accept.
  public var remember: String?
  /// `--history FILE`: accepted queries are appended; ctrl-p / ctrl-n walk them.
  public var history: String?
  public var historySize = 1000
  public var preselectMatch: [[UInt8]] = []
  public var selectAll = false
  public var min: Int?
  public var max: Int?
  public var select1 = false
  public var exit0 = false
  public var printQuery = false
  public var expect: [String] = []
  public var help = false
  public var version = false
  /// `--man` (shown) or `--man-roff` (printed as roff).
  public var manual: ManualForm?
  /// `--bash`, `--zsh`, `--fish`: print the shell integration; `--completion SHELL`: only completion.
  public var shellScript: ShellScriptRequest?

  /// Which shell script to print.
  public struct ShellScriptRequest: Sendable, Equatable {
    public var shell: ShellScripts.Shell
    public var completionOnly: Bool
  }

  /// How the manual is given.
  public enum ManualForm: Sendable, Equatable {
    case shown, roff
  }
  // Picker appearance.
  public var height: PickerSettings.Height = .percent(50)
  public var layout: PickerSettings.Layout = .reverse
  public var prompt = "> "
  public var pointer: String?
  public var marker: String?
  /// What the pointer column shows on the other lines (`--gutter`; nil: fzf mode's `▌`, else blank).
  public var gutter: String?
  /// What unmarked lines show in the marker column (gum's `--unselected-prefix`; nil: blanks).
  public var unmarked: String?
  /// Dim text in the empty query (`--ghost`, gum's `--placeholder`).
  public var ghost: String?
  /// gum's `--selected` lines: marked, or with `--limit 1` where the cursor starts (as in gum).
  public var selected: [[UInt8]] = []
  /// gum's `--label-delimiter`: preselected lines name labels (see `PreselectionSettings`).
  public var labelDelimiter: [UInt8]?
  /// `--listen[=ADDRESS]`: take actions and status requests over HTTP (fzf's).
  public var listen: RemoteControl.Address?
  /// `--listen-unsafe`: a remote address may run commands too.
  public var listenUnsafe = false
  /// `--timeout`: the picker gives up after this many milliseconds (gum's; exit 124).
  public var timeout: Int?
  public var color: ColorMode = .auto
  /// `--unicode` / `--no-unicode`: box drawing and symbols, or ASCII (nil: as the locale says).
  public var unicode: Bool?
  public var bindings: [String] = []
  public var cycle = false
  /// Mouse reporting on (`--no-mouse` turns it off).
  public var mouse = true
  public var scrollOff = 3
  /// `--color` element colors (fzf's spec form).
  public var palette = Palette()
  /// `--info`, `--border`, `--border-label`, `--margin`, `--padding`.
  public var chrome = Chrome()
  public var headerFirst = false
  /// `--sync`: `start` actions run once the input is read and searched.
  public var sync = false
  /// `--ellipsis`, `--hscroll-off`, `--keep-right`: how long lines are cut (see `PickerSettings`).
  public var ellipsis: String?
  public var hscrollOff = 10
  public var keepRight = false
  /// Marks stay on the lines a reload brings back (nil: as the flavor has it, mselect yes, fzf no).
  public var marksSurviveReload: Bool?
  /// How `--max 1` and the marked count behave (fzf's way in fzf's profile).
  public var flavor = PickerSettings.Flavor.mselect
  public var tabstop = 8
  /// `--track`: the cursor stays on its line when the list changes.
  public var track = false
  /// `--jump-labels`: the labels `jump` shows (nil: fzf's).
  public var jumpLabels: String?
  /// `--disabled`: the query does not filter.
  public var disabled = false
  /// `--ansi`: SGR sequences in lines are colors, not text.
  public var ansi = false
  /// `--preview`, `--preview-window`.
  public var preview = PreviewSettings()
  /// `--with-shell STR`: STR split into words (the shell and its flags, e.g. `bash -c`).
  public var withShell: [[UInt8]]?
  /// fzf options accepted for compatibility that change nothing here (listed in docs/guide.md, "Coming from fzf").
  public var ignored: [String] = []

  public init() {}

  /// Whether any preselection option was given.
  public var hasPreselection: Bool {
    selectAll || !preselect.isEmpty || !selected.isEmpty || !preselectFiles.isEmpty || !preselectMatch.isEmpty
      || remember != nil
  }
}
