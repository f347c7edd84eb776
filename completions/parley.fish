# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_parley_global_optspecs
    string join \n json lock-timeout= h/help V/version
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
complete -c parley -n "__fish_parley_needs_command" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c parley -n "__fish_parley_needs_command" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_needs_command" -f -a "init" -d 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
complete -c parley -n "__fish_parley_needs_command" -f -a "register" -d 'Register an agent while registration is open (register.sh DIR AGENT)'
complete -c parley -n "__fish_parley_needs_command" -f -a "wait-for-start" -d 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)'
complete -c parley -n "__fish_parley_needs_command" -f -a "file-draft-issue" -d 'File a private draft issue in the analysis phase; prints the file name'
complete -c parley -n "__fish_parley_needs_command" -f -a "end-analysis" -d 'End the holder\'s analysis turn; the last one merges all drafts'
complete -c parley -n "__fish_parley_needs_command" -f -a "poll" -d 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
complete -c parley -n "__fish_parley_needs_command" -f -a "wait" -d 'Block until it is the agent\'s turn (0) or the negotiation is finished (2)'
complete -c parley -n "__fish_parley_needs_command" -f -a "new-issue" -d 'Raise a new issue in the positions phase; prints the file name'
complete -c parley -n "__fish_parley_needs_command" -f -a "hand-off" -d 'Pass the turn to the next agent (holder only)'
complete -c parley -n "__fish_parley_needs_command" -f -a "status" -d 'Print the turn, the agents and every issue with its status'
complete -c parley -n "__fish_parley_needs_command" -f -a "finish" -d 'Check that everything is agreed and audited, then mark the negotiation done'
complete -c parley -n "__fish_parley_needs_command" -f -a "log" -d 'Print the event log of a negotiation'
complete -c parley -n "__fish_parley_needs_command" -f -a "links" -d 'Create links named like the old scripts that run this binary'
complete -c parley -n "__fish_parley_needs_command" -f -a "completions" -d 'Print a completion script for a shell'
complete -c parley -n "__fish_parley_needs_command" -f -a "demo" -d 'Play a protocol end to end between scripted agents, each step a separate process'
complete -c parley -n "__fish_parley_needs_command" -f -a "bounce" -d 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely'
complete -c parley -n "__fish_parley_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand init" -l topic -d 'What is negotiated, written to topic.md' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l topic-file -d 'Read the topic from a file' -r -F
complete -c parley -n "__fish_parley_using_subcommand init" -l source -d 'A source proposal to copy into sources/ (repeatable)' -r -F
complete -c parley -n "__fish_parley_using_subcommand init" -l max-rounds -d 'Position rounds per agent per issue (meta.md max_rounds_per_agent)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l poll-interval -d 'How often agents should poll, in seconds (meta.md poll_interval_seconds)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l turn-timeout -d 'Skip a turn holder inactive this long (meta.md turn_timeout_seconds)' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand init" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand init" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand init" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand register" -l participant -d 'The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID, CLAUDE_SESSION_ID, CODEX_THREAD_ID]' -r
complete -c parley -n "__fish_parley_using_subcommand register" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand register" -l auto -d 'Take the first free name of agent-alpha, agent-beta, ... and print it'
complete -c parley -n "__fish_parley_using_subcommand register" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand register" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand register" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand wait-for-start" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand file-draft-issue" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand end-analysis" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand poll" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand poll" -l wait -d 'Block until it is the agent\'s turn or the negotiation is finished'
complete -c parley -n "__fish_parley_using_subcommand poll" -l poll -d 'Re-check on a timer instead of file events (automatic on network filesystems)'
complete -c parley -n "__fish_parley_using_subcommand poll" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand poll" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand poll" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand wait" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand wait" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand new-issue" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand new-issue" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand new-issue" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand hand-off" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand hand-off" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand status" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand status" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand status" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand finish" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand finish" -l allow-escalated -d 'Finish although some issues are ESCALATE; they are listed as unresolved'
complete -c parley -n "__fish_parley_using_subcommand finish" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand finish" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand finish" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand log" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand log" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand log" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand log" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand links" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand links" -l force -d 'Replace files in the way that are not links to parley'
complete -c parley -n "__fish_parley_using_subcommand links" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand links" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand links" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand completions" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand completions" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand completions" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand completions" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand demo" -l agents -d 'How many scripted agents take part (negotiation scene)' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l scene -d 'Which protocol to play' -r -f -a "negotiation\t'A complete negotiation (the default)'
bounce\t'Three agents taking turns in a bounce session until they reach consensus'
all\t'Every scene, one after the other'"
complete -c parley -n "__fish_parley_using_subcommand demo" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand demo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c parley -n "__fish_parley_using_subcommand demo" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
complete -c parley -n "__fish_parley_using_subcommand bounce; and not __fish_seen_subcommand_from new validate append status next consensus escalate help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
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
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from new" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from validate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from append" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l timeout -d 'Give up with exit 124 after SECS' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l poll-interval -d 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from next" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from consensus" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from escalate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
complete -c parley -n "__fish_parley_using_subcommand bounce; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "init" -d 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "register" -d 'Register an agent while registration is open (register.sh DIR AGENT)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "wait-for-start" -d 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "file-draft-issue" -d 'File a private draft issue in the analysis phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "end-analysis" -d 'End the holder\'s analysis turn; the last one merges all drafts'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "poll" -d 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "wait" -d 'Block until it is the agent\'s turn (0) or the negotiation is finished (2)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "new-issue" -d 'Raise a new issue in the positions phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "hand-off" -d 'Pass the turn to the next agent (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "status" -d 'Print the turn, the agents and every issue with its status'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "finish" -d 'Check that everything is agreed and audited, then mark the negotiation done'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "log" -d 'Print the event log of a negotiation'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "links" -d 'Create links named like the old scripts that run this binary'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "completions" -d 'Print a completion script for a shell'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "demo" -d 'Play a protocol end to end between scripted agents, each step a separate process'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "bounce" -d 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo bounce help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "new" -d 'Create a session file (never overwrites: exit 3 if FILE exists)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "validate" -d 'Check session files against the Bounce Protocol; reports every finding'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "append" -d 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "status" -d 'The current round, who may write next, whether the session ended, the consensus'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "next" -d '0 it is AGENT\'s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "consensus" -d 'The consensus of the latest round (or round N), in any mode'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from bounce" -f -a "escalate" -d 'Apply the escalation policy when the current turn is past turn-timeout'
