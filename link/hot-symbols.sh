#!/usr/bin/env bash
# Regenerates link/hot-symbols.txt: the functions the common commands run, which build.rs has
# the linker place together at the start of the executable's code (see docs/design.md,
# "Start-up and the build"). Needs valgrind and nm; run from anywhere, after a change that
# renames or adds many of the functions those commands run, or after a new Rust release
# (the symbols' hashes change with the compiler). A stale list costs only speed.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
triple=$(rustc -vV | sed -n 's/^host: //p')
bin="$PWD/target/$triple/release/parley"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The commands the benchmark times, on directories like its own (fewer issues: the
# functions run are the same).
neg="$work/neg"
"$bin" init "$neg" 3 >/dev/null
for agent in agent-0 agent-1 agent-2; do "$bin" register "$neg" "$agent" >/dev/null; done
"$bin" wait-for-start "$neg" agent-0 --allow-partial --timeout 0 >/dev/null 2>&1
"$bin" file-draft-issue "$neg" agent-0 a-draft >/dev/null
for agent in agent-0 agent-1 agent-2; do "$bin" end-analysis "$neg" "$agent" >/dev/null; done
# Enough positions files for a hand-over to look them up on two threads (from 256 on).
for n in $(seq 1 300); do
  printf '# Issue: Issue %s\n\n## Question\nWhich?\n' "$n" >"$neg/issues/$(printf %02d "$n")-issue-$n.md"
  printf "# Positions: Issue %s\n\n## agent-0's position (round 1)\nA.\n\n## Status: AGREED\nA.\n" "$n" \
    >"$neg/positions/$(printf %02d "$n")-issue-$n.md"
done
"$bin" status "$neg" >/dev/null
# Settled, and handed over twice untraced: the traced hand-over then finds every file as
# the digests file keeps it, without listing the directory, as the benchmark's do.
sleep 1.2
"$bin" hand-off "$neg" "$(cat "$neg/turn.md")" >/dev/null
"$bin" hand-off "$neg" "$(cat "$neg/turn.md")" >/dev/null
reg="$work/reg"
"$bin" init "$reg" 100 >/dev/null
drafts="$work/drafts"
"$bin" init "$drafts" 3 >/dev/null
for agent in agent-0 agent-1 agent-2; do "$bin" register "$drafts" "$agent" >/dev/null; done
"$bin" wait-for-start "$drafts" agent-0 --allow-partial --timeout 0 >/dev/null 2>&1
bounce="$work/bounce.md"
"$bin" bounce new "$bounce" --title Symbols --agents agent-1,agent-2 --max-rounds 3 --context Listing. >/dev/null
parliament="$work/parliament"
"$bin" parliament init "$parliament" --problem "A cache" --rep "rep_1:Rep. One:cost" --rep "rep_2:Rep. Two:speed" >/dev/null
printf '{"type":"QUESTION","from":"rep_2","to":"rep_1","content":{"topic":"cost","question":"Why?","motive_context":"Cost."}}' >"$work/message.json"

n=0
traced() {
  n=$((n + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/trace.$n" "$bin" "$@" >/dev/null 2>&1 || true
}
traced --version
traced poll "$neg" agent-0
traced status "$neg"
traced hand-off "$neg" "$(cat "$neg/turn.md")"
traced wait "$neg" agent-0 --timeout 0
traced register "$reg" agent-9
traced new-issue "$reg" a-topic
traced file-draft-issue "$drafts" agent-1 another-draft
traced end-analysis "$drafts" agent-0
traced check "$neg"
traced bounce validate "$bounce"
traced parliament append "$parliament" "$work/message.json"

# Every function a trace names (as called or calling), ordered by how many of the commands
# run it (the start-up every command runs first), then by the first command above that runs
# it (so that what one command runs alone lies together), then by name; only the
# executable's own.
nm --defined-only "$bin" | awk '{print $3}' | sort -u >"$work/defined"
for i in $(seq 1 "$n"); do
  sed -nE 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$work/trace.$i" | sort -u | sed "s/^/$i /"
done | awk '{ count[$2]++; if (!($2 in first)) first[$2] = $1 }
  END { for (f in count) print count[f], first[f], f }' |
  sort -k1,1nr -k2,2n -k3,3 | awk '{print $3}' >"$work/ranked"
# The C library's string functions in every variant: which one runs is chosen for the
# processor at start-up, and valgrind's is not the machine's (it has no AVX-512).
grep -E '^__(mem|str|stp|wmem|wcs|raw)[a-z0-9]*_(sse|ssse|avx|evex|erms)' "$work/defined" >>"$work/ranked" || true
awk 'NR == FNR { defined[$0] = 1; next } defined[$0]' "$work/defined" "$work/ranked" >link/hot-symbols.txt
echo "link/hot-symbols.txt: $(wc -l <link/hot-symbols.txt) functions"
