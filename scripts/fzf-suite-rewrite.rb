# frozen_string_literal: true

# Helper of scripts/fzf-suite.
#
#   ruby fzf-suite-rewrite.rb TAG FILE...   makes fzf's Ruby 3.4 tests run on Ruby 3.1, in place:
#     a block that uses the implicit parameter `it` gets it named (`{ |it| ...}`, `do |it|`), and the
#     harness's shell folders under /tmp get TAG and the shard appended so two copies never share
#     them; bundler (which would want fzf's Gemfile) is not loaded; FZF_SUITE_SHARD splits the tests.
#   ruby fzf-suite-rewrite.rb --summary MSELECT_LOG [FZF_LOG]   prints passes per file from
#     minitest's verbose logs, and each test mselect fails that fzf passes.

def uses_it?(text)
  # A double-quoted string counts by its interpolations (`"\#{it}."`).
  code = text.gsub(/"([^"]*)"/) { Regexp.last_match(1).scan(/#\{([^}]*)\}/).join(' ') }
  code.gsub(/'[^']*'|#(?!\{).*$/, '').match?(/(?<![\w.@$:|])it(?![\w?!:])/)
end

# The brace blocks of a line that use `it` without naming a parameter: the offsets after their `{`.
# Braces are paired by depth on the line (`%r{…}` inside a block stays inside it); `#{` and `%r{`
# open no block.
def brace_blocks(line)
  found = []
  stack = []
  line.each_char.with_index do |char, i|
    if char == '{'
      stack << i
    elsif char == '}' && (open = stack.pop)
      next if open.positive? && (line[open - 1] == '#' || line[[open - 2, 0].max, 2] == '%r')

      body = line[(open + 1)...i]
      found << (open + 1) if !body.match?(/\A\s*\|/) && uses_it?(body)
    end
  end
  found
end

# Names `it` in each block that uses it implicitly. Brace blocks are matched on one line; a `do`
# block ends at the first `end` indented as its first line is.
def rewrite(lines)
  lines.each_with_index do |line, index|
    brace_blocks(line).sort.reverse_each { |at| line.insert(at, ' |it|') }
    next unless line.match?(/\bdo[ \t]*$/)

    indent = line[/^\s*/]
    body = lines[(index + 1)..].take_while { |l| !l.match?(/^#{indent}end\b/) }
    line.sub!(/\bdo[ \t]*$/, 'do |it|') if uses_it?(body.join)
  end
end

# FZF_SUITE_SHARD=K/N: this process runs only the tests whose name's byte sum is K modulo N, so N
# processes (each with a tmux server of its own) share the suite.
SHARDING = <<~RUBY

  if (shard = ENV['FZF_SUITE_SHARD'])
    SHARD_INDEX, SHARD_COUNT = shard.split('/').map(&:to_i)
    module ShardedMethods
      def runnable_methods
        super.select { |name| name.sum % SHARD_COUNT == SHARD_INDEX }
      end
    end
    Minitest::Test.singleton_class.prepend(ShardedMethods)
  end
RUBY

def summary(paths)
  results = paths.map do |path|
    file = nil
    pending = nil
    tests = {}
    # A test's name starts a line; its time and result end that line, or (after a failure's
    # screen dump) a later one.
    File.foreach(path, encoding: 'UTF-8') do |raw|
      line = raw.scrub
      file = line[/^=== FILE (\S+)/, 1] || file
      pending = line[/^(\w+#test_\w+) = /, 1] || pending
      if pending && (m = line.match(/\b[\d.]+ s = ([.FES])$/))
        tests[pending] = [file, m[1]]
        pending = nil
      end
    end
    tests
  end
  mine, theirs = results
  files = (mine.values + (theirs || {}).values).map(&:first).uniq
  puts format('%-28s %9s %9s', 'file', 'mselect', theirs ? 'fzf' : '')
  totals = [0, 0, 0, 0]
  files.each do |f|
    m = mine.values.select { |v| v[0] == f }
    t = (theirs || {}).values.select { |v| v[0] == f }
    mp = m.count { |v| v[1] == '.' }
    tp = t.count { |v| v[1] == '.' }
    totals = totals.zip([mp, m.size, tp, t.size]).map(&:sum)
    puts format('%-28s %4d/%-4d %s', f, mp, m.size, theirs ? format('%4d/%-4d', tp, t.size) : '')
  end
  puts format('%-28s %4d/%-4d %s', 'all', totals[0], totals[1], theirs ? format('%4d/%-4d', totals[2], totals[3]) : '')
  return unless theirs

  both = mine.count { |name, v| v[1] == '.' && theirs[name]&.last == '.' }
  passed = theirs.count { |_, v| v[1] == '.' }
  puts format('mselect passes %d of the %d tests fzf passes (%.1f %%)', both, passed, 100.0 * both / [passed, 1].max)
  failing = theirs.select { |name, v| v[1] == '.' && mine[name]&.last != '.' }.keys.sort
  puts "failing where fzf passes (#{failing.size}):"
  failing.each { |name| puts "  #{name}" }
end

if ARGV.first == '--summary'
  summary(ARGV.drop(1))
else
  tag = ARGV.shift
  ARGV.each do |path|
    lines = File.readlines(path)
    rewrite(lines)
    text = lines.reject { |l| l.start_with?("require 'bundler/setup'") }.join
    text = text.gsub(%r{'/tmp/(fzf\.bash|fzf-zsh|fzf-fish)'}) { "\"/tmp/#{Regexp.last_match(1)}-#{tag}-\#{ENV['FZF_SUITE_SHARD']&.tr('/', '-')}\"" }
    text += SHARDING if path.end_with?('lib/common.rb')
    File.write(path, text)
  end
end
