# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_parley_global_optspecs
    string join \n json lock-timeout= server= h/help V/version
end

function __fish_parley_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_parley_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_parley_using_subcommand
    set -l cmd (__fish_parley_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c parley -n "__fish_parley_needs_command" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_needs_command" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_needs_command" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c parley -n "__fish_parley_needs_command" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_needs_command" -f -a "init" -d 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
complete -c parley -n "__fish_parley_needs_command" -f -a "register" -d 'Register an agent while registration is open (register.sh DIR AGENT)'
complete -c parley -n "__fish_parley_needs_command" -f -a "wait-for-start" -d 'Block until registration completes and set the first turn (wait-for-start.sh)'
complete -c parley -n "__fish_parley_needs_command" -f -a "file-draft-issue" -d 'File a private draft issue in the analysis phase; prints the file name'
complete -c parley -n "__fish_parley_needs_command" -f -a "end-analysis" -d 'End the holder\'s analysis turn; the last one merges all drafts'
complete -c parley -n "__fish_parley_needs_command" -f -a "poll" -d 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
complete -c parley -n "__fish_parley_needs_command" -f -a "wait" -d 'Block until it is the agent\'s turn (0) or the negotiation is finished (2)'
complete -c parley -n "__fish_parley_needs_command" -f -a "new-issue" -d 'Raise a new issue in the positions phase; prints the file name'
complete -c parley -n "__fish_parley_needs_command" -f -a "hand-off" -d 'Pass the turn to the next agent (holder only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "status" -d 'Print the turn, the agents and every issue\'s status (--watch: keep it live)'
complete -c parley -n "__fish_parley_needs_command" -f -a "position" -d 'Append the holder\'s position on an issue, numbered as its next round'
complete -c parley -n "__fish_parley_needs_command" -f -a "challenge" -d 'Append the holder\'s challenge on an issue: the strongest case against it'
complete -c parley -n "__fish_parley_needs_command" -f -a "agree" -d 'Mark an issue AGREED (holder only, after another agent\'s challenge)'
complete -c parley -n "__fish_parley_needs_command" -f -a "escalate" -d 'Mark an issue ESCALATE, for a person to settle (holder only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "resolve" -d 'A person settles an escalated issue'
complete -c parley -n "__fish_parley_needs_command" -f -a "audit-template" -d 'Write the coverage-audit.md skeleton, one section per file in sources/'
complete -c parley -n "__fish_parley_needs_command" -f -a "check" -d 'Report edits of recorded positions: 0 none, 1 edits found'
complete -c parley -n "__fish_parley_needs_command" -f -a "finish" -d 'Check that everything is agreed and audited, then mark the negotiation done'
complete -c parley -n "__fish_parley_needs_command" -f -a "changes" -d 'What changed since AGENT last handed the turn on'
complete -c parley -n "__fish_parley_needs_command" -f -a "note" -d 'Append a note for the other agents to notes.md (no turn needed)'
complete -c parley -n "__fish_parley_needs_command" -f -a "duplicate" -d 'Propose that an issue duplicates another (holder only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "reopen" -d 'Reopen an issue another agent agreed (holder only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "sign-off" -d 'Approve final.md and coverage-audit.md as they are now'
complete -c parley -n "__fish_parley_needs_command" -f -a "show" -d 'Show an issue with its entries, the whole negotiation, or one file (--file)'
complete -c parley -n "__fish_parley_needs_command" -f -a "analysis" -d 'Write the holder\'s analysis/AGENT.md (analysis phase)'
complete -c parley -n "__fish_parley_needs_command" -f -a "audit" -d 'Write coverage-audit.md (holder, positions phase)'
complete -c parley -n "__fish_parley_needs_command" -f -a "final" -d 'Write final.md (holder, after the audit, no issue open)'
complete -c parley -n "__fish_parley_needs_command" -f -a "log" -d 'Print the event log of a negotiation'
complete -c parley -n "__fish_parley_needs_command" -f -a "watch" -d 'A live view of a negotiation, redrawn on every change; exit 2 once finished'
complete -c parley -n "__fish_parley_needs_command" -f -a "report" -d 'Write a negotiation as one self-contained HTML page'
complete -c parley -n "__fish_parley_needs_command" -f -a "links" -d 'Create links named like the old scripts that run this binary'
complete -c parley -n "__fish_parley_needs_command" -f -a "completions" -d 'Print a completion script for a shell'
complete -c parley -n "__fish_parley_needs_command" -f -a "man" -d 'Write one man page per command and subcommand into DIR'
complete -c parley -n "__fish_parley_needs_command" -f -a "demo" -d 'Play a protocol end to end between scripted agents, each step a separate process'
complete -c parley -n "__fish_parley_needs_command" -f -a "skill" -d 'Print the skill file that teaches agents parley (--install DIR, --check DIR)'
complete -c parley -n "__fish_parley_needs_command" -f -a "mcp" -d 'Serve the protocols as MCP tools over stdio, for agents that call tools'
complete -c parley -n "__fish_parley_needs_command" -f -a "serve" -d 'Serve the MCP tools over HTTP to agents on other machines'
complete -c parley -n "__fish_parley_needs_command" -f -a "token" -d 'Make, list and revoke the bearer tokens of parley serve'
complete -c parley -n "__fish_parley_needs_command" -f -a "feedback" -d 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
complete -c parley -n "__fish_parley_needs_command" -f -a "agent" -d 'Agent identities and heartbeats (operative protocol)'
complete -c parley -n "__fish_parley_needs_command" -f -a "scope" -d 'Scope normalization and overlap (operative protocol)'
complete -c parley -n "__fish_parley_needs_command" -f -a "reserve" -d 'Reserve a scope for an agent, renew it, or take over a stale one'
complete -c parley -n "__fish_parley_needs_command" -f -a "release" -d 'Release a reservation (owner only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "reservations" -d 'List held reservations (or archived ones)'
complete -c parley -n "__fish_parley_needs_command" -f -a "event" -d 'Send a protocol event, or mark one seen or accepted'
complete -c parley -n "__fish_parley_needs_command" -f -a "events" -d 'The protocol event timeline'
complete -c parley -n "__fish_parley_needs_command" -f -a "session" -d 'Start a session: register a new identity or adopt one (never prompts)'
complete -c parley -n "__fish_parley_needs_command" -f -a "bounce" -d 'Bounce sessions: a markdown file of turn-taking entries, validated and appended'
complete -c parley -n "__fish_parley_needs_command" -f -a "parliament" -d 'The parliament ledger: checked appends, validation, tally, gate and clock'
complete -c parley -n "__fish_parley_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand init" -l topic -d 'What is negotiated, written to topic.md' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l topic-file -d 'Read the topic from a file' -r -F
complete -c parley -n "__fish_parley_using_subcommand init" -l source -d 'A source proposal to copy into sources/ (repeatable)' -r -F
complete -c parley -n "__fish_parley_using_subcommand init" -l max-rounds -d 'Position rounds per agent per issue (meta.md max_rounds_per_agent)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l poll-interval -d 'How often agents should poll, in seconds (meta.md poll_interval_seconds)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l turn-timeout -d 'Skip a turn holder inactive this long (meta.md turn_timeout_seconds)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l sign-off -d 'finish needs every agent\'s `sign-off` (the default; kept for scripts)'
complete -c parley -n "__fish_parley_using_subcommand init" -l no-sign-off -d 'finish needs no sign-off (what script-named links do)'
complete -c parley -n "__fish_parley_using_subcommand init" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand init" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand init" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand register" -l participant -d 'The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID, CLAUDE_SESSION_ID, CODEX_THREAD_ID]' -r
complete -c parley -n "__fish_parley_using_subcommand register" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand register" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand register" -l auto -d 'Take the first free name of agent-alpha, agent-beta, ... and print it'
complete -c parley -n "__fish_parley_using_subcommand register" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand register" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand register" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l allow-partial -d 'Start with fewer agents than expected once the deadline passed [env: NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1]'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l title -d 'The issue\'s short title' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l question -d 'The decision to make' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l context -d 'Background and references' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l position-a -d 'What one source says' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l position-b -d 'What the other source says' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l file -d 'Read the whole issue from FILE (`-` is stdin), in the template\'s shape: `# Issue: TITLE`, then `## Question`, `## Context`, `## Position A`, `## Position B`' -r -F
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand poll" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l wait -d 'Block until it is the agent\'s turn or the negotiation is finished'
complete -c parley -n "__fish_parley_using_subcommand poll" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand poll" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand poll" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand poll" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand wait" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand wait" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand wait" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand wait" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l title -d 'The issue\'s short title' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l question -d 'The decision to make' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l context -d 'Background and references' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l position-a -d 'What one source says' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l position-b -d 'What the other source says' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand new-issue" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand new-issue" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand hand-off" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand hand-off" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand status" -l timeout -d 'With --watch: stop with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand status" -l agent -d 'Only what AGENT can act on now (its turn, issues to answer, to agree, sign-off, ...)' -r
complete -c parley -n "__fish_parley_using_subcommand status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand status" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand status" -l watch -d 'Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)'
complete -c parley -n "__fish_parley_using_subcommand status" -l once -d 'With --watch: print one snapshot and exit'
complete -c parley -n "__fish_parley_using_subcommand status" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand status" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand status" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand position" -l file -d 'Read the body from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand position" -l body -d 'The body itself' -r
complete -c parley -n "__fish_parley_using_subcommand position" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand position" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand position" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand position" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand position" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand challenge" -l file -d 'Read the body from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand challenge" -l body -d 'The body itself' -r
complete -c parley -n "__fish_parley_using_subcommand challenge" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand challenge" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand challenge" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand challenge" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand challenge" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agree" -l decision -d 'The decision, written under `## Status: AGREED` (none: agree to a duplicate proposal)' -r
complete -c parley -n "__fish_parley_using_subcommand agree" -l file -d 'Read the decision from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand agree" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agree" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agree" -l duplicates -d 'Confirm every pending duplicate proposal by another agent (no issue, no decision)'
complete -c parley -n "__fish_parley_using_subcommand agree" -l check -d 'Only say whether agree would be accepted now (0, or agree\'s refusal); change nothing'
complete -c parley -n "__fish_parley_using_subcommand agree" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agree" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agree" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand escalate" -l summary -d 'The disagreement, for the person who will settle it' -r
complete -c parley -n "__fish_parley_using_subcommand escalate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand escalate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand escalate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand escalate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand escalate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand resolve" -l decision -d 'The person\'s decision' -r
complete -c parley -n "__fish_parley_using_subcommand resolve" -l by -d 'The person who decides (not an agent of the negotiation)' -r
complete -c parley -n "__fish_parley_using_subcommand resolve" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand resolve" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand resolve" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand resolve" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand resolve" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand audit-template" -l agent -d 'The agent writing the template, recorded in the log' -r
complete -c parley -n "__fish_parley_using_subcommand audit-template" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand audit-template" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand audit-template" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand audit-template" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand audit-template" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand check" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand check" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand check" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand check" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand check" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand finish" -l agent -d 'The agent running finish: recorded in the log, excused from the sign-off' -r
complete -c parley -n "__fish_parley_using_subcommand finish" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand finish" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand finish" -l allow-escalated -d 'Finish although some issues are ESCALATE; they are listed as unresolved'
complete -c parley -n "__fish_parley_using_subcommand finish" -l accept-edits -d 'Finish although recorded positions were edited; the edits are listed and logged as accepted'
complete -c parley -n "__fish_parley_using_subcommand finish" -l check -d 'Only report readiness, as finish would (0 ready, 1 with every reason); change nothing'
complete -c parley -n "__fish_parley_using_subcommand finish" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand finish" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand finish" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand changes" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand changes" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand changes" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand changes" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand changes" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand note" -l body -d 'The text: a note\'s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md' -r
complete -c parley -n "__fish_parley_using_subcommand note" -l file -d 'Read the text from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand note" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand note" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand note" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand note" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand note" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l of -d 'The issue it duplicates, which stays: its number or its file name' -r
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l reason -d 'Why, if the titles do not say it' -r
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l likely -d 'Propose every likely duplicate the tool found (chains onto their lowest number)'
complete -c parley -n "__fish_parley_using_subcommand duplicate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand duplicate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand duplicate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand reopen" -l reason -d 'Why the agreement must be questioned (counts as the reopener\'s challenge)' -r
complete -c parley -n "__fish_parley_using_subcommand reopen" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand reopen" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand reopen" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand reopen" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand reopen" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand sign-off" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand sign-off" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand sign-off" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand sign-off" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand sign-off" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand show" -l file -d 'A file, relative to DIR (sources/NAME, analysis/AGENT.md, notes.md, ...)' -r
complete -c parley -n "__fish_parley_using_subcommand show" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand show" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand show" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand show" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand show" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand analysis" -l body -d 'The text: a note\'s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md' -r
complete -c parley -n "__fish_parley_using_subcommand analysis" -l file -d 'Read the text from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand analysis" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand analysis" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand analysis" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand analysis" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand analysis" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand audit" -l body -d 'The text: a note\'s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md' -r
complete -c parley -n "__fish_parley_using_subcommand audit" -l file -d 'Read the text from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand audit" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand audit" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand audit" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand audit" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand audit" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand final" -l body -d 'The text: a note\'s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md' -r
complete -c parley -n "__fish_parley_using_subcommand final" -l file -d 'Read the text from FILE (`-` is stdin)' -r -F
complete -c parley -n "__fish_parley_using_subcommand final" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand final" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand final" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand final" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand final" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand log" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand log" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand log" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand log" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand log" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand watch" -l timeout -d 'Stop with exit 124 after SECS (the last snapshot stays on screen)' -r
complete -c parley -n "__fish_parley_using_subcommand watch" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand watch" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand watch" -l once -d 'Print one snapshot and exit'
complete -c parley -n "__fish_parley_using_subcommand watch" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand watch" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand watch" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand report" -l html -d 'Where to write the page (refused if something is there, unless --force)' -r -F
complete -c parley -n "__fish_parley_using_subcommand report" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand report" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand report" -l force -d 'Replace an existing file at OUT (never a symbolic link)'
complete -c parley -n "__fish_parley_using_subcommand report" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand report" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand report" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand links" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand links" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand links" -l force -d 'Replace files in the way that are not links to parley'
complete -c parley -n "__fish_parley_using_subcommand links" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand links" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand links" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand completions" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand completions" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand completions" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand completions" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand completions" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand man" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand man" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand man" -l force -d 'Replace pages that differ from this parley\'s (never a symbolic link)'
complete -c parley -n "__fish_parley_using_subcommand man" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand man" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand man" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand demo" -l agents -d 'How many scripted agents take part (negotiation scene)' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l scene -d 'Which protocol to play' -r -f -a "negotiation\t'A complete negotiation (the default)'
feedback\t'Three rounds of `feedback ask` against `feedback mock-provider`'
operative\t'Operative scopes: reservations, a takeover, events and an adoption'
bounce\t'Three agents taking turns in a bounce session until they reach consensus'
parliament\t'Three representatives debate a small bill to a passed vote'
all\t'Every scene, one after the other'"
complete -c parley -n "__fish_parley_using_subcommand demo" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand demo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c parley -n "__fish_parley_using_subcommand demo" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand skill" -l install -d 'Write DIR/parley/SKILL.md (DIR: a skills folder); exit 3 if a different file is there' -r -F
complete -c parley -n "__fish_parley_using_subcommand skill" -l check -d 'Compare DIR/parley/SKILL.md with this binary\'s skill: 0 the same, 1 differs, 66 missing' -r -F
complete -c parley -n "__fish_parley_using_subcommand skill" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand skill" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand skill" -l force -d 'With --install: replace a different SKILL.md (never a symbolic link)'
complete -c parley -n "__fish_parley_using_subcommand skill" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand skill" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand skill" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand mcp" -l protocols -d 'Expose only these protocols\' tools (wait is always there) [default: all]' -r -f -a "negotiation\t''
operative\t''
bounce\t''
parliament\t''
feedback\t''"
complete -c parley -n "__fish_parley_using_subcommand mcp" -l feedback-provider -d 'The only provider `feedback ask` may run, split at spaces (no shell quoting)' -r
complete -c parley -n "__fish_parley_using_subcommand mcp" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand mcp" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand mcp" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand mcp" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand mcp" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand serve" -l listen -d 'The address to listen on (port 0 picks a free one)' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l tokens -d 'Require a bearer token from this file on every request (see parley token)' -r -F
complete -c parley -n "__fish_parley_using_subcommand serve" -l allowed-host -d 'A Host header to accept besides the listen address, localhost and 127.0.0.1 (repeatable)' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l allowed-origin -d 'A browser Origin to accept besides the server\'s own (repeatable)' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l tls-cert -d 'Serve HTTPS with this certificate chain (PEM)' -r -F
complete -c parley -n "__fish_parley_using_subcommand serve" -l tls-key -d 'The private key of --tls-cert (PEM)' -r -F
complete -c parley -n "__fish_parley_using_subcommand serve" -l header-timeout -d 'Close a connection whose request headers (or TLS handshake) take longer than this' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l protocols -d 'Expose only these protocols\' tools (wait is always there) [default: all]' -r -f -a "negotiation\t''
operative\t''
bounce\t''
parliament\t''
feedback\t''"
complete -c parley -n "__fish_parley_using_subcommand serve" -l feedback-provider -d 'The only provider `feedback ask` may run, split at spaces (no shell quoting)' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand serve" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand serve" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand serve" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -f -a "new" -d 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -f -a "list" -d 'List FILE\'s tokens: label, role, agent, date (never a token)'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -f -a "revoke" -d 'Revoke the token labelled LABEL (a running server notices at once)'
complete -c parley -n "__fish_parley_using_subcommand token; and not __fish_seen_subcommand_from new list revoke help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l agent -d 'A token that acts only as this agent' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l label -d 'A unique name for the token, to list and revoke it by' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l admin -d 'A token that may do everything (resolve, the Speaker\'s messages, ...)'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l viewer -d 'A token that may only call what changes nothing'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from new" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from list" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from list" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from list" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from revoke" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from revoke" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from revoke" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from revoke" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from revoke" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from help" -f -a "new" -d 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from help" -f -a "list" -d 'List FILE\'s tokens: label, role, agent, date (never a token)'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from help" -f -a "revoke" -d 'Revoke the token labelled LABEL (a running server notices at once)'
complete -c parley -n "__fish_parley_using_subcommand token; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "validate" -d 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "extract" -d 'Print the Response Object carried by a tool\'s NDJSON stream, then check it'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "ask" -d 'Send the next request to a provider, check its answer and keep the round in DIR'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "log" -d 'Every iteration in DIR, and what became of each feedback item'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "mock-provider" -d 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
complete -c parley -n "__fish_parley_using_subcommand feedback; and not __fish_seen_subcommand_from validate extract ask log mock-provider help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -f -a "request" -d 'Check a Request Object'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -f -a "response" -d 'Check a Response Object'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from validate" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -l request -d 'Also check the response against the request it answers' -r -F
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -l previous -d 'Also check the response against the previous response' -r -F
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from extract" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l artifact -d 'The file to get feedback on, sent as text' -r -F
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l media-type -d 'Its MIME type [default: guessed from the file name, text/plain when unknown]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l artifact-ref -d 'An identifier of this version of the artifact (a commit, a checksum)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l apply -d 'A decision on an item of the previous feedback, ID=STATUS[:REASON_CODE[:EXPLANATION]] with STATUS accepted, rejected or partial (repeatable)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l timeout -d 'Kill the provider\'s process group and give up with exit 124 after SECS [default: 600]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from ask" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from log" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from log" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from log" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from log" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from log" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -l seed -d 'Varies the canned feedback; the same seed and request give the same stream' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -l session -d 'The session to answer in, as a tool\'s --session [default: one made from the seed]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from mock-provider" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "extract" -d 'Print the Response Object carried by a tool\'s NDJSON stream, then check it'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "ask" -d 'Send the next request to a provider, check its answer and keep the round in DIR'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "log" -d 'Every iteration in DIR, and what became of each feedback item'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "mock-provider" -d 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
complete -c parley -n "__fish_parley_using_subcommand feedback; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -f -a "register" -d 'Create an identity for this session; a name that already has a record is refused'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -f -a "heartbeat" -d 'Record that the agent is alive now (idempotent)'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -f -a "list" -d 'Every agent with its liveness (active, stale, evicted)'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -f -a "show" -d 'One agent\'s record, liveness and reservations'
complete -c parley -n "__fish_parley_using_subcommand agent; and not __fish_seen_subcommand_from register heartbeat list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l role -d 'What the agent does (free text, one line)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from register" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from heartbeat" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -l agent -d 'The agent to show (reading a record is not a heartbeat)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "register" -d 'Create an identity for this session; a name that already has a record is refused'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "heartbeat" -d 'Record that the agent is alive now (idempotent)'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "list" -d 'Every agent with its liveness (active, stale, evicted)'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "show" -d 'One agent\'s record, liveness and reservations'
complete -c parley -n "__fish_parley_using_subcommand agent; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -f -a "overlap" -d 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
complete -c parley -n "__fish_parley_using_subcommand scope; and not __fish_seen_subcommand_from overlap help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from overlap" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from help" -f -a "overlap" -d 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
complete -c parley -n "__fish_parley_using_subcommand scope; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand reserve" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand reserve" -l scope -d 'The path or directory to reserve (relative to the project root)' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l bead -d 'The bead (work item) the reservation is for' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l ttl -d 'Minutes the reservation holds without renewal (1 to 10080)' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand reserve" -l takeover-stale -d 'Take over reservations whose owner is stale, evicted or unknown, or whose TTL ran out'
complete -c parley -n "__fish_parley_using_subcommand reserve" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand reserve" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand reserve" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand release" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand release" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand release" -l scope -d 'The reserved scope, as it was reserved' -r
complete -c parley -n "__fish_parley_using_subcommand release" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand release" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand release" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand release" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand release" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand reservations" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand reservations" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand reservations" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand reservations" -l archived -d 'List archived reservations (released or expired) instead of the held ones'
complete -c parley -n "__fish_parley_using_subcommand reservations" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand reservations" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand reservations" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -f -a "handoff" -d 'Pass work to another agent (shown as "Passed to")'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -f -a "blocked" -d 'Ask another agent for input you are blocked on (shown as "Needs input")'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -f -a "read" -d 'Mark an event addressed to you as seen ("Seen")'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -f -a "ack" -d 'Accept an event addressed to you ("Accepted"; idempotent)'
complete -c parley -n "__fish_parley_using_subcommand event; and not __fish_seen_subcommand_from handoff blocked read ack help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l from -d 'The sending agent' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l to -d 'The receiving agent' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l bead -d 'The bead the event is about' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l scope -d 'The scope the event is about' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l subject -d 'One-line subject' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l summary -d 'What was done' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l next-action -d 'What the receiver should do next' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l requires-ack -d 'Whether the receiver must accept it' -r -f -a "true\t''
false\t''"
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from handoff" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l from -d 'The sending agent' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l to -d 'The receiving agent' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l bead -d 'The bead the event is about' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l scope -d 'The scope the event is about' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l subject -d 'One-line subject' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l blocker -d 'What blocks the sender' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l requested-action -d 'What the receiver is asked to do' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l urgency -d 'How urgent it is' -r -f -a "low\t''
medium\t''
high\t''"
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l requires-ack -d 'Whether the receiver must accept it (a BLOCKED event always does: false is refused)' -r -f -a "true\t''
false\t''"
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from blocked" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l event -d 'The event\'s id (proto_YYYYMMDD_NNN)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from read" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l agent -d 'The agent\'s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l event -d 'The event\'s id (proto_YYYYMMDD_NNN)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from ack" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "handoff" -d 'Pass work to another agent (shown as "Passed to")'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "blocked" -d 'Ask another agent for input you are blocked on (shown as "Needs input")'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "read" -d 'Mark an event addressed to you as seen ("Seen")'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "ack" -d 'Accept an event addressed to you ("Accepted"; idempotent)'
complete -c parley -n "__fish_parley_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand events" -l bead -d 'Only events about this bead' -r
complete -c parley -n "__fish_parley_using_subcommand events" -l agent -d 'Only events from or to this agent (a filter, not a heartbeat)' -r
complete -c parley -n "__fish_parley_using_subcommand events" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand events" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand events" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand events" -l unacked -d 'Only events that require an acknowledgement not given yet'
complete -c parley -n "__fish_parley_using_subcommand events" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand events" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand events" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand session" -l register -d 'Start the session under a new, unique identity' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l adopt -d 'Resume an existing identity, if the evidence allows it' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l scope -d 'The scope the adopting session claims (checked against uncommitted changes)' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l role -d 'The role of a newly registered identity' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l project-root -d 'The project root [default: the git top level of the current directory, else the current directory]' -r -F
complete -c parley -n "__fish_parley_using_subcommand session" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand session" -l non-interactive -d 'Never prompt (parley never does; accepted for the protocol\'s command line)'
complete -c parley -n "__fish_parley_using_subcommand session" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand session" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand session" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "wait" -d 'Block until it is AGENT\'s turn (0) or the session has ended (2)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate wait help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l title -d 'The session name, written as `# Bounce Session: TITLE`' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l agents -d 'The agents, in turn order, separated by commas (a,b,c)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l turn-order -d 'How turns are assigned' -r -f -a "round-robin\t''
free-form\t''
supervised\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l max-turns-per-round -d 'Entries per agent per round' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l turn-timeout -d 'Seconds an agent has for its turn before escalation applies' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l threshold -d 'The consensus threshold, in [0, 1] (0 disables detection)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l mode -d 'How consensus is computed' -r -f -a "majority\t''
weighted\t''
unanimous\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l escalation -d 'What happens when a turn times out' -r -f -a "human\t''
default-action\t''
timeout-skip\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l max-rounds -d 'The limit on rounds' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l output-format -d 'Whether entries must carry every structured field' -r -f -a "structured\t''
free-text\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l context -d 'The Context section (markdown)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l context-file -d 'Read the Context section from a file' -r -F
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l author -d 'The agent writing the entry (one of the session\'s agents)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l stance -d 'approve, reject, neutral or defer (or the runtime words: agree, disagree, ...)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l confidence -d 'A number in [0, 1], or a percentage such as 85%' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l summary -d 'One line summing the entry up' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l action-requested -d 'The next step asked for (supervised: name the next agent), or n/a' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l evidence -d 'Supporting references, comma-separated, or n/a' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l status -d 'The entry status: yield passes the turn, closed finishes without hand-off' -r -f -a "yield\t''
closed\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l body -d 'The body (markdown, headings of level 3 or below)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l body-file -d 'Read the body from a file' -r -F
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l wait -d 'Block until it is the agent\'s turn (0) or the session has ended (2)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l mode -d 'Compute in this mode instead of the session\'s' -r -f -a "majority\t''
weighted\t''
unanimous\t''"
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l threshold -d 'Use this threshold instead of the session\'s, in [0, 1]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l round -d 'The round to evaluate [default: the latest round present]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from wait" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "wait" -d 'Block until it is AGENT\'s turn (0) or the session has ended (2)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "init" -d 'Create ledger.json (no messages) and session.json (status setup, round 0)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "append" -d 'Check one agent response, give it id, round and timestamp, and append it'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "validate" -d 'Report every finding in the parliament\'s files (exit 1 when one is invalid)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "tally" -d 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker\'s)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "gate" -d 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "clock" -d 'The debate clock of a round: exchange cap and response budget'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "round" -d 'Start the next round (--start) or end the current one (--end)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "amendments" -d 'Each amendment with its positions and what the incorporation threshold says'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "status" -d 'A readable summary: problem, round, clock, representatives, amendments, last tally'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l problem -d 'The problem statement the parliament debates' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l rep -d 'A representative: ID:NAME:MOTIVE[,MOTIVE...] (repeatable, in seat order)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l id -d 'The parliament id [default: parl-YYYYMMDD-NNN, the next free number of the day]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l max-rounds -d 'The last round of debate' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l drafter -d 'The representative who drafts the bill (one of the --rep ids)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l issue -d 'A constituent issue (repeatable)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l round -d 'The round whose votes count [default: the current round]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l bill-version -d 'The bill version voted on [default: the session\'s bill_version]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l append -d 'Append the tally to the ledger as the Speaker\'s VOTE_TALLY'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l round -d 'The round [default: the current round; round 0 has round 1\'s clock]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l start -d 'Move to the next round: reset the exchanges, set its clock, lift expired quiet orders'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l end -d 'Record the end of the current round'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l apply -d 'Write incorporated / rejected into bill.json for amendments still open'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -l server -d 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "init" -d 'Create ledger.json (no messages) and session.json (status setup, round 0)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "append" -d 'Check one agent response, give it id, round and timestamp, and append it'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Report every finding in the parliament\'s files (exit 1 when one is invalid)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "tally" -d 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker\'s)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "gate" -d 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "clock" -d 'The debate clock of a round: exchange cap and response budget'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "round" -d 'Start the next round (--start) or end the current one (--end)'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "amendments" -d 'Each amendment with its positions and what the incorporation threshold says'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "status" -d 'A readable summary: problem, round, clock, representatives, amendments, last tally'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "init" -d 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "register" -d 'Register an agent while registration is open (register.sh DIR AGENT)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "wait-for-start" -d 'Block until registration completes and set the first turn (wait-for-start.sh)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "file-draft-issue" -d 'File a private draft issue in the analysis phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "end-analysis" -d 'End the holder\'s analysis turn; the last one merges all drafts'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "poll" -d 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "wait" -d 'Block until it is the agent\'s turn (0) or the negotiation is finished (2)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "new-issue" -d 'Raise a new issue in the positions phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "hand-off" -d 'Pass the turn to the next agent (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "status" -d 'Print the turn, the agents and every issue\'s status (--watch: keep it live)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "position" -d 'Append the holder\'s position on an issue, numbered as its next round'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "challenge" -d 'Append the holder\'s challenge on an issue: the strongest case against it'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "agree" -d 'Mark an issue AGREED (holder only, after another agent\'s challenge)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "escalate" -d 'Mark an issue ESCALATE, for a person to settle (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "resolve" -d 'A person settles an escalated issue'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "audit-template" -d 'Write the coverage-audit.md skeleton, one section per file in sources/'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "check" -d 'Report edits of recorded positions: 0 none, 1 edits found'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "finish" -d 'Check that everything is agreed and audited, then mark the negotiation done'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "changes" -d 'What changed since AGENT last handed the turn on'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "note" -d 'Append a note for the other agents to notes.md (no turn needed)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "duplicate" -d 'Propose that an issue duplicates another (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "reopen" -d 'Reopen an issue another agent agreed (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "sign-off" -d 'Approve final.md and coverage-audit.md as they are now'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "show" -d 'Show an issue with its entries, the whole negotiation, or one file (--file)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "analysis" -d 'Write the holder\'s analysis/AGENT.md (analysis phase)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "audit" -d 'Write coverage-audit.md (holder, positions phase)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "final" -d 'Write final.md (holder, after the audit, no issue open)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "log" -d 'Print the event log of a negotiation'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "watch" -d 'A live view of a negotiation, redrawn on every change; exit 2 once finished'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "report" -d 'Write a negotiation as one self-contained HTML page'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "links" -d 'Create links named like the old scripts that run this binary'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "completions" -d 'Print a completion script for a shell'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "man" -d 'Write one man page per command and subcommand into DIR'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "demo" -d 'Play a protocol end to end between scripted agents, each step a separate process'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "skill" -d 'Print the skill file that teaches agents parley (--install DIR, --check DIR)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "mcp" -d 'Serve the protocols as MCP tools over stdio, for agents that call tools'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "serve" -d 'Serve the MCP tools over HTTP to agents on other machines'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "token" -d 'Make, list and revoke the bearer tokens of parley serve'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "feedback" -d 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "agent" -d 'Agent identities and heartbeats (operative protocol)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "scope" -d 'Scope normalization and overlap (operative protocol)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "reserve" -d 'Reserve a scope for an agent, renew it, or take over a stale one'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "release" -d 'Release a reservation (owner only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "reservations" -d 'List held reservations (or archived ones)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "event" -d 'Send a protocol event, or mark one seen or accepted'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "events" -d 'The protocol event timeline'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "session" -d 'Start a session: register a new identity or adopt one (never prompts)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "bounce" -d 'Bounce sessions: a markdown file of turn-taking entries, validated and appended'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "parliament" -d 'The parliament ledger: checked appends, validation, tally, gate and clock'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status position challenge agree escalate resolve audit-template check finish changes note duplicate reopen sign-off show analysis audit final log watch report links completions man demo skill mcp serve token feedback agent scope reserve release reservations event events session bounce parliament help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from token" -f -a "new" -d 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from token" -f -a "list" -d 'List FILE\'s tokens: label, role, agent, date (never a token)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from token" -f -a "revoke" -d 'Revoke the token labelled LABEL (a running server notices at once)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "validate" -d 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "extract" -d 'Print the Response Object carried by a tool\'s NDJSON stream, then check it'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "ask" -d 'Send the next request to a provider, check its answer and keep the round in DIR'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "log" -d 'Every iteration in DIR, and what became of each feedback item'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from feedback" -f -a "mock-provider" -d 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "register" -d 'Create an identity for this session; a name that already has a record is refused'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "heartbeat" -d 'Record that the agent is alive now (idempotent)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "list" -d 'Every agent with its liveness (active, stale, evicted)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from agent" -f -a "show" -d 'One agent\'s record, liveness and reservations'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from scope" -f -a "overlap" -d 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "handoff" -d 'Pass work to another agent (shown as "Passed to")'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "blocked" -d 'Ask another agent for input you are blocked on (shown as "Needs input")'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "read" -d 'Mark an event addressed to you as seen ("Seen")'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "ack" -d 'Accept an event addressed to you ("Accepted"; idempotent)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "wait" -d 'Block until it is AGENT\'s turn (0) or the session has ended (2)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "init" -d 'Create ledger.json (no messages) and session.json (status setup, round 0)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "append" -d 'Check one agent response, give it id, round and timestamp, and append it'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "validate" -d 'Report every finding in the parliament\'s files (exit 1 when one is invalid)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "tally" -d 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker\'s)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "gate" -d 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "clock" -d 'The debate clock of a round: exchange cap and response budget'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "round" -d 'Start the next round (--start) or end the current one (--end)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "amendments" -d 'Each amendment with its positions and what the incorporation threshold says'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "status" -d 'A readable summary: problem, round, clock, representatives, amendments, last tally'
