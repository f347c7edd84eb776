
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
            cand status 'Print the turn, the agents and every issue with its status (--watch: keep it live)'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand watch 'A live view of a negotiation, redrawn on every change; exits 2 once it is finished'
            cand report 'Write a negotiation as one self-contained HTML page'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand feedback 'The Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
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
            cand --timeout 'With --watch: stop with exit 124 after SECS'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --watch 'Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)'
            cand --once 'With --watch: print one snapshot and exit'
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
        &'parley;watch'= {
            cand --timeout 'Stop with exit 124 after SECS (the last snapshot stays on screen)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --once 'Print one snapshot and exit'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;report'= {
            cand --html 'Where to write the page (refused if something is there, unless --force)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --force 'Replace an existing file at OUT (never a symbolic link)'
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
        &'parley;feedback'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand validate 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
            cand extract 'Print the Response Object carried by a tool''s NDJSON stream, then check it'
            cand ask 'Send the next request to a provider, check its answer and keep the round in DIR'
            cand log 'Every iteration in DIR, and what became of each feedback item'
            cand mock-provider 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;feedback;validate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand request 'Check a Request Object'
            cand response 'Check a Response Object'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;feedback;validate;request'= {
            cand --previous 'The previous response: applied ids must be among its areas for improvement'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;validate;response'= {
            cand --request 'The request it answers: iteration echoed, one acknowledgement per applied decision'
            cand --previous 'The previous response: unknown applied ids must be marked unknown_id'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;validate;help'= {
            cand request 'Check a Request Object'
            cand response 'Check a Response Object'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;feedback;validate;help;request'= {
        }
        &'parley;feedback;validate;help;response'= {
        }
        &'parley;feedback;validate;help;help'= {
        }
        &'parley;feedback;extract'= {
            cand --request 'Also check the response against the request it answers'
            cand --previous 'Also check the response against the previous response'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;ask'= {
            cand --artifact 'The file to get feedback on, sent as text'
            cand --media-type 'Its MIME type [default: guessed from the file name, text/plain when unknown]'
            cand --artifact-ref 'An identifier of this version of the artifact (a commit, a checksum)'
            cand --apply 'A decision on an item of the previous feedback, ID=STATUS[:REASON_CODE[:EXPLANATION]] with STATUS accepted, rejected or partial (repeatable)'
            cand --timeout 'Kill the provider''s process group and give up with exit 124 after SECS [default: 600]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;log'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;mock-provider'= {
            cand --seed 'Varies the canned feedback; the same seed and request give the same stream'
            cand --session 'The session to answer in, as a tool''s --session [default: one made from the seed]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;help'= {
            cand validate 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
            cand extract 'Print the Response Object carried by a tool''s NDJSON stream, then check it'
            cand ask 'Send the next request to a provider, check its answer and keep the round in DIR'
            cand log 'Every iteration in DIR, and what became of each feedback item'
            cand mock-provider 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;feedback;help;validate'= {
            cand request 'Check a Request Object'
            cand response 'Check a Response Object'
        }
        &'parley;feedback;help;validate;request'= {
        }
        &'parley;feedback;help;validate;response'= {
        }
        &'parley;feedback;help;extract'= {
        }
        &'parley;feedback;help;ask'= {
        }
        &'parley;feedback;help;log'= {
        }
        &'parley;feedback;help;mock-provider'= {
        }
        &'parley;feedback;help;help'= {
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
            cand status 'Print the turn, the agents and every issue with its status (--watch: keep it live)'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand log 'Print the event log of a negotiation'
            cand watch 'A live view of a negotiation, redrawn on every change; exits 2 once it is finished'
            cand report 'Write a negotiation as one self-contained HTML page'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand feedback 'The Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
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
        &'parley;help;watch'= {
        }
        &'parley;help;report'= {
        }
        &'parley;help;links'= {
        }
        &'parley;help;completions'= {
        }
        &'parley;help;demo'= {
        }
        &'parley;help;feedback'= {
            cand validate 'Check a Request or Response Object: every finding and a verdict (exit 0 valid, 1 invalid)'
            cand extract 'Print the Response Object carried by a tool''s NDJSON stream, then check it'
            cand ask 'Send the next request to a provider, check its answer and keep the round in DIR'
            cand log 'Every iteration in DIR, and what became of each feedback item'
            cand mock-provider 'A provider stand-in: reads a request on stdin, writes a stream with canned feedback'
        }
        &'parley;help;feedback;validate'= {
            cand request 'Check a Request Object'
            cand response 'Check a Response Object'
        }
        &'parley;help;feedback;validate;request'= {
        }
        &'parley;help;feedback;validate;response'= {
        }
        &'parley;help;feedback;extract'= {
        }
        &'parley;help;feedback;ask'= {
        }
        &'parley;help;feedback;log'= {
        }
        &'parley;help;feedback;mock-provider'= {
        }
        &'parley;help;help'= {
        }
    ]
    $completions[$command]
}
