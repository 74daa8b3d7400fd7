extension Search {
  /// Scores again, as repairs rank once a term was seen as typed, the lines of `runs` that a run with
  /// mistakes ranked first while none was (see `TypoSightings`): called once a search's matching is
  /// done, before its ranking. `line`: the bytes of a line of the runs.
  ///
  /// Such lines are the few that scored above every line without a tier, so this reads only them;
  /// a search that never saw a term as typed keeps its keys.
  package static func settle(
    _ runs: [Run], _ plan: SearchPlan, fields: SearchFields, line: (Int) -> UnsafeRawBufferPointer
  ) {
    guard plan.rank.sort, let sightings = plan.pattern.sightings, sightings.sawTermAsTyped else { return }
    let sortKey = SortKey(plan.rank, for: plan.pattern)
    let ordinary = plan.pattern.scoreBoundWithoutTiers
    var matcher = Matcher(pattern: plan.pattern, runsFirst: false)
    for run in runs {
      for i in run.lines.indices where sortKey.scoresAbove(run.lines[i].key, ordinary) {
        // The line matches either way: the tier only moves it.
        if let key = key(of: line(Int(run.lines[i].index)), &matcher, fields, sortKey) {
          run.lines[i].key = key
        }
      }
    }
  }
}
