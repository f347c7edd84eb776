
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Create a negotiation directory (init.sh DIR NUM_AGENTS [WINDOW])'
            cand register 'Register an agent while registration is open (register.sh DIR AGENT)'
            cand wait-for-start 'Block until registration completes and set the first turn (wait-for-start.sh)'
            cand file-draft-issue 'File a private draft issue in the analysis phase; prints the file name'
            cand end-analysis 'End the holder''s analysis turn; the last one merges all drafts'
            cand poll 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
            cand wait 'Block until it is the agent''s turn (0) or the negotiation is finished (2)'
            cand new-issue 'Raise a new issue in the positions phase; prints the file name'
            cand hand-off 'Pass the turn to the next agent (holder only)'
            cand status 'Print the turn, the agents and every issue''s status (--watch: keep it live)'
            cand position 'Append the holder''s position on an issue, numbered as its next round'
            cand challenge 'Append the holder''s challenge on an issue: the strongest case against it'
            cand agree 'Mark an issue AGREED (holder only, after another agent''s challenge)'
            cand escalate 'Mark an issue ESCALATE, for a person to settle (holder only)'
            cand resolve 'A person settles an escalated issue'
            cand audit-template 'Write the coverage-audit.md skeleton, one section per file in sources/'
            cand check 'Report edits of recorded positions: 0 none, 1 edits found'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand changes 'What changed since AGENT last handed the turn on'
            cand note 'Append a note for the other agents to notes.md (no turn needed)'
            cand duplicate 'Propose that an issue duplicates another (holder only)'
            cand reopen 'Reopen an issue another agent agreed (holder only)'
            cand sign-off 'Approve final.md and coverage-audit.md as they are now'
            cand show 'Show an issue with its entries, the whole negotiation, or one file (--file)'
            cand analysis 'Write the holder''s analysis/AGENT.md (analysis phase)'
            cand audit 'Write coverage-audit.md (holder, positions phase)'
            cand final 'Write final.md (holder, after the audit, no issue open)'
            cand log 'Print the event log of a negotiation'
            cand watch 'A live view of a negotiation, redrawn on every change; exit 2 once finished'
            cand report 'Write a negotiation as one self-contained HTML page'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand man 'Write one man page per command and subcommand into DIR'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand skill 'Print the skill file that teaches agents parley (--install DIR, --check DIR)'
            cand mcp 'Serve the protocols as MCP tools over stdio, for agents that call tools'
            cand serve 'Serve the MCP tools over HTTP to agents on other machines'
            cand token 'Make, list and revoke the bearer tokens of parley serve'
            cand feedback 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
            cand agent 'Agent identities and heartbeats (operative protocol)'
            cand scope 'Scope normalization and overlap (operative protocol)'
            cand reserve 'Reserve a scope for an agent, renew it, or take over a stale one'
            cand release 'Release a reservation (owner only)'
            cand reservations 'List held reservations (or archived ones)'
            cand event 'Send a protocol event, or mark one seen or accepted'
            cand events 'The protocol event timeline'
            cand session 'Start a session: register a new identity or adopt one (never prompts)'
            cand bounce 'Bounce sessions: a markdown file of turn-taking entries, validated and appended'
            cand parliament 'The parliament ledger: checked appends, validation, tally, gate and clock'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --sign-off 'finish needs every agent''s `sign-off` (the default; kept for scripts)'
            cand --no-sign-off 'finish needs no sign-off (what script-named links do)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;register'= {
            cand --participant 'The participant (model session) behind this agent [env: NEGOTIATE_PARTICIPANT_ID, CLAUDE_SESSION_ID, CODEX_THREAD_ID]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --file 'Read the whole issue from FILE (`-` is stdin), in the template''s shape: `# Issue: TITLE`, then `## Question`, `## Context`, `## Position A`, `## Position B`'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;end-analysis'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;hand-off'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;status'= {
            cand --timeout 'With --watch: stop with exit 124 after SECS'
            cand --agent 'Only what AGENT can act on now (its turn, issues to answer, to agree, sign-off, ...)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --watch 'Keep the view on screen, redrawn on every change (the same as `parley watch DIR`)'
            cand --once 'With --watch: print one snapshot and exit'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agree'= {
            cand --decision 'The decision, written under `## Status: AGREED` (none: agree to a duplicate proposal)'
            cand --file 'Read the decision from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --duplicates 'Confirm every pending duplicate proposal by another agent (no issue, no decision)'
            cand --check 'Only say whether agree would be accepted now (0, or agree''s refusal); change nothing'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;escalate'= {
            cand --summary 'The disagreement, for the person who will settle it'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;audit-template'= {
            cand --agent 'The agent writing the template, recorded in the log'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;check'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;finish'= {
            cand --agent 'The agent running finish: recorded in the log, excused from the sign-off'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --allow-escalated 'Finish although some issues are ESCALATE; they are listed as unresolved'
            cand --accept-edits 'Finish although recorded positions were edited; the edits are listed and logged as accepted'
            cand --check 'Only report readiness, as finish would (0 ready, 1 with every reason); change nothing'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;changes'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;note'= {
            cand --body 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md'
            cand --file 'Read the text from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;duplicate'= {
            cand --of 'The issue it duplicates, which stays: its number or its file name'
            cand --reason 'Why, if the titles do not say it'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --likely 'Propose every likely duplicate the tool found (chains onto their lowest number)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;reopen'= {
            cand --reason 'Why the agreement must be questioned (counts as the reopener''s challenge)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;sign-off'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;show'= {
            cand --file 'A file, relative to DIR (sources/NAME, analysis/AGENT.md, notes.md, ...)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;analysis'= {
            cand --body 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md'
            cand --file 'Read the text from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;audit'= {
            cand --body 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md'
            cand --file 'Read the text from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;final'= {
            cand --body 'The text: a note''s text, appended; or the whole new text of analysis/AGENT.md, coverage-audit.md or final.md'
            cand --file 'Read the text from FILE (`-` is stdin)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;log'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;watch'= {
            cand --timeout 'Stop with exit 124 after SECS (the last snapshot stays on screen)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --force 'Replace an existing file at OUT (never a symbolic link)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;links'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --force 'Replace files in the way that are not links to parley'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;completions'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;man'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --force 'Replace pages that differ from this parley''s (never a symbolic link)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;skill'= {
            cand --install 'Write DIR/parley/SKILL.md (DIR: a skills folder); exit 3 if a different file is there'
            cand --check 'Compare DIR/parley/SKILL.md with this binary''s skill: 0 the same, 1 differs, 66 missing'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --force 'With --install: replace a different SKILL.md (never a symbolic link)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;mcp'= {
            cand --protocols 'Expose only these protocols'' tools (wait is always there) [default: all]'
            cand --feedback-provider 'The only provider `feedback ask` may run, split at spaces (no shell quoting)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;serve'= {
            cand --listen 'The address to listen on (port 0 picks a free one)'
            cand --tokens 'Require a bearer token from this file on every request (see parley token)'
            cand --allowed-host 'A Host header to accept besides the listen address, localhost and 127.0.0.1 (repeatable)'
            cand --allowed-origin 'A browser Origin to accept besides the server''s own (repeatable)'
            cand --tls-cert 'Serve HTTPS with this certificate chain (PEM)'
            cand --tls-key 'The private key of --tls-cert (PEM)'
            cand --header-timeout 'Close a connection whose request headers (or TLS handshake) take longer than this'
            cand --protocols 'Expose only these protocols'' tools (wait is always there) [default: all]'
            cand --feedback-provider 'The only provider `feedback ask` may run, split at spaces (no shell quoting)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;token'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand new 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
            cand list 'List FILE''s tokens: label, role, agent, date (never a token)'
            cand revoke 'Revoke the token labelled LABEL (a running server notices at once)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;token;new'= {
            cand --agent 'A token that acts only as this agent'
            cand --label 'A unique name for the token, to list and revoke it by'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --admin 'A token that may do everything (resolve, the Speaker''s messages, ...)'
            cand --viewer 'A token that may only call what changes nothing'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;token;list'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;token;revoke'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;token;help'= {
            cand new 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
            cand list 'List FILE''s tokens: label, role, agent, date (never a token)'
            cand revoke 'Revoke the token labelled LABEL (a running server notices at once)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;token;help;new'= {
        }
        &'parley;token;help;list'= {
        }
        &'parley;token;help;revoke'= {
        }
        &'parley;token;help;help'= {
        }
        &'parley;feedback'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;feedback;log'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
        &'parley;agent'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand register 'Create an identity for this session; a name that already has a record is refused'
            cand heartbeat 'Record that the agent is alive now (idempotent)'
            cand list 'Every agent with its liveness (active, stale, evicted)'
            cand show 'One agent''s record, liveness and reservations'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;agent;register'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --role 'What the agent does (free text, one line)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agent;heartbeat'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agent;list'= {
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agent;show'= {
            cand --agent 'The agent to show (reading a record is not a heartbeat)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;agent;help'= {
            cand register 'Create an identity for this session; a name that already has a record is refused'
            cand heartbeat 'Record that the agent is alive now (idempotent)'
            cand list 'Every agent with its liveness (active, stale, evicted)'
            cand show 'One agent''s record, liveness and reservations'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;agent;help;register'= {
        }
        &'parley;agent;help;heartbeat'= {
        }
        &'parley;agent;help;list'= {
        }
        &'parley;agent;help;show'= {
        }
        &'parley;agent;help;help'= {
        }
        &'parley;scope'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand overlap 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;scope;overlap'= {
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;scope;help'= {
            cand overlap 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;scope;help;overlap'= {
        }
        &'parley;scope;help;help'= {
        }
        &'parley;reserve'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --scope 'The path or directory to reserve (relative to the project root)'
            cand --bead 'The bead (work item) the reservation is for'
            cand --ttl 'Minutes the reservation holds without renewal (1 to 10080)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --takeover-stale 'Take over reservations whose owner is stale, evicted or unknown, or whose TTL ran out'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;release'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --scope 'The reserved scope, as it was reserved'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;reservations'= {
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --archived 'List archived reservations (released or expired) instead of the held ones'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;event'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand handoff 'Pass work to another agent (shown as "Passed to")'
            cand blocked 'Ask another agent for input you are blocked on (shown as "Needs input")'
            cand read 'Mark an event addressed to you as seen ("Seen")'
            cand ack 'Accept an event addressed to you ("Accepted"; idempotent)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;event;handoff'= {
            cand --from 'The sending agent'
            cand --to 'The receiving agent'
            cand --bead 'The bead the event is about'
            cand --scope 'The scope the event is about'
            cand --subject 'One-line subject'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --summary 'What was done'
            cand --next-action 'What the receiver should do next'
            cand --requires-ack 'Whether the receiver must accept it'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;event;blocked'= {
            cand --from 'The sending agent'
            cand --to 'The receiving agent'
            cand --bead 'The bead the event is about'
            cand --scope 'The scope the event is about'
            cand --subject 'One-line subject'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --blocker 'What blocks the sender'
            cand --requested-action 'What the receiver is asked to do'
            cand --urgency 'How urgent it is'
            cand --requires-ack 'Whether the receiver must accept it (a BLOCKED event always does: false is refused)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;event;read'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --event 'The event''s id (proto_YYYYMMDD_NNN)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;event;ack'= {
            cand --agent 'The agent''s name (^[a-z0-9]+(-[a-z0-9]+)*$, 3 to 48 characters)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --event 'The event''s id (proto_YYYYMMDD_NNN)'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;event;help'= {
            cand handoff 'Pass work to another agent (shown as "Passed to")'
            cand blocked 'Ask another agent for input you are blocked on (shown as "Needs input")'
            cand read 'Mark an event addressed to you as seen ("Seen")'
            cand ack 'Accept an event addressed to you ("Accepted"; idempotent)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'parley;event;help;handoff'= {
        }
        &'parley;event;help;blocked'= {
        }
        &'parley;event;help;read'= {
        }
        &'parley;event;help;ack'= {
        }
        &'parley;event;help;help'= {
        }
        &'parley;events'= {
            cand --bead 'Only events about this bead'
            cand --agent 'Only events from or to this agent (a filter, not a heartbeat)'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --unacked 'Only events that require an acknowledgement not given yet'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;session'= {
            cand --register 'Start the session under a new, unique identity'
            cand --adopt 'Resume an existing identity, if the evidence allows it'
            cand --scope 'The scope the adopting session claims (checked against uncommitted changes)'
            cand --role 'The role of a newly registered identity'
            cand --project-root 'The project root [default: the git top level of the current directory, else the current directory]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --non-interactive 'Never prompt (parley never does; accepted for the protocol''s command line)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand wait 'Block until it is AGENT''s turn (0) or the session has ended (2)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;validate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;status'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;escalate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;bounce;wait'= {
            cand --timeout 'Give up with exit 124 after SECS'
            cand --poll-interval 'Seconds between re-checks when polling [default: meta.md poll_interval_seconds]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --poll 'Re-check on a timer instead of file events (automatic on network filesystems)'
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
            cand wait 'Block until it is AGENT''s turn (0) or the session has ended (2)'
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
        &'parley;bounce;help;wait'= {
        }
        &'parley;bounce;help;help'= {
        }
        &'parley;parliament'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;append'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;validate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --append 'Append the tally to the ledger as the Speaker''s VOTE_TALLY'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;gate'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;clock'= {
            cand --round 'The round [default: the current round; round 0 has round 1''s clock]'
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;round'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
            cand --apply 'Write incorporated / rejected into bill.json for amendments still open'
            cand --json 'Print one JSON object {"ok","command","data","error"} instead of text'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'parley;parliament;status'= {
            cand --lock-timeout 'Give up with exit 75 if the directory lock is not acquired within SECS [default: 10]'
            cand --server 'Run the command on this `parley serve` (token: PARLEY_TOKEN; its own TLS certificate: PARLEY_CA)'
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
            cand wait-for-start 'Block until registration completes and set the first turn (wait-for-start.sh)'
            cand file-draft-issue 'File a private draft issue in the analysis phase; prints the file name'
            cand end-analysis 'End the holder''s analysis turn; the last one merges all drafts'
            cand poll 'One check: 0 your turn, 1 wait, 2 finished (blocks with --wait)'
            cand wait 'Block until it is the agent''s turn (0) or the negotiation is finished (2)'
            cand new-issue 'Raise a new issue in the positions phase; prints the file name'
            cand hand-off 'Pass the turn to the next agent (holder only)'
            cand status 'Print the turn, the agents and every issue''s status (--watch: keep it live)'
            cand position 'Append the holder''s position on an issue, numbered as its next round'
            cand challenge 'Append the holder''s challenge on an issue: the strongest case against it'
            cand agree 'Mark an issue AGREED (holder only, after another agent''s challenge)'
            cand escalate 'Mark an issue ESCALATE, for a person to settle (holder only)'
            cand resolve 'A person settles an escalated issue'
            cand audit-template 'Write the coverage-audit.md skeleton, one section per file in sources/'
            cand check 'Report edits of recorded positions: 0 none, 1 edits found'
            cand finish 'Check that everything is agreed and audited, then mark the negotiation done'
            cand changes 'What changed since AGENT last handed the turn on'
            cand note 'Append a note for the other agents to notes.md (no turn needed)'
            cand duplicate 'Propose that an issue duplicates another (holder only)'
            cand reopen 'Reopen an issue another agent agreed (holder only)'
            cand sign-off 'Approve final.md and coverage-audit.md as they are now'
            cand show 'Show an issue with its entries, the whole negotiation, or one file (--file)'
            cand analysis 'Write the holder''s analysis/AGENT.md (analysis phase)'
            cand audit 'Write coverage-audit.md (holder, positions phase)'
            cand final 'Write final.md (holder, after the audit, no issue open)'
            cand log 'Print the event log of a negotiation'
            cand watch 'A live view of a negotiation, redrawn on every change; exit 2 once finished'
            cand report 'Write a negotiation as one self-contained HTML page'
            cand links 'Create links named like the old scripts that run this binary'
            cand completions 'Print a completion script for a shell'
            cand man 'Write one man page per command and subcommand into DIR'
            cand demo 'Play a protocol end to end between scripted agents, each step a separate process'
            cand skill 'Print the skill file that teaches agents parley (--install DIR, --check DIR)'
            cand mcp 'Serve the protocols as MCP tools over stdio, for agents that call tools'
            cand serve 'Serve the MCP tools over HTTP to agents on other machines'
            cand token 'Make, list and revoke the bearer tokens of parley serve'
            cand feedback 'Agent Feedback Protocol: validate payloads, extract responses, ask a provider'
            cand agent 'Agent identities and heartbeats (operative protocol)'
            cand scope 'Scope normalization and overlap (operative protocol)'
            cand reserve 'Reserve a scope for an agent, renew it, or take over a stale one'
            cand release 'Release a reservation (owner only)'
            cand reservations 'List held reservations (or archived ones)'
            cand event 'Send a protocol event, or mark one seen or accepted'
            cand events 'The protocol event timeline'
            cand session 'Start a session: register a new identity or adopt one (never prompts)'
            cand bounce 'Bounce sessions: a markdown file of turn-taking entries, validated and appended'
            cand parliament 'The parliament ledger: checked appends, validation, tally, gate and clock'
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
        &'parley;help;changes'= {
        }
        &'parley;help;note'= {
        }
        &'parley;help;duplicate'= {
        }
        &'parley;help;reopen'= {
        }
        &'parley;help;sign-off'= {
        }
        &'parley;help;show'= {
        }
        &'parley;help;analysis'= {
        }
        &'parley;help;audit'= {
        }
        &'parley;help;final'= {
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
        &'parley;help;man'= {
        }
        &'parley;help;demo'= {
        }
        &'parley;help;skill'= {
        }
        &'parley;help;mcp'= {
        }
        &'parley;help;serve'= {
        }
        &'parley;help;token'= {
            cand new 'Make a token, print it once, and store only its hash in FILE (created mode 0600)'
            cand list 'List FILE''s tokens: label, role, agent, date (never a token)'
            cand revoke 'Revoke the token labelled LABEL (a running server notices at once)'
        }
        &'parley;help;token;new'= {
        }
        &'parley;help;token;list'= {
        }
        &'parley;help;token;revoke'= {
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
        &'parley;help;agent'= {
            cand register 'Create an identity for this session; a name that already has a record is refused'
            cand heartbeat 'Record that the agent is alive now (idempotent)'
            cand list 'Every agent with its liveness (active, stale, evicted)'
            cand show 'One agent''s record, liveness and reservations'
        }
        &'parley;help;agent;register'= {
        }
        &'parley;help;agent;heartbeat'= {
        }
        &'parley;help;agent;list'= {
        }
        &'parley;help;agent;show'= {
        }
        &'parley;help;scope'= {
            cand overlap 'Classify two scopes: exact, partial or disjoint (then the normalized forms)'
        }
        &'parley;help;scope;overlap'= {
        }
        &'parley;help;reserve'= {
        }
        &'parley;help;release'= {
        }
        &'parley;help;reservations'= {
        }
        &'parley;help;event'= {
            cand handoff 'Pass work to another agent (shown as "Passed to")'
            cand blocked 'Ask another agent for input you are blocked on (shown as "Needs input")'
            cand read 'Mark an event addressed to you as seen ("Seen")'
            cand ack 'Accept an event addressed to you ("Accepted"; idempotent)'
        }
        &'parley;help;event;handoff'= {
        }
        &'parley;help;event;blocked'= {
        }
        &'parley;help;event;read'= {
        }
        &'parley;help;event;ack'= {
        }
        &'parley;help;events'= {
        }
        &'parley;help;session'= {
        }
        &'parley;help;bounce'= {
            cand new 'Create a session file (never overwrites: exit 3 if FILE exists)'
            cand validate 'Check session files against the Bounce Protocol; reports every finding'
            cand append 'Append one entry under an exclusive lock (turn, round, id and time are computed)'
            cand status 'The current round, who may write next, whether the session ended, the consensus'
            cand next '0 it is AGENT''s turn, 1 not yet, 2 the session has ended (blocks with --wait)'
            cand consensus 'The consensus of the latest round (or round N), in any mode'
            cand escalate 'Apply the escalation policy when the current turn is past turn-timeout'
            cand wait 'Block until it is AGENT''s turn (0) or the session has ended (2)'
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
        &'parley;help;bounce;wait'= {
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
