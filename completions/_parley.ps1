
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Register an agent while registration is open (register.sh DIR AGENT)')
            [CompletionResult]::new('wait-for-start', 'wait-for-start', [CompletionResultType]::ParameterValue, 'Block until registration completes and set the first turn (wait-for-start.sh)')
            [CompletionResult]::new('file-draft-issue', 'file-draft-issue', [CompletionResultType]::ParameterValue, 'File a private draft issue in the analysis phase; prints the file name')
            [CompletionResult]::new('end-analysis', 'end-analysis', [CompletionResultType]::ParameterValue, 'End the holder''s analysis turn; the last one merges all drafts')
            [CompletionResult]::new('poll', 'poll', [CompletionResultType]::ParameterValue, 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is the agent''s turn (0) or the negotiation is finished (2)')
            [CompletionResult]::new('new-issue', 'new-issue', [CompletionResultType]::ParameterValue, 'Raise a new issue in the positions phase; prints the file name')
            [CompletionResult]::new('hand-off', 'hand-off', [CompletionResultType]::ParameterValue, 'Pass the turn to the next agent (holder only)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print the turn, the agents and every issue''s status (--watch: keep it live)')
            [CompletionResult]::new('position', 'position', [CompletionResultType]::ParameterValue, 'Append the holder''s position on an issue, numbered as its next round')
            [CompletionResult]::new('challenge', 'challenge', [CompletionResultType]::ParameterValue, 'Append the holder''s challenge on an issue: the strongest case against it')
            [CompletionResult]::new('agree', 'agree', [CompletionResultType]::ParameterValue, 'Mark an issue AGREED (holder only, after another agent''s challenge)')
            [CompletionResult]::new('escalate', 'escalate', [CompletionResultType]::ParameterValue, 'Mark an issue ESCALATE, for a person to settle (holder only)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'A person settles an escalated issue')
            [CompletionResult]::new('audit-template', 'audit-template', [CompletionResultType]::ParameterValue, 'Write the coverage-audit.md skeleton, one section per file in sources/')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Report edits of recorded positions: 0 none, 1 edits found')
            [CompletionResult]::new('finish', 'finish', [CompletionResultType]::ParameterValue, 'Check that everything is agreed and audited, then mark the negotiation done')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'What changed since AGENT last handed the turn on')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'Append a note for the other agents to notes.md (no turn needed)')
            [CompletionResult]::new('duplicate', 'duplicate', [CompletionResultType]::ParameterValue, 'Propose that an issue duplicates another (holder only)')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Reopen an issue another agent agreed (holder only)')
            [CompletionResult]::new('sign-off', 'sign-off', [CompletionResultType]::ParameterValue, 'Approve final.md and coverage-audit.md as they are now')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show an issue with its entries, the whole negotiation, or one file (--file)')
            [CompletionResult]::new('analysis', 'analysis', [CompletionResultType]::ParameterValue, 'Write the holder''s analysis/AGENT.md (analysis phase)')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Write coverage-audit.md (holder, positions phase)')
            [CompletionResult]::new('final', 'final', [CompletionResultType]::ParameterValue, 'Write final.md (holder, after the audit, no issue open)')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Print the event log of a negotiation')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'A live view of a negotiation, redrawn on every change; exit 2 once finished')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Write a negotiation as one self-contained HTML page')
            [CompletionResult]::new('links', 'links', [CompletionResultType]::ParameterValue, 'Create links named like the old scripts that run this binary')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write one man page per command and subcommand into DIR')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Play a protocol end to end between scripted agents, each step a separate process')
            [CompletionResult]::new('skill', 'skill', [CompletionResultType]::ParameterValue, 'Print the skill file that teaches agents parley (--install DIR, --check DIR)')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the protocols as MCP tools over stdio, for agents that call tools')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the MCP tools over HTTP to agents on other machines')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Make, list and revoke the bearer tokens of parley serve')
            [CompletionResult]::new('feedback', 'feedback', [CompletionResultType]::ParameterValue, 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Agent identities and heartbeats (operative protocol)')
            [CompletionResult]::new('scope', 'scope', [CompletionResultType]::ParameterValue, 'Scope normalization and overlap (operative protocol)')
            [CompletionResult]::new('reserve', 'reserve', [CompletionResultType]::ParameterValue, 'Reserve a scope for an agent, renew it, or take over a stale one')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release a reservation (owner only)')
            [CompletionResult]::new('reservations', 'reservations', [CompletionResultType]::ParameterValue, 'List held reservations (or archived ones)')
            [CompletionResult]::new('event', 'event', [CompletionResultType]::ParameterValue, 'Send a protocol event, or mark one seen or accepted')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The protocol event timeline')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Start a session: register a new identity or adopt one (never prompts)')
            [CompletionResult]::new('bounce', 'bounce', [CompletionResultType]::ParameterValue, 'Bounce sessions: a markdown file of turn-taking entries, validated and appended')
            [CompletionResult]::new('parliament', 'parliament', [CompletionResultType]::ParameterValue, 'The parliament ledger: checked appends, validation, tally, gate and clock')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--sign-off', '--sign-off', [CompletionResultType]::ParameterName, 'finish needs every agent''s `sign-off` (the default; kept for scripts)')
            [CompletionResult]::new('--no-sign-off', '--no-sign-off', [CompletionResultType]::ParameterName, 'finish needs no sign-off (what script-named links do)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the whole issue from FILE (`-` is stdin), in the template''s shape: `# Issue: TITLE`, then `## Question`, `## Context`, `## Position A`, `## Position B`')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;end-analysis' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;hand-off' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;status' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'With --watch: stop with exit 124 after SECS')
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'Only what AGENT can act on now (its turn, issues to answer, to agree, sign-off, ...)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'With --watch: print one snapshot and exit')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;position' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the body from FILE (`-` is stdin)')
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The body itself')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;challenge' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the body from FILE (`-` is stdin)')
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The body itself')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;agree' {
            [CompletionResult]::new('--decision', '--decision', [CompletionResultType]::ParameterName, 'The decision, written under `## Status: AGREED` (none: agree to a duplicate proposal)')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the decision from FILE (`-` is stdin)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--duplicates', '--duplicates', [CompletionResultType]::ParameterName, 'Confirm every pending duplicate proposal by another agent (no issue, no decision)')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Only say whether agree would be accepted now (0, or agree''s refusal); change nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;escalate' {
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'The disagreement, for the person who will settle it')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;resolve' {
            [CompletionResult]::new('--decision', '--decision', [CompletionResultType]::ParameterName, 'The person''s decision')
            [CompletionResult]::new('--by', '--by', [CompletionResultType]::ParameterName, 'The person who decides (not an agent of the negotiation)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;audit-template' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent writing the template, recorded in the log')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;check' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;finish' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent running finish: recorded in the log, excused from the sign-off')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--allow-escalated', '--allow-escalated', [CompletionResultType]::ParameterName, 'Finish although some issues are ESCALATE; they are listed as unresolved')
            [CompletionResult]::new('--accept-edits', '--accept-edits', [CompletionResultType]::ParameterName, 'Finish although recorded positions were edited; the edits are listed and logged as accepted')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Only report readiness, as finish would (0 ready, 1 with every reason); change nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;changes' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;note' {
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the text from FILE (`-` is stdin)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;duplicate' {
            [CompletionResult]::new('--of', '--of', [CompletionResultType]::ParameterName, 'The issue it duplicates, which stays: its number or its file name')
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why, if the titles do not say it')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--likely', '--likely', [CompletionResultType]::ParameterName, 'Propose every likely duplicate the tool found (chains onto their lowest number)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;reopen' {
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why the agreement must be questioned (counts as the reopener''s challenge)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;sign-off' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;show' {
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'A file, relative to DIR (sources/NAME, analysis/AGENT.md, notes.md, ...)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;analysis' {
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the text from FILE (`-` is stdin)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;audit' {
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the text from FILE (`-` is stdin)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;final' {
            [CompletionResult]::new('--body', '--body', [CompletionResultType]::ParameterName, 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read the text from FILE (`-` is stdin)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;log' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;watch' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Stop with exit 124 after SECS (the last snapshot stays on screen)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'Print one snapshot and exit')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;report' {
            [CompletionResult]::new('--html', '--html', [CompletionResultType]::ParameterName, 'Where to write the page (refused if something is there, unless --force)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing file at OUT (never a symbolic link)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;links' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;man' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace pages that differ from this parley''s (never a symbolic link)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;skill' {
            [CompletionResult]::new('--install', '--install', [CompletionResultType]::ParameterName, 'Write DIR/parley/SKILL.md (DIR: a skills folder); exit 3 if a different file is there')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare DIR/parley/SKILL.md with this binary''s skill: 0 the same, 1 differs, 66 missing')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'With --install: replace a different SKILL.md (never a symbolic link)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;mcp' {
            [CompletionResult]::new('--protocols', '--protocols', [CompletionResultType]::ParameterName, 'Expose only these protocols'' tools (wait is always there) [default: all]')
            [CompletionResult]::new('--feedback-provider', '--feedback-provider', [CompletionResultType]::ParameterName, 'The only provider `feedback ask` may run, split at spaces (no shell quoting)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;serve' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'The address to listen on (port 0 picks a free one)')
            [CompletionResult]::new('--tokens', '--tokens', [CompletionResultType]::ParameterName, 'Require a bearer token from this file on every request (see parley token)')
            [CompletionResult]::new('--allowed-host', '--allowed-host', [CompletionResultType]::ParameterName, 'A Host header to accept besides the listen address, localhost and 127.0.0.1 (repeatable)')
            [CompletionResult]::new('--allowed-origin', '--allowed-origin', [CompletionResultType]::ParameterName, 'A browser Origin to accept besides the server''s own (repeatable)')
            [CompletionResult]::new('--tls-cert', '--tls-cert', [CompletionResultType]::ParameterName, 'Serve HTTPS with this certificate chain (PEM)')
            [CompletionResult]::new('--tls-key', '--tls-key', [CompletionResultType]::ParameterName, 'The private key of --tls-cert (PEM)')
            [CompletionResult]::new('--header-timeout', '--header-timeout', [CompletionResultType]::ParameterName, 'Close a connection whose request headers (or TLS handshake) take longer than this')
            [CompletionResult]::new('--protocols', '--protocols', [CompletionResultType]::ParameterName, 'Expose only these protocols'' tools (wait is always there) [default: all]')
            [CompletionResult]::new('--feedback-provider', '--feedback-provider', [CompletionResultType]::ParameterName, 'The only provider `feedback ask` may run, split at spaces (no shell quoting)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;token' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Make a token, print it once, and store only its hash in FILE (created mode 0600)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List FILE''s tokens: label, role, agent, date (never a token)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke the token labelled LABEL (a running server notices at once)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;token;new' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'A token that acts only as this agent')
            [CompletionResult]::new('--label', '--label', [CompletionResultType]::ParameterName, 'A unique name for the token, to list and revoke it by')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--admin', '--admin', [CompletionResultType]::ParameterName, 'A token that may do everything (resolve, the Speaker''s messages, ...)')
            [CompletionResult]::new('--viewer', '--viewer', [CompletionResultType]::ParameterName, 'A token that may only call what changes nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;token;list' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;token;revoke' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;token;help' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Make a token, print it once, and store only its hash in FILE (created mode 0600)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List FILE''s tokens: label, role, agent, date (never a token)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke the token labelled LABEL (a running server notices at once)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;token;help;new' {
            break
        }
        'parley;token;help;list' {
            break
        }
        'parley;token;help;revoke' {
            break
        }
        'parley;token;help;help' {
            break
        }
        'parley;feedback' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)')
            [CompletionResult]::new('extract', 'extract', [CompletionResultType]::ParameterValue, 'Print the Response Object carried by a tool''s NDJSON stream, then check it')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Send the next request to a provider, check its answer and keep the round in DIR')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Every iteration in DIR, and what became of each feedback item')
            [CompletionResult]::new('mock-provider', 'mock-provider', [CompletionResultType]::ParameterValue, 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;feedback;validate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('request', 'request', [CompletionResultType]::ParameterValue, 'Check a Request Object')
            [CompletionResult]::new('response', 'response', [CompletionResultType]::ParameterValue, 'Check a Response Object')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;feedback;validate;request' {
            [CompletionResult]::new('--previous', '--previous', [CompletionResultType]::ParameterName, 'The previous response: applied ids must be among its areas for improvement')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;validate;response' {
            [CompletionResult]::new('--request', '--request', [CompletionResultType]::ParameterName, 'The request it answers: iteration echoed, one acknowledgement per applied decision')
            [CompletionResult]::new('--previous', '--previous', [CompletionResultType]::ParameterName, 'The previous response: unknown applied ids must be marked unknown_id')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;validate;help' {
            [CompletionResult]::new('request', 'request', [CompletionResultType]::ParameterValue, 'Check a Request Object')
            [CompletionResult]::new('response', 'response', [CompletionResultType]::ParameterValue, 'Check a Response Object')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;feedback;validate;help;request' {
            break
        }
        'parley;feedback;validate;help;response' {
            break
        }
        'parley;feedback;validate;help;help' {
            break
        }
        'parley;feedback;extract' {
            [CompletionResult]::new('--request', '--request', [CompletionResultType]::ParameterName, 'Also check the response against the request it answers')
            [CompletionResult]::new('--previous', '--previous', [CompletionResultType]::ParameterName, 'Also check the response against the previous response')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;ask' {
            [CompletionResult]::new('--artifact', '--artifact', [CompletionResultType]::ParameterName, 'The file to get feedback on, sent as text')
            [CompletionResult]::new('--media-type', '--media-type', [CompletionResultType]::ParameterName, 'Its MIME type [default: guessed from the file name, text/plain when unknown]')
            [CompletionResult]::new('--artifact-ref', '--artifact-ref', [CompletionResultType]::ParameterName, 'An identifier of this version of the artifact (a commit, a checksum)')
            [CompletionResult]::new('--apply', '--apply', [CompletionResultType]::ParameterName, 'A decision on an item of the previous feedback, ID=STATUS[:REASON_CODE[:EXPLANATION]] with STATUS accepted, rejected or partial (repeatable)')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Kill the provider''s process group and give up with exit 124 after SECS [default: 600]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;log' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;mock-provider' {
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Varies the canned feedback; the same seed and request give the same stream')
            [CompletionResult]::new('--session', '--session', [CompletionResultType]::ParameterName, 'The session to answer in, as a tool''s --session [default: one made from the seed]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;feedback;help' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)')
            [CompletionResult]::new('extract', 'extract', [CompletionResultType]::ParameterValue, 'Print the Response Object carried by a tool''s NDJSON stream, then check it')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Send the next request to a provider, check its answer and keep the round in DIR')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Every iteration in DIR, and what became of each feedback item')
            [CompletionResult]::new('mock-provider', 'mock-provider', [CompletionResultType]::ParameterValue, 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;feedback;help;validate' {
            [CompletionResult]::new('request', 'request', [CompletionResultType]::ParameterValue, 'Check a Request Object')
            [CompletionResult]::new('response', 'response', [CompletionResultType]::ParameterValue, 'Check a Response Object')
            break
        }
        'parley;feedback;help;validate;request' {
            break
        }
        'parley;feedback;help;validate;response' {
            break
        }
        'parley;feedback;help;extract' {
            break
        }
        'parley;feedback;help;ask' {
            break
        }
        'parley;feedback;help;log' {
            break
        }
        'parley;feedback;help;mock-provider' {
            break
        }
        'parley;feedback;help;help' {
            break
        }
        'parley;agent' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Create an identity for this session; a name that already has a record is refused')
            [CompletionResult]::new('heartbeat', 'heartbeat', [CompletionResultType]::ParameterValue, 'Record that the agent is alive now (idempotent)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every agent with its liveness (active, stale, evicted)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'One agent''s record, liveness and reservations')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;agent;register' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'What the agent does (free text, one line)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;agent;heartbeat' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;agent;list' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;agent;show' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent to show (reading a record is not a heartbeat)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;agent;help' {
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Create an identity for this session; a name that already has a record is refused')
            [CompletionResult]::new('heartbeat', 'heartbeat', [CompletionResultType]::ParameterValue, 'Record that the agent is alive now (idempotent)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every agent with its liveness (active, stale, evicted)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'One agent''s record, liveness and reservations')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;agent;help;register' {
            break
        }
        'parley;agent;help;heartbeat' {
            break
        }
        'parley;agent;help;list' {
            break
        }
        'parley;agent;help;show' {
            break
        }
        'parley;agent;help;help' {
            break
        }
        'parley;scope' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('overlap', 'overlap', [CompletionResultType]::ParameterValue, 'Classify two scopes: exact, partial or disjoint (then the normalized forms)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;scope;overlap' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;scope;help' {
            [CompletionResult]::new('overlap', 'overlap', [CompletionResultType]::ParameterValue, 'Classify two scopes: exact, partial or disjoint (then the normalized forms)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;scope;help;overlap' {
            break
        }
        'parley;scope;help;help' {
            break
        }
        'parley;reserve' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The path or directory to reserve (relative to the project root)')
            [CompletionResult]::new('--bead', '--bead', [CompletionResultType]::ParameterName, 'The bead (work item) the reservation is for')
            [CompletionResult]::new('--ttl', '--ttl', [CompletionResultType]::ParameterName, 'Minutes the reservation holds without renewal (1 to 10080)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--takeover-stale', '--takeover-stale', [CompletionResultType]::ParameterName, 'Take over reservations whose owner is stale, evicted or unknown, or whose TTL ran out')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;release' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The reserved scope, as it was reserved')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;reservations' {
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--archived', '--archived', [CompletionResultType]::ParameterName, 'List archived reservations (released or expired) instead of the held ones')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;event' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Pass work to another agent (shown as "Passed to")')
            [CompletionResult]::new('blocked', 'blocked', [CompletionResultType]::ParameterValue, 'Ask another agent for input you are blocked on (shown as "Needs input")')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark an event addressed to you as seen ("Seen")')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Accept an event addressed to you ("Accepted"; idempotent)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;event;handoff' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The sending agent')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The receiving agent')
            [CompletionResult]::new('--bead', '--bead', [CompletionResultType]::ParameterName, 'The bead the event is about')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The scope the event is about')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'One-line subject')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--summary', '--summary', [CompletionResultType]::ParameterName, 'What was done')
            [CompletionResult]::new('--next-action', '--next-action', [CompletionResultType]::ParameterName, 'What the receiver should do next')
            [CompletionResult]::new('--requires-ack', '--requires-ack', [CompletionResultType]::ParameterName, 'Whether the receiver must accept it')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;event;blocked' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The sending agent')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The receiving agent')
            [CompletionResult]::new('--bead', '--bead', [CompletionResultType]::ParameterName, 'The bead the event is about')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The scope the event is about')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'One-line subject')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--blocker', '--blocker', [CompletionResultType]::ParameterName, 'What blocks the sender')
            [CompletionResult]::new('--requested-action', '--requested-action', [CompletionResultType]::ParameterName, 'What the receiver is asked to do')
            [CompletionResult]::new('--urgency', '--urgency', [CompletionResultType]::ParameterName, 'How urgent it is')
            [CompletionResult]::new('--requires-ack', '--requires-ack', [CompletionResultType]::ParameterName, 'Whether the receiver must accept it (a BLOCKED event always does: false is refused)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;event;read' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'The event''s id (proto_YYYYMMDD_NNN)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;event;ack' {
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'The event''s id (proto_YYYYMMDD_NNN)')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;event;help' {
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Pass work to another agent (shown as "Passed to")')
            [CompletionResult]::new('blocked', 'blocked', [CompletionResultType]::ParameterValue, 'Ask another agent for input you are blocked on (shown as "Needs input")')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark an event addressed to you as seen ("Seen")')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Accept an event addressed to you ("Accepted"; idempotent)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'parley;event;help;handoff' {
            break
        }
        'parley;event;help;blocked' {
            break
        }
        'parley;event;help;read' {
            break
        }
        'parley;event;help;ack' {
            break
        }
        'parley;event;help;help' {
            break
        }
        'parley;events' {
            [CompletionResult]::new('--bead', '--bead', [CompletionResultType]::ParameterName, 'Only events about this bead')
            [CompletionResult]::new('--agent', '--agent', [CompletionResultType]::ParameterName, 'Only events from or to this agent (a filter, not a heartbeat)')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--unacked', '--unacked', [CompletionResultType]::ParameterName, 'Only events that require an acknowledgement not given yet')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;session' {
            [CompletionResult]::new('--register', '--register', [CompletionResultType]::ParameterName, 'Start the session under a new, unique identity')
            [CompletionResult]::new('--adopt', '--adopt', [CompletionResultType]::ParameterName, 'Resume an existing identity, if the evidence allows it')
            [CompletionResult]::new('--scope', '--scope', [CompletionResultType]::ParameterName, 'The scope the adopting session claims (checked against uncommitted changes)')
            [CompletionResult]::new('--role', '--role', [CompletionResultType]::ParameterName, 'The role of a newly registered identity')
            [CompletionResult]::new('--project-root', '--project-root', [CompletionResultType]::ParameterName, 'The project root [default: the git top level of the current directory, else the current directory]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--non-interactive', '--non-interactive', [CompletionResultType]::ParameterName, 'Never prompt (parley never does; accepted for the protocol''s command line)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is AGENT''s turn (0) or the session has ended (2)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;validate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;status' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;escalate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;bounce;wait' {
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Give up with exit 124 after SECS')
            [CompletionResult]::new('--poll-interval', '--poll-interval', [CompletionResultType]::ParameterName, 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]')
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--poll', '--poll', [CompletionResultType]::ParameterName, 'Re-check on a timer instead of file events (automatic on network filesystems)')
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
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is AGENT''s turn (0) or the session has ended (2)')
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
        'parley;bounce;help;wait' {
            break
        }
        'parley;bounce;help;help' {
            break
        }
        'parley;parliament' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;append' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;validate' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print one JSON object {"ok","command","data","error"} instead of text')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'parley;parliament;round' {
            [CompletionResult]::new('--lock-timeout', '--lock-timeout', [CompletionResultType]::ParameterName, 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]')
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('--server', '--server', [CompletionResultType]::ParameterName, 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)')
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
            [CompletionResult]::new('wait-for-start', 'wait-for-start', [CompletionResultType]::ParameterValue, 'Block until registration completes and set the first turn (wait-for-start.sh)')
            [CompletionResult]::new('file-draft-issue', 'file-draft-issue', [CompletionResultType]::ParameterValue, 'File a private draft issue in the analysis phase; prints the file name')
            [CompletionResult]::new('end-analysis', 'end-analysis', [CompletionResultType]::ParameterValue, 'End the holder''s analysis turn; the last one merges all drafts')
            [CompletionResult]::new('poll', 'poll', [CompletionResultType]::ParameterValue, 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)')
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is the agent''s turn (0) or the negotiation is finished (2)')
            [CompletionResult]::new('new-issue', 'new-issue', [CompletionResultType]::ParameterValue, 'Raise a new issue in the positions phase; prints the file name')
            [CompletionResult]::new('hand-off', 'hand-off', [CompletionResultType]::ParameterValue, 'Pass the turn to the next agent (holder only)')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'Print the turn, the agents and every issue''s status (--watch: keep it live)')
            [CompletionResult]::new('position', 'position', [CompletionResultType]::ParameterValue, 'Append the holder''s position on an issue, numbered as its next round')
            [CompletionResult]::new('challenge', 'challenge', [CompletionResultType]::ParameterValue, 'Append the holder''s challenge on an issue: the strongest case against it')
            [CompletionResult]::new('agree', 'agree', [CompletionResultType]::ParameterValue, 'Mark an issue AGREED (holder only, after another agent''s challenge)')
            [CompletionResult]::new('escalate', 'escalate', [CompletionResultType]::ParameterValue, 'Mark an issue ESCALATE, for a person to settle (holder only)')
            [CompletionResult]::new('resolve', 'resolve', [CompletionResultType]::ParameterValue, 'A person settles an escalated issue')
            [CompletionResult]::new('audit-template', 'audit-template', [CompletionResultType]::ParameterValue, 'Write the coverage-audit.md skeleton, one section per file in sources/')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Report edits of recorded positions: 0 none, 1 edits found')
            [CompletionResult]::new('finish', 'finish', [CompletionResultType]::ParameterValue, 'Check that everything is agreed and audited, then mark the negotiation done')
            [CompletionResult]::new('changes', 'changes', [CompletionResultType]::ParameterValue, 'What changed since AGENT last handed the turn on')
            [CompletionResult]::new('note', 'note', [CompletionResultType]::ParameterValue, 'Append a note for the other agents to notes.md (no turn needed)')
            [CompletionResult]::new('duplicate', 'duplicate', [CompletionResultType]::ParameterValue, 'Propose that an issue duplicates another (holder only)')
            [CompletionResult]::new('reopen', 'reopen', [CompletionResultType]::ParameterValue, 'Reopen an issue another agent agreed (holder only)')
            [CompletionResult]::new('sign-off', 'sign-off', [CompletionResultType]::ParameterValue, 'Approve final.md and coverage-audit.md as they are now')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'Show an issue with its entries, the whole negotiation, or one file (--file)')
            [CompletionResult]::new('analysis', 'analysis', [CompletionResultType]::ParameterValue, 'Write the holder''s analysis/AGENT.md (analysis phase)')
            [CompletionResult]::new('audit', 'audit', [CompletionResultType]::ParameterValue, 'Write coverage-audit.md (holder, positions phase)')
            [CompletionResult]::new('final', 'final', [CompletionResultType]::ParameterValue, 'Write final.md (holder, after the audit, no issue open)')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Print the event log of a negotiation')
            [CompletionResult]::new('watch', 'watch', [CompletionResultType]::ParameterValue, 'A live view of a negotiation, redrawn on every change; exit 2 once finished')
            [CompletionResult]::new('report', 'report', [CompletionResultType]::ParameterValue, 'Write a negotiation as one self-contained HTML page')
            [CompletionResult]::new('links', 'links', [CompletionResultType]::ParameterValue, 'Create links named like the old scripts that run this binary')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Write one man page per command and subcommand into DIR')
            [CompletionResult]::new('demo', 'demo', [CompletionResultType]::ParameterValue, 'Play a protocol end to end between scripted agents, each step a separate process')
            [CompletionResult]::new('skill', 'skill', [CompletionResultType]::ParameterValue, 'Print the skill file that teaches agents parley (--install DIR, --check DIR)')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the protocols as MCP tools over stdio, for agents that call tools')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the MCP tools over HTTP to agents on other machines')
            [CompletionResult]::new('token', 'token', [CompletionResultType]::ParameterValue, 'Make, list and revoke the bearer tokens of parley serve')
            [CompletionResult]::new('feedback', 'feedback', [CompletionResultType]::ParameterValue, 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider')
            [CompletionResult]::new('agent', 'agent', [CompletionResultType]::ParameterValue, 'Agent identities and heartbeats (operative protocol)')
            [CompletionResult]::new('scope', 'scope', [CompletionResultType]::ParameterValue, 'Scope normalization and overlap (operative protocol)')
            [CompletionResult]::new('reserve', 'reserve', [CompletionResultType]::ParameterValue, 'Reserve a scope for an agent, renew it, or take over a stale one')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Release a reservation (owner only)')
            [CompletionResult]::new('reservations', 'reservations', [CompletionResultType]::ParameterValue, 'List held reservations (or archived ones)')
            [CompletionResult]::new('event', 'event', [CompletionResultType]::ParameterValue, 'Send a protocol event, or mark one seen or accepted')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The protocol event timeline')
            [CompletionResult]::new('session', 'session', [CompletionResultType]::ParameterValue, 'Start a session: register a new identity or adopt one (never prompts)')
            [CompletionResult]::new('bounce', 'bounce', [CompletionResultType]::ParameterValue, 'Bounce sessions: a markdown file of turn-taking entries, validated and appended')
            [CompletionResult]::new('parliament', 'parliament', [CompletionResultType]::ParameterValue, 'The parliament ledger: checked appends, validation, tally, gate and clock')
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
        'parley;help;position' {
            break
        }
        'parley;help;challenge' {
            break
        }
        'parley;help;agree' {
            break
        }
        'parley;help;escalate' {
            break
        }
        'parley;help;resolve' {
            break
        }
        'parley;help;audit-template' {
            break
        }
        'parley;help;check' {
            break
        }
        'parley;help;finish' {
            break
        }
        'parley;help;changes' {
            break
        }
        'parley;help;note' {
            break
        }
        'parley;help;duplicate' {
            break
        }
        'parley;help;reopen' {
            break
        }
        'parley;help;sign-off' {
            break
        }
        'parley;help;show' {
            break
        }
        'parley;help;analysis' {
            break
        }
        'parley;help;audit' {
            break
        }
        'parley;help;final' {
            break
        }
        'parley;help;log' {
            break
        }
        'parley;help;watch' {
            break
        }
        'parley;help;report' {
            break
        }
        'parley;help;links' {
            break
        }
        'parley;help;completions' {
            break
        }
        'parley;help;man' {
            break
        }
        'parley;help;demo' {
            break
        }
        'parley;help;skill' {
            break
        }
        'parley;help;mcp' {
            break
        }
        'parley;help;serve' {
            break
        }
        'parley;help;token' {
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Make a token, print it once, and store only its hash in FILE (created mode 0600)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List FILE''s tokens: label, role, agent, date (never a token)')
            [CompletionResult]::new('revoke', 'revoke', [CompletionResultType]::ParameterValue, 'Revoke the token labelled LABEL (a running server notices at once)')
            break
        }
        'parley;help;token;new' {
            break
        }
        'parley;help;token;list' {
            break
        }
        'parley;help;token;revoke' {
            break
        }
        'parley;help;feedback' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)')
            [CompletionResult]::new('extract', 'extract', [CompletionResultType]::ParameterValue, 'Print the Response Object carried by a tool''s NDJSON stream, then check it')
            [CompletionResult]::new('ask', 'ask', [CompletionResultType]::ParameterValue, 'Send the next request to a provider, check its answer and keep the round in DIR')
            [CompletionResult]::new('log', 'log', [CompletionResultType]::ParameterValue, 'Every iteration in DIR, and what became of each feedback item')
            [CompletionResult]::new('mock-provider', 'mock-provider', [CompletionResultType]::ParameterValue, 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback')
            break
        }
        'parley;help;feedback;validate' {
            [CompletionResult]::new('request', 'request', [CompletionResultType]::ParameterValue, 'Check a Request Object')
            [CompletionResult]::new('response', 'response', [CompletionResultType]::ParameterValue, 'Check a Response Object')
            break
        }
        'parley;help;feedback;validate;request' {
            break
        }
        'parley;help;feedback;validate;response' {
            break
        }
        'parley;help;feedback;extract' {
            break
        }
        'parley;help;feedback;ask' {
            break
        }
        'parley;help;feedback;log' {
            break
        }
        'parley;help;feedback;mock-provider' {
            break
        }
        'parley;help;agent' {
            [CompletionResult]::new('register', 'register', [CompletionResultType]::ParameterValue, 'Create an identity for this session; a name that already has a record is refused')
            [CompletionResult]::new('heartbeat', 'heartbeat', [CompletionResultType]::ParameterValue, 'Record that the agent is alive now (idempotent)')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'Every agent with its liveness (active, stale, evicted)')
            [CompletionResult]::new('show', 'show', [CompletionResultType]::ParameterValue, 'One agent''s record, liveness and reservations')
            break
        }
        'parley;help;agent;register' {
            break
        }
        'parley;help;agent;heartbeat' {
            break
        }
        'parley;help;agent;list' {
            break
        }
        'parley;help;agent;show' {
            break
        }
        'parley;help;scope' {
            [CompletionResult]::new('overlap', 'overlap', [CompletionResultType]::ParameterValue, 'Classify two scopes: exact, partial or disjoint (then the normalized forms)')
            break
        }
        'parley;help;scope;overlap' {
            break
        }
        'parley;help;reserve' {
            break
        }
        'parley;help;release' {
            break
        }
        'parley;help;reservations' {
            break
        }
        'parley;help;event' {
            [CompletionResult]::new('handoff', 'handoff', [CompletionResultType]::ParameterValue, 'Pass work to another agent (shown as "Passed to")')
            [CompletionResult]::new('blocked', 'blocked', [CompletionResultType]::ParameterValue, 'Ask another agent for input you are blocked on (shown as "Needs input")')
            [CompletionResult]::new('read', 'read', [CompletionResultType]::ParameterValue, 'Mark an event addressed to you as seen ("Seen")')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Accept an event addressed to you ("Accepted"; idempotent)')
            break
        }
        'parley;help;event;handoff' {
            break
        }
        'parley;help;event;blocked' {
            break
        }
        'parley;help;event;read' {
            break
        }
        'parley;help;event;ack' {
            break
        }
        'parley;help;events' {
            break
        }
        'parley;help;session' {
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
            [CompletionResult]::new('wait', 'wait', [CompletionResultType]::ParameterValue, 'Block until it is AGENT''s turn (0) or the session has ended (2)')
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
        'parley;help;bounce;wait' {
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
