
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
            [CompletionResult]::new('parliament', 'parliament', [CompletionResultType]::ParameterValue, 'The parliament ledger: the Clerk''s checked appends, validation, tally, gate and clock')
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
        'parley;parliament' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create ledger.json (no messages) and session.json (status setup, round 0)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Check one agent response, give it id, round and timestamp, and append it')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Report every finding in the parliament''s files (exit 1 when one is invalid)')
            [CompletionResult]::new('tally', 'tally', [CompletionResultType]::ParameterValue, 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)')
            [CompletionResult]::new('gate', 'gate', [CompletionResultType]::ParameterValue, 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)')
            [CompletionResult]::new('clock', 'clock', [CompletionResultType]::ParameterValue, 'The debate clock of a round: exchange cap and response budget')
            [CompletionResult]::new('round', 'round', [CompletionResultType]::ParameterValue, 'Start the next round (--start) or end the current one (--end)')
            [CompletionResult]::new('amendments', 'amendments', [CompletionResultType]::ParameterValue, 'Each amendment with its positions and what the incorporation threshold says')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'A readable summary: problem, round, clock, representatives, amendments, last tally')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;parliament;init' {
            [CompletionResult]::new('--problem', '--problem', [CompletionResultType]::ParameterName, 'The problem statement the parliament debates')
            [CompletionResult]::new('--rep', '--rep', [CompletionResultType]::ParameterName, 'A representative: ID:NAME:MOTIVE[,MOTIVE...] (repeatable, in seat order)')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'The parliament id [default: parl-YYYYMMDD-NNN, the next free number of the day]')
            [CompletionResult]::new('--max-rounds', '--max-rounds', [CompletionResultType]::ParameterName, 'The last round of debate')
            [CompletionResult]::new('--drafter', '--drafter', [CompletionResultType]::ParameterName, 'The representative who drafts the bill (one of the --rep ids)')
            [CompletionResult]::new('--issue', '--issue', [CompletionResultType]::ParameterName, 'A constituent issue (repeatable)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;append' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;validate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;tally' {
            [CompletionResult]::new('--round', '--round', [CompletionResultType]::ParameterName, 'The round whose votes count [default: the current round]')
            [CompletionResult]::new('--bill-version', '--bill-version', [CompletionResultType]::ParameterName, 'The bill version voted on [default: the session''s bill_version]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--append', '--append', [CompletionResultType]::ParameterName, 'Append the tally to the ledger as the Speaker''s VOTE_TALLY')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;gate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;clock' {
            [CompletionResult]::new('--round', '--round', [CompletionResultType]::ParameterName, 'The round [default: the current round; round 0 has round 1''s clock]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;round' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--start', '--start', [CompletionResultType]::ParameterName, 'Move to the next round: reset the exchanges, set its clock, lift expired quiet orders')
            [CompletionResult]::new('--end', '--end', [CompletionResultType]::ParameterName, 'Record the end of the current round')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;amendments' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'Write incorporated / rejected into bill.json for amendments still open')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;status' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;help' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create ledger.json (no messages) and session.json (status setup, round 0)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Check one agent response, give it id, round and timestamp, and append it')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Report every finding in the parliament''s files (exit 1 when one is invalid)')
            [CompletionResult]::new('tally', 'tally', [CompletionResultType]::ParameterValue, 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)')
            [CompletionResult]::new('gate', 'gate', [CompletionResultType]::ParameterValue, 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)')
            [CompletionResult]::new('clock', 'clock', [CompletionResultType]::ParameterValue, 'The debate clock of a round: exchange cap and response budget')
            [CompletionResult]::new('round', 'round', [CompletionResultType]::ParameterValue, 'Start the next round (--start) or end the current one (--end)')
            [CompletionResult]::new('amendments', 'amendments', [CompletionResultType]::ParameterValue, 'Each amendment with its positions and what the incorporation threshold says')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'A readable summary: problem, round, clock, representatives, amendments, last tally')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;parliament;help;init' {
            break
        }
        'parley;parliament;help;append' {
            break
        }
        'parley;parliament;help;validate' {
            break
        }
        'parley;parliament;help;tally' {
            break
        }
        'parley;parliament;help;gate' {
            break
        }
        'parley;parliament;help;clock' {
            break
        }
        'parley;parliament;help;round' {
            break
        }
        'parley;parliament;help;amendments' {
            break
        }
        'parley;parliament;help;status' {
            break
        }
        'parley;parliament;help;help' {
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
            [CompletionResult]::new('parliament', 'parliament', [CompletionResultType]::ParameterValue, 'The parliament ledger: the Clerk''s checked appends, validation, tally, gate and clock')
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
        'parley;help;parliament' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create ledger.json (no messages) and session.json (status setup, round 0)')
            [CompletionResult]::new('append', 'append', [CompletionResultType]::ParameterValue, 'Check one agent response, give it id, round and timestamp, and append it')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Report every finding in the parliament''s files (exit 1 when one is invalid)')
            [CompletionResult]::new('tally', 'tally', [CompletionResultType]::ParameterValue, 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)')
            [CompletionResult]::new('gate', 'gate', [CompletionResultType]::ParameterValue, 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)')
            [CompletionResult]::new('clock', 'clock', [CompletionResultType]::ParameterValue, 'The debate clock of a round: exchange cap and response budget')
            [CompletionResult]::new('round', 'round', [CompletionResultType]::ParameterValue, 'Start the next round (--start) or end the current one (--end)')
            [CompletionResult]::new('amendments', 'amendments', [CompletionResultType]::ParameterValue, 'Each amendment with its positions and what the incorporation threshold says')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'A readable summary: problem, round, clock, representatives, amendments, last tally')
            break
        }
        'parley;help;parliament;init' {
            break
        }
        'parley;help;parliament;append' {
            break
        }
        'parley;help;parliament;validate' {
            break
        }
        'parley;help;parliament;tally' {
            break
        }
        'parley;help;parliament;gate' {
            break
        }
        'parley;help;parliament;clock' {
            break
        }
        'parley;help;parliament;round' {
            break
        }
        'parley;help;parliament;amendments' {
            break
        }
        'parley;help;parliament;status' {
            break
        }
        'parley;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
