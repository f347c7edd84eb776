
use builtin;
use str;

set edit:completion:arg-completer[parley] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'parley'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'parley'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
            cand register 'Register an agent while registration is open (register.sh DIR AGENT)'
            cand wait-for-start 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)'
            cand file-draft-issue 'File a private draft issue in the analysis phase; prints the file name'
            cand end-analysis 'End the holder''s analysis turn; the last one merges all drafts'
            cand poll 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
            cand wait 'Block until it is the agent''s turn (0) or the negotiation is finished (2)'
            cand new-issue 'Raise a new issue in the positions phase; prints the file name'
            cand hand-off 'Pass the turn to the next agent (holder only)'
            cand status 'Print the turn, the agents and every issue with its status'
            cand position 'Append the holder''s position on an issue, numbered as its next round'
            cand challenge 'Append the holder''s challenge on an issue: the strongest case against it'
            cand agree 'Mark an issue AGREED (holder only, after another agent''s challenge)'
            cand escalate 'Mark an issue ESCALATE, for a person to settle (holder only)'
            cand resolve 'A person settles an escalated issue'
            cand audit-template 'Write the coverage-audit.md skeleton, one section per file in sources/'
            cand check 'Report edits of recorded positions: 0 none, 1 edits found'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;init'= {
            cand --topic 'What is negotiated, written to topic.md'
            cand --topic-file 'Read the topic from a file'
            cand --source 'A source proposal to copy into sources/ (repeatable)'
            cand --max-rounds 'Position rounds per agent per issue (meta.md max_rounds_per_agent)'
            cand --poll-interval 'How often agents should poll, in seconds (meta.md poll_interval_seconds)'
            cand --turn-timeout 'Skip a turn holder inactive this long (meta.md turn_timeout_seconds)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;register'= {
            cand --participant 'The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID, CLAUDE_SESSION_ID, CODEX_THREAD_ID]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --auto 'Take the first free name of agent-alpha, agent-beta, ... and print it'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;wait-for-start'= {
            cand --timeout 'Give up with exit 124 after SECS'
            cand --poll-interval 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --allow-partial 'Start with fewer agents than expected once the deadline passed [env: NEGOTIATE_ALLOW_PARTIAL_REGISTRATION=1]'
            cand --poll 'Re-check on a timer instead of file events (automatic on network filesystems)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;file-draft-issue'= {
            cand --title 'The issue''s short title'
            cand --question 'The decision to make'
            cand --context 'Background and references'
            cand --position-a 'What one source says'
            cand --position-b 'What the other source says'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;end-analysis'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;poll'= {
            cand --timeout 'Give up with exit 124 after SECS'
            cand --poll-interval 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --wait 'Block until it is the agent''s turn or the negotiation is finished'
            cand --poll 'Re-check on a timer instead of file events (automatic on network filesystems)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;wait'= {
            cand --timeout 'Give up with exit 124 after SECS'
            cand --poll-interval 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --poll 'Re-check on a timer instead of file events (automatic on network filesystems)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;new-issue'= {
            cand --title 'The issue''s short title'
            cand --question 'The decision to make'
            cand --context 'Background and references'
            cand --position-a 'What one source says'
            cand --position-b 'What the other source says'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;hand-off'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;status'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;position'= {
            cand --file 'Read the body from FILE (`-` is stdin)'
            cand --body 'The body itself'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;challenge'= {
            cand --file 'Read the body from FILE (`-` is stdin)'
            cand --body 'The body itself'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agree'= {
            cand --decision 'The decision, written under `## Status: AGREED`'
            cand --file 'Read the decision from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;escalate'= {
            cand --summary 'The disagreement, for the person who will settle it'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;resolve'= {
            cand --decision 'The person''s decision'
            cand --by 'The person who decides (not an agent of the negotiation)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;audit-template'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;check'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;finish'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --allow-escalated 'Finish although some issues are ESCALATE; they are listed as unresolved'
            cand --accept-edits 'Finish although recorded positions were edited; the edits are listed and logged as accepted'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;log'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;links'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --force 'Replace files in the way that are not links to parley'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;completions'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;demo'= {
            cand --agents 'How many scripted agents take part (negotiation scene)'
            cand --scene 'Which protocol to play'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;help'= {
            cand init 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
            cand register 'Register an agent while registration is open (register.sh DIR AGENT)'
            cand wait-for-start 'Block until registration is complete, then set the first turn (wait-for-start.sh DIR AGENT)'
            cand file-draft-issue 'File a private draft issue in the analysis phase; prints the file name'
            cand end-analysis 'End the holder''s analysis turn; the last one merges all drafts'
            cand poll 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
            cand wait 'Block until it is the agent''s turn (0) or the negotiation is finished (2)'
            cand new-issue 'Raise a new issue in the positions phase; prints the file name'
            cand hand-off 'Pass the turn to the next agent (holder only)'
            cand status 'Print the turn, the agents and every issue with its status'
            cand position 'Append the holder''s position on an issue, numbered as its next round'
            cand challenge 'Append the holder''s challenge on an issue: the strongest case against it'
            cand agree 'Mark an issue AGREED (holder only, after another agent''s challenge)'
            cand escalate 'Mark an issue ESCALATE, for a person to settle (holder only)'
            cand resolve 'A person settles an escalated issue'
            cand audit-template 'Write the coverage-audit.md skeleton, one section per file in sources/'
            cand check 'Report edits of recorded positions: 0 none, 1 edits found'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;help;init'= {
        }
        &'parley;help;register'= {
        }
        &'parley;help;wait-for-start'= {
        }
        &'parley;help;file-draft-issue'= {
        }
        &'parley;help;end-analysis'= {
        }
        &'parley;help;poll'= {
        }
        &'parley;help;wait'= {
        }
        &'parley;help;new-issue'= {
        }
        &'parley;help;hand-off'= {
        }
        &'parley;help;status'= {
        }
        &'parley;help;position'= {
        }
        &'parley;help;challenge'= {
        }
        &'parley;help;agree'= {
        }
        &'parley;help;escalate'= {
        }
        &'parley;help;resolve'= {
        }
        &'parley;help;audit-template'= {
        }
        &'parley;help;check'= {
        }
        &'parley;help;finish'= {
        }
        &'parley;help;log'= {
        }
        &'parley;help;links'= {
        }
        &'parley;help;completions'= {
        }
        &'parley;help;demo'= {
        }
        &'parley;help;help'= {
        }
    ]
    $completions[$command]
}
