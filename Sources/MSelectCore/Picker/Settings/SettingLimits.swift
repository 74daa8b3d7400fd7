extension Int {
  /// The most any count, size, offset or number of rows a setting gives is taken to be: more than any
  /// input or screen holds, and small enough that sums and products of a few never overflow.
  package static let largestSetting = Int(Int32.max)

  /// `value` held within ±`largestSetting` (a `--margin` or `--preview-window` size of Int.max is
  /// as good as the whole screen, and no arithmetic on it may trap).
  package init(settingClamping value: Int) {
    self = Swift.min(Swift.max(value, -Int.largestSetting), Int.largestSetting)
  }
}
