"""The report of bench/redirect.sh: medians, ratios against nginx in the same round, verdicts."""
from __future__ import annotations

import os
import statistics

TARGET_SHARE = 0.10     # gateway saturation ≥ 10 % of nginx's return 302
TARGET_P99_MS = 10.0    # at the paced rate, with zero errors
RATE_TOLERANCE = 0.98   # a paced run counts as "at the rate" when it achieved ≥ 98 % of it
ALLOWED_DURING_RESTART = {"target", "503 database_unavailable"}


def report(rounds, click_checks, exact, modes, names, scenarios, args, setup_line) -> int:
    def median(name, mode, key):
        return statistics.median(r[(name, mode)][key] for r in rounds)

    def median_ratio(name, mode, key):
        return statistics.median(r[(name, mode)][key] / r[("nginx", mode)][key] for r in rounds)

    print()
    print(f"GET /s/{{code}} redirect · {setup_line}")
    print(f"medians of {len(rounds)} rounds; ratios against nginx in the same round" if len(rounds) > 1
          else "one round; ratios against nginx in the same run")
    print(f"{'scenario':<21}{'load':<8}{'req/s':>7}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'req/s ×':>9}{'p99 ×':>8}"
          f"{'CPU ms/req':>12}{'hot worker':>12}{'others':>8}")
    for mode, _ in modes:
        for name in names:
            row = {key: median(name, mode, key) for key in ("rps", "p50", "p99", "cpu_ms", "hot_worker", "other")}
            errors = sum(r[(name, mode)]["errors"] for r in rounds)
            print(f"{scenarios[name][0]:<21}{mode:<8}{row['rps']:>7.0f}{row['p50']:>8.2f}{row['p99']:>8.2f}{errors:>7d}"
                  f"{median_ratio(name, mode, 'rps'):>8.3f}×{median_ratio(name, mode, 'p99'):>7.2f}×"
                  f"{row['cpu_ms']:>12.3f}{row['hot_worker']:>12.2f}{row['other']:>8.2f}")
        print()
    print("CPU ms/req: CPU time per request of every process this benchmark started (wrk excluded)\n"
          "hot worker: cores used by the busiest worker of the service answering (1.00 = a whole core)\n"
          f"others:     cores used by processes this benchmark did not start ({os.cpu_count()} = the whole machine);"
          " high means\n            the numbers measure the neighbours too\n")
    if len(rounds) > 1:
        print("spread over rounds (min–max):")
        for mode, _ in modes:
            for name in names:
                values = [r[(name, mode)] for r in rounds]
                rps, p99 = [v["rps"] for v in values], [v["p99"] for v in values]
                share = [v["rps"] / r[("nginx", mode)]["rps"] for v, r in zip(values, rounds)]
                print(f"  {scenarios[name][0]:<21}{mode:<8}req/s {min(rps):>6.0f}–{max(rps):<6.0f}"
                      f"  ×nginx {min(share):.3f}–{max(share):.3f}  p99 {min(p99):>6.2f}–{max(p99):<6.2f} ms")
        print()

    failures = []
    paced, saturated = modes[0][0], modes[1][0]
    for number, r in enumerate(rounds, 1):
        gateway, nginx = r[("gateway", saturated)], r[("nginx", saturated)]
        share = gateway["rps"] / nginx["rps"]
        verdict = "PASS" if share >= TARGET_SHARE else "FAIL"
        print(f"round {number}: gateway saturation {gateway['rps']:.0f} req/s = {share:.1%} of nginx's"
              f" {nginx['rps']:.0f} (target ≥ {TARGET_SHARE:.0%}): {verdict}")
        if verdict == "FAIL":
            failures.append(f"round {number} saturation")
        result = r[("gateway", paced)]
        misses = [f"p99 {result['p99']:.2f} ms"] if result["p99"] >= TARGET_P99_MS else []
        misses += [f"{result['errors']} errors"] if result["errors"] else []
        misses += [f"only {result['rps']:.0f} req/s"] if result["rps"] < RATE_TOLERANCE * args.rate else []
        print(f"round {number}: gateway at {args.rate} req/s: p99 {result['p99']:.2f} ms, {result['errors']} errors"
              f" (target p99 < {TARGET_P99_MS:g} ms, 0 errors): {'PASS' if not misses else 'FAIL (' + '; '.join(misses) + ')'}")
        if misses:
            failures.append(f"round {number} paced")

    wrong = [c for c in click_checks if not (c[3] <= c[2] <= c[4])]
    for name, mode, delta, ok, sent in wrong:
        print(f"clicks WRONG: {name} {mode}: +{delta} clicks for {ok} redirects ({sent} requests sent)")
    if wrong:
        failures.append("wrk click counts")
    else:
        in_flight = sum(c[4] - c[3] for c in click_checks)
        print(f"clicks OK in {len(click_checks)} wrk runs: redirects ≤ new clicks ≤ requests sent"
              f" ({in_flight} requests were in flight when wrk stopped, so wrk runs can only bound the count)")
    for what, expected, got, tally in exact:
        outcomes = ", ".join(f"{count} {outcome}" for outcome, count in sorted(tally.items()))
        ok = got == expected
        if what.startswith("max_clicks"):
            ok = ok and tally["target"] == expected and set(tally) <= {"target", "home"}
        elif what.startswith("Postgres restart"):
            ok = ok and set(tally) <= ALLOWED_DURING_RESTART
        else:
            ok = ok and set(tally) == {"target"}
        print(f"{'exact OK' if ok else 'exact WRONG'}: {what}: {got} clicks, expected {expected} ({outcomes})")
        if not ok:
            failures.append(what)
    print(f"\nverdict: {'PASS' if not failures else 'FAIL: ' + ', '.join(failures)}")
    return 1 if failures else 0
