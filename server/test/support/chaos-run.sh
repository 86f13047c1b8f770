#!/bin/sh
# `npm run chaos` (as root, from server/): every chaos scenario, CHAOS_RUNS times (default 3), one
# file at a time (their clusters would otherwise share the machine), then the figures of every
# run by scenario (chaos-summary.ts; docs/BENCHMARKS.md, "Chaos"). Scenarios: cuts of 0.5x,
# 0.8x, 2x and 5x the lease, a process paused 2x the lease, Redis paused (lease-cut.test.ts);
# the Redis primary killed under Sentinel with a slap race open (redis-failover.test.ts); two
# processes killed at once (chaos-kill.test.ts); a 1 s blip of one process's Redis connections,
# which must move no table (lease-blip.test.ts, its own 6 s lease). Exits non-zero if a run failed or lost a step.
out=${CHAOS_OUT:-$(mktemp /tmp/chaos-XXXXXX.jsonl)}
: > "$out"
status=0
for i in $(seq "${CHAOS_RUNS:-3}"); do
  CHAOS_OUT="$out" CUT_LEASE_MS="${CUT_LEASE_MS:-5000}" CUT_TABLES_PER_GAME="${CUT_TABLES_PER_GAME:-3}" \
    npx vitest run --no-file-parallelism test/lease-cut.test.ts test/redis-failover.test.ts test/chaos-kill.test.ts test/lease-blip.test.ts || status=1
done
npx tsx test/support/chaos-summary.ts "$out" || status=1
echo "runs: $out"
exit $status
