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
complete -c parley -n "__fish_parley_needs_command" -f -a "parliament" -d 'The parliament ledger: the Clerk\'s checked appends, validation, tally, gate and clock'
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
parliament\t'Three representatives debate a small bill to a passed vote'
all\t'Every scene, one after the other'"
complete -c parley -n "__fish_parley_using_subcommand demo" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand demo" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand demo" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c parley -n "__fish_parley_using_subcommand demo" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and not __fish_seen_subcommand_from init append validate tally gate clock round amendments status help" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from append" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from validate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l round -d 'The round whose votes count [default: the current round]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l bill-version -d 'The bill version voted on [default: the session\'s bill_version]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l append -d 'Append the tally to the ledger as the Speaker\'s VOTE_TALLY'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from tally" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from gate" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l round -d 'The round [default: the current round; round 0 has round 1\'s clock]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from clock" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l start -d 'Move to the next round: reset the exchanges, set its clock, lift expired quiet orders'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l end -d 'Record the end of the current round'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from round" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l apply -d 'Write incorporated / rejected into bill.json for amendments still open'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -l json -d 'Print one JSON object {"ok","command","data","error"} instead of text'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -s h -l help -d 'Print help'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from amendments" -s V -l version -d 'Print version'
complete -c parley -n "__fish_parley_using_subcommand parliament; and __fish_seen_subcommand_from status" -l lock-timeout -d 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]' -r
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
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "init" -d 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "register" -d 'Register an agent while registration is open (register.sh DIR AGENT)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "wait-for-start" -d 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "file-draft-issue" -d 'File a private draft issue in the analysis phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "end-analysis" -d 'End the holder\'s analysis turn; the last one merges all drafts'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "poll" -d 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "wait" -d 'Block until it is the agent\'s turn (0) or the negotiation is finished (2)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "new-issue" -d 'Raise a new issue in the positions phase; prints the file name'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "hand-off" -d 'Pass the turn to the next agent (holder only)'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "status" -d 'Print the turn, the agents and every issue with its status'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "finish" -d 'Check that everything is agreed and audited, then mark the negotiation done'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "log" -d 'Print the event log of a negotiation'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "links" -d 'Create links named like the old scripts that run this binary'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "completions" -d 'Print a completion script for a shell'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "demo" -d 'Play a protocol end to end between scripted agents, each step a separate process'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "parliament" -d 'The parliament ledger: the Clerk\'s checked appends, validation, tally, gate and clock'
complete -c parley -n "__fish_parley_using_subcommand help; and not __fish_seen_subcommand_from init register wait-for-start file-draft-issue end-analysis poll wait new-issue hand-off status finish log links completions demo parliament help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "init" -d 'Create ledger.json (no messages) and session.json (status setup, round 0)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "append" -d 'Check one agent response, give it id, round and timestamp, and append it'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "validate" -d 'Report every finding in the parliament\'s files (exit 1 when one is invalid)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "tally" -d 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker\'s)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "gate" -d 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "clock" -d 'The debate clock of a round: exchange cap and response budget'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "round" -d 'Start the next round (--start) or end the current one (--end)'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "amendments" -d 'Each amendment with its positions and what the incorporation threshold says'
complete -c parley -n "__fish_parley_using_subcommand help; and __fish_seen_subcommand_from parliament" -f -a "status" -d 'A readable summary: problem, round, clock, representatives, amendments, last tally'
