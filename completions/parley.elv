
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
            cand bounce 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely'
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
        &'parley;bounce'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand new 'Create a session file (never overwrites: exit 3 if FILE exists)'
            cand validate 'Check session files against the Bounce Protocol; reports every finding'
            cand append 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
            cand status 'The current round, who may write next, whether the session ended, the consensus'
            cand next '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
            cand consensus 'The consensus of the latest round (or round N), in any mode'
            cand escalate 'Apply the escalation policy when the current turn is past turn-timeout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;bounce;new'= {
            cand --title 'The session name, written as `# Bounce Session: TITLE`'
            cand --agents 'The agents, in turn order, separated by commas (a,b,c)'
            cand --turn-order 'How turns are assigned'
            cand --max-turns-per-round 'Entries per agent per round'
            cand --turn-timeout 'Seconds an agent has for its turn before escalation applies'
            cand --threshold 'The consensus threshold, in [0, 1] (0 disables detection)'
            cand --mode 'How consensus is computed'
            cand --escalation 'What happens when a turn times out'
            cand --max-rounds 'The limit on rounds'
            cand --output-format 'Whether entries must carry every structured field'
            cand --context 'The Context section (markdown)'
            cand --context-file 'Read the Context section from a file'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;validate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;append'= {
            cand --author 'The agent writing the entry (one of the session''s agents)'
            cand --stance 'approve, reject, neutral or defer (or the runtime words: agree, disagree, ...)'
            cand --confidence 'A number in [0, 1], or a percentage such as 85%'
            cand --summary 'One line summing the entry up'
            cand --action-requested 'The next step asked for (supervised: name the next agent), or n/a'
            cand --evidence 'Supporting references, comma-separated, or n/a'
            cand --status 'The entry status: yield passes the turn, closed finishes without hand-off'
            cand --body 'The body (markdown, headings of level 3 or below)'
            cand --body-file 'Read the body from a file'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;status'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;next'= {
            cand --timeout 'Give up with exit 124 after SECS'
            cand --poll-interval 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --wait 'Block until it is the agent''s turn (0) or the session has ended (2)'
            cand --poll 'Re-check on a timer instead of file events (automatic on network filesystems)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;consensus'= {
            cand --mode 'Compute in this mode instead of the session''s'
            cand --threshold 'Use this threshold instead of the session''s, in [0, 1]'
            cand --round 'The round to evaluate [default: the latest round present]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;escalate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;help'= {
            cand new 'Create a session file (never overwrites: exit 3 if FILE exists)'
            cand validate 'Check session files against the Bounce Protocol; reports every finding'
            cand append 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
            cand status 'The current round, who may write next, whether the session ended, the consensus'
            cand next '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
            cand consensus 'The consensus of the latest round (or round N), in any mode'
            cand escalate 'Apply the escalation policy when the current turn is past turn-timeout'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;bounce;help;new'= {
        }
        &'parley;bounce;help;validate'= {
        }
        &'parley;bounce;help;append'= {
        }
        &'parley;bounce;help;status'= {
        }
        &'parley;bounce;help;next'= {
        }
        &'parley;bounce;help;consensus'= {
        }
        &'parley;bounce;help;escalate'= {
        }
        &'parley;bounce;help;help'= {
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
            cand bounce 'Bounce sessions: one markdown file of turn-taking entries, validated and appended safely'
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
        &'parley;help;bounce'= {
            cand new 'Create a session file (never overwrites: exit 3 if FILE exists)'
            cand validate 'Check session files against the Bounce Protocol; reports every finding'
            cand append 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
            cand status 'The current round, who may write next, whether the session ended, the consensus'
            cand next '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
            cand consensus 'The consensus of the latest round (or round N), in any mode'
            cand escalate 'Apply the escalation policy when the current turn is past turn-timeout'
        }
        &'parley;help;bounce;new'= {
        }
        &'parley;help;bounce;validate'= {
        }
        &'parley;help;bounce;append'= {
        }
        &'parley;help;bounce;status'= {
        }
        &'parley;help;bounce;next'= {
        }
        &'parley;help;bounce;consensus'= {
        }
        &'parley;help;bounce;escalate'= {
        }
        &'parley;help;help'= {
        }
    ]
    $completions[$command]
}
