
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
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand parliament 'The parliament ledger: the Clerk''s checked appends, validation, tally, gate and clock'
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
        &'parley;finish'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --allow-escalated 'Finish although some issues are ESCALATE; they are listed as unresolved'
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
        &'parley;parliament'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Create ledger.json (no messages) and session.json (status setup, round 0)'
            cand append 'Check one agent response, give it id, round and timestamp, and append it'
            cand validate 'Report every finding in the parliament''s files (exit 1 when one is invalid)'
            cand tally 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)'
            cand gate 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
            cand clock 'The debate clock of a round: exchange cap and response budget'
            cand round 'Start the next round (--start) or end the current one (--end)'
            cand amendments 'Each amendment with its positions and what the incorporation threshold says'
            cand status 'A readable summary: problem, round, clock, representatives, amendments, last tally'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;parliament;init'= {
            cand --problem 'The problem statement the parliament debates'
            cand --rep 'A representative: ID:NAME:MOTIVE[,MOTIVE...] (repeatable, in seat order)'
            cand --id 'The parliament id [default: parl-YYYYMMDD-NNN, the next free number of the day]'
            cand --max-rounds 'The last round of debate'
            cand --drafter 'The representative who drafts the bill (one of the --rep ids)'
            cand --issue 'A constituent issue (repeatable)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;append'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;validate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;tally'= {
            cand --round 'The round whose votes count [default: the current round]'
            cand --bill-version 'The bill version voted on [default: the session''s bill_version]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --append 'Append the tally to the ledger as the Speaker''s VOTE_TALLY'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;gate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;clock'= {
            cand --round 'The round [default: the current round; round 0 has round 1''s clock]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;round'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --start 'Move to the next round: reset the exchanges, set its clock, lift expired quiet orders'
            cand --end 'Record the end of the current round'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;amendments'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --apply 'Write incorporated / rejected into bill.json for amendments still open'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;status'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;help'= {
            cand init 'Create ledger.json (no messages) and session.json (status setup, round 0)'
            cand append 'Check one agent response, give it id, round and timestamp, and append it'
            cand validate 'Report every finding in the parliament''s files (exit 1 when one is invalid)'
            cand tally 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)'
            cand gate 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
            cand clock 'The debate clock of a round: exchange cap and response budget'
            cand round 'Start the next round (--start) or end the current one (--end)'
            cand amendments 'Each amendment with its positions and what the incorporation threshold says'
            cand status 'A readable summary: problem, round, clock, representatives, amendments, last tally'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;parliament;help;init'= {
        }
        &'parley;parliament;help;append'= {
        }
        &'parley;parliament;help;validate'= {
        }
        &'parley;parliament;help;tally'= {
        }
        &'parley;parliament;help;gate'= {
        }
        &'parley;parliament;help;clock'= {
        }
        &'parley;parliament;help;round'= {
        }
        &'parley;parliament;help;amendments'= {
        }
        &'parley;parliament;help;status'= {
        }
        &'parley;parliament;help;help'= {
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
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand parliament 'The parliament ledger: the Clerk''s checked appends, validation, tally, gate and clock'
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
        &'parley;help;parliament'= {
            cand init 'Create ledger.json (no messages) and session.json (status setup, round 0)'
            cand append 'Check one agent response, give it id, round and timestamp, and append it'
            cand validate 'Report every finding in the parliament''s files (exit 1 when one is invalid)'
            cand tally 'The VOTE_TALLY the votes of a round give (--append records it as the Speaker''s)'
            cand gate 'May the Speaker call a vote now? 0 yes, 1 not yet (the blocking motives are listed)'
            cand clock 'The debate clock of a round: exchange cap and response budget'
            cand round 'Start the next round (--start) or end the current one (--end)'
            cand amendments 'Each amendment with its positions and what the incorporation threshold says'
            cand status 'A readable summary: problem, round, clock, representatives, amendments, last tally'
        }
        &'parley;help;parliament;init'= {
        }
        &'parley;help;parliament;append'= {
        }
        &'parley;help;parliament;validate'= {
        }
        &'parley;help;parliament;tally'= {
        }
        &'parley;help;parliament;gate'= {
        }
        &'parley;help;parliament;clock'= {
        }
        &'parley;help;parliament;round'= {
        }
        &'parley;help;parliament;amendments'= {
        }
        &'parley;help;parliament;status'= {
        }
        &'parley;help;help'= {
        }
    ]
    $completions[$command]
}
