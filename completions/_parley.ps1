
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'parley' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'parley'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'parley' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register an agent while registration is open (register.sh DIR AGENT)')
            [CompletionResult]::new('wait-for-start', 'wait-for-start', [CompletionResultType]::ParameterValue, 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)')
            [CompletionResult]::new('file-draft-issue', 'file-draft-issue', [CompletionResultType]::ParameterValue, 'File a private draft issue in the analysis phase; prints the file name')
            [CompletionResult]::new('end-analysis', 'end-analysis', [CompletionResultType]::ParameterValue, 'End the holder''s analysis turn; the last one merges all drafts')
            [CompletionResult]::new('poll', 'poll', [CompletionResultType]::ParameterValue, 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is the agent''s turn (0) or the negotiation is finished (2)')
            [CompletionResult]::new('new-issue', 'new-issue', [CompletionResultType]::ParameterValue, 'Raise a new issue in the positions phase; prints the file name')
            [CompletionResult]::new('hand-off', 'hand-off', [CompletionResultType]::ParameterValue, 'Pass the turn to the next agent (holder only)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print the turn, the agents and every issue with its status')
            [CompletionResult]::new('finish', 'finish', [CompletionResultType]::ParameterValue, 'Check that everything is agreed and audited, then mark the negotiation done')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Print the event log of a negotiation')
            [CompletionResult]::new('links', 'links', [CompletionResultType]::ParameterValue, 'Create links named like the old scripts that run this binary')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Play a protocol end to end between scripted agents, each step a separate process')
            [CompletionResult]::new('bounce', 'bounce', [CompletionResultType]::ParameterValue, 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;init' {
            [CompletionResult]::new('--topic', '--topic', [CompletionResultType]::ParameterName, 'What is negotiated, written to topic.md')
            [CompletionResult]::new('--topic-file', '--topic-file', [CompletionResultType]::ParameterName, 'Read the topic from a file')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'A source proposal to copy into sources/ (repeatable)')
            [CompletionResult]::new('--max-rounds', '--max-rounds', [CompletionResultType]::ParameterName, 'Position rounds per agent per issue (meta.md max_rounds_per_agent)')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'How often agents should poll, in seconds (meta.md poll_interval_seconds)')
            [CompletionResult]::new('--turn-timeout', '--turn-timeout', [CompletionResultType]::ParameterName, 'Skip a turn holder inactive this long (meta.md turn_timeout_seconds)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;register' {
            [CompletionResult]::new('--participant', '--participant', [CompletionResultType]::ParameterName, 'The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID, CLAUDE_SESSION_ID, CODEX_THREAD_ID]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--auto', '--auto', [CompletionResultType]::ParameterName, 'Take the first free name of agent-alpha, agent-beta, ... and print it')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;wait-for-start' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up with exit 124 after SECS')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--allow-partial', '--allow-partial', [CompletionResultType]::ParameterName, 'Start with fewer agents than expected once the deadline passed [env: NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1]')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Re-check on a timer instead of file events (automatic on network filesystems)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;file-draft-issue' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The issue''s short title')
            [CompletionResult]::new('--question', '--question', [CompletionResultType]::ParameterName, 'The decision to make')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Background and references')
            [CompletionResult]::new('--position-a', '--position-a', [CompletionResultType]::ParameterName, 'What one source says')
            [CompletionResult]::new('--position-b', '--position-b', [CompletionResultType]::ParameterName, 'What the other source says')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;end-analysis' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;poll' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up with exit 124 after SECS')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Block until it is the agent''s turn or the negotiation is finished')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Re-check on a timer instead of file events (automatic on network filesystems)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;wait' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up with exit 124 after SECS')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Re-check on a timer instead of file events (automatic on network filesystems)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;new-issue' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The issue''s short title')
            [CompletionResult]::new('--question', '--question', [CompletionResultType]::ParameterName, 'The decision to make')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'Background and references')
            [CompletionResult]::new('--position-a', '--position-a', [CompletionResultType]::ParameterName, 'What one source says')
            [CompletionResult]::new('--position-b', '--position-b', [CompletionResultType]::ParameterName, 'What the other source says')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;hand-off' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;status' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;finish' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--allow-escalated', '--allow-escalated', [CompletionResultType]::ParameterName, 'Finish although some issues are ESCALATE; they are listed as unresolved')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;log' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;links' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace files in the way that are not links to parley')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;completions' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;demo' {
            [CompletionResult]::new('--agents', '--agents', [CompletionResultType]::ParameterName, 'How many scripted agents take part (negotiation scene)')
            [CompletionResult]::new('--scene', '--scene', [CompletionResultType]::ParameterName, 'Which protocol to play')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a session file (never overwrites: exit 3 if FILE exists)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check session files against the Bounce Protocol; reports every finding')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append one entry under an exclusive lock (turn, round, id and time are computed)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The current round, who may write next, whether the session ended, the consensus')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)')
            [CompletionResult]::new('consensus', 'consensus', [CompletionResultType]::ParameterValue, 'The consensus of the latest round (or round N), in any mode')
            [CompletionResult]::new('escalate', 'escalate', [CompletionResultType]::ParameterValue, 'Apply the escalation policy when the current turn is past turn-timeout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;bounce;new' {
            [CompletionResult]::new('--title', '--title', [CompletionResultType]::ParameterName, 'The session name, written as `# Bounce Session: TITLE`')
            [CompletionResult]::new('--agents', '--agents', [CompletionResultType]::ParameterName, 'The agents, in turn order, separated by commas (a,b,c)')
            [CompletionResult]::new('--turn-order', '--turn-order', [CompletionResultType]::ParameterName, 'How turns are assigned')
            [CompletionResult]::new('--max-turns-per-round', '--max-turns-per-round', [CompletionResultType]::ParameterName, 'Entries per agent per round')
            [CompletionResult]::new('--turn-timeout', '--turn-timeout', [CompletionResultType]::ParameterName, 'Seconds an agent has for its turn before escalation applies')
            [CompletionResult]::new('--threshold', '--threshold', [CompletionResultType]::ParameterName, 'The consensus threshold, in [0, 1] (0 disables detection)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'How consensus is computed')
            [CompletionResult]::new('--escalation', '--escalation', [CompletionResultType]::ParameterName, 'What happens when a turn times out')
            [CompletionResult]::new('--max-rounds', '--max-rounds', [CompletionResultType]::ParameterName, 'The limit on rounds')
            [CompletionResult]::new('--output-format', '--output-format', [CompletionResultType]::ParameterName, 'Whether entries must carry every structured field')
            [CompletionResult]::new('--context', '--context', [CompletionResultType]::ParameterName, 'The Context section (markdown)')
            [CompletionResult]::new('--context-file', '--context-file', [CompletionResultType]::ParameterName, 'Read the Context section from a file')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;validate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;append' {
            [CompletionResult]::new('--author', '--author', [CompletionResultType]::ParameterName, 'The agent writing the entry (one of the session''s agents)')
            [CompletionResult]::new('--stance', '--stance', [CompletionResultType]::ParameterName, 'approve, reject, neutral or defer (or the runtime words: agree, disagree, ...)')
            [CompletionResult]::new('--confidence', '--confidence', [CompletionResultType]::ParameterName, 'A number in [0, 1], or a percentage such as 85%')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'One line summing the entry up')
            [CompletionResult]::new('--action-requested', '--action-requested', [CompletionResultType]::ParameterName, 'The next step asked for (supervised: name the next agent), or n/a')
            [CompletionResult]::new('--evidence', '--evidence', [CompletionResultType]::ParameterName, 'Supporting references, comma-separated, or n/a')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'The entry status: yield passes the turn, closed finishes without hand-off')
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The body (markdown, headings of level 3 or below)')
            [CompletionResult]::new('--body-file', '--body-file', [CompletionResultType]::ParameterName, 'Read the body from a file')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;status' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;next' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up with exit 124 after SECS')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Block until it is the agent''s turn (0) or the session has ended (2)')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Re-check on a timer instead of file events (automatic on network filesystems)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;consensus' {
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'Compute in this mode instead of the session''s')
            [CompletionResult]::new('--threshold', '--threshold', [CompletionResultType]::ParameterName, 'Use this threshold instead of the session''s, in [0, 1]')
            [CompletionResult]::new('--round', '--round', [CompletionResultType]::ParameterName, 'The round to evaluate [default: the latest round present]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;escalate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;help' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a session file (never overwrites: exit 3 if FILE exists)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check session files against the Bounce Protocol; reports every finding')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append one entry under an exclusive lock (turn, round, id and time are computed)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The current round, who may write next, whether the session ended, the consensus')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)')
            [CompletionResult]::new('consensus', 'consensus', [CompletionResultType]::ParameterValue, 'The consensus of the latest round (or round N), in any mode')
            [CompletionResult]::new('escalate', 'escalate', [CompletionResultType]::ParameterValue, 'Apply the escalation policy when the current turn is past turn-timeout')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;bounce;help;new' {
            break
        }
        'parley;bounce;help;validate' {
            break
        }
        'parley;bounce;help;append' {
            break
        }
        'parley;bounce;help;status' {
            break
        }
        'parley;bounce;help;next' {
            break
        }
        'parley;bounce;help;consensus' {
            break
        }
        'parley;bounce;help;escalate' {
            break
        }
        'parley;bounce;help;help' {
            break
        }
        'parley;help' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register an agent while registration is open (register.sh DIR AGENT)')
            [CompletionResult]::new('wait-for-start', 'wait-for-start', [CompletionResultType]::ParameterValue, 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)')
            [CompletionResult]::new('file-draft-issue', 'file-draft-issue', [CompletionResultType]::ParameterValue, 'File a private draft issue in the analysis phase; prints the file name')
            [CompletionResult]::new('end-analysis', 'end-analysis', [CompletionResultType]::ParameterValue, 'End the holder''s analysis turn; the last one merges all drafts')
            [CompletionResult]::new('poll', 'poll', [CompletionResultType]::ParameterValue, 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is the agent''s turn (0) or the negotiation is finished (2)')
            [CompletionResult]::new('new-issue', 'new-issue', [CompletionResultType]::ParameterValue, 'Raise a new issue in the positions phase; prints the file name')
            [CompletionResult]::new('hand-off', 'hand-off', [CompletionResultType]::ParameterValue, 'Pass the turn to the next agent (holder only)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print the turn, the agents and every issue with its status')
            [CompletionResult]::new('finish', 'finish', [CompletionResultType]::ParameterValue, 'Check that everything is agreed and audited, then mark the negotiation done')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Print the event log of a negotiation')
            [CompletionResult]::new('links', 'links', [CompletionResultType]::ParameterValue, 'Create links named like the old scripts that run this binary')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Play a protocol end to end between scripted agents, each step a separate process')
            [CompletionResult]::new('bounce', 'bounce', [CompletionResultType]::ParameterValue, 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;help;init' {
            break
        }
        'parley;help;register' {
            break
        }
        'parley;help;wait-for-start' {
            break
        }
        'parley;help;file-draft-issue' {
            break
        }
        'parley;help;end-analysis' {
            break
        }
        'parley;help;poll' {
            break
        }
        'parley;help;wait' {
            break
        }
        'parley;help;new-issue' {
            break
        }
        'parley;help;hand-off' {
            break
        }
        'parley;help;status' {
            break
        }
        'parley;help;finish' {
            break
        }
        'parley;help;log' {
            break
        }
        'parley;help;links' {
            break
        }
        'parley;help;completions' {
            break
        }
        'parley;help;demo' {
            break
        }
        'parley;help;bounce' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a session file (never overwrites: exit 3 if FILE exists)')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check session files against the Bounce Protocol; reports every finding')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Append one entry under an exclusive lock (turn, round, id and time are computed)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'The current round, who may write next, whether the session ended, the consensus')
            [CompletionResult]::new('next', 'next', [CompletionResultType]::ParameterValue, '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)')
            [CompletionResult]::new('consensus', 'consensus', [CompletionResultType]::ParameterValue, 'The consensus of the latest round (or round N), in any mode')
            [CompletionResult]::new('escalate', 'escalate', [CompletionResultType]::ParameterValue, 'Apply the escalation policy when the current turn is past turn-timeout')
            break
        }
        'parley;help;bounce;new' {
            break
        }
        'parley;help;bounce;validate' {
            break
        }
        'parley;help;bounce;append' {
            break
        }
        'parley;help;bounce;status' {
            break
        }
        'parley;help;bounce;next' {
            break
        }
        'parley;help;bounce;consensus' {
            break
        }
        'parley;help;bounce;escalate' {
            break
        }
        'parley;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
