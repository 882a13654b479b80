#!/usr/bin/env python3
"""The CardDAV benchmark's guard: a run's ratios against the baseline kept in the repository.

  scripts/bench-guard.py RUN.json [--baseline bench/baseline.json] [--tolerance 15]
      prints every ratio of the run (scripts/bench-carddav.py --json-out) beside its baseline ratio
      and the change in %, better positive; exits 1 when any is more than --tolerance % worse than
      its baseline, 2 when a file is missing or malformed, else 0.
  scripts/bench-guard.py --write bench/baseline.json RUN.json
      writes the run's ratios as the new baseline (updating it is a deliberate commit saying why).

The baseline holds ratios only, never absolute times: ours against Radicale, Xandikos and the
previous release per workload, the bare libmicrohttpd server's GET rate over ours, and peak RSS
ours/Radicale, each with its direction. "Worse" is direction-aware: for a ratio where higher is
better (how many times as fast ours is) it is a lower value, for one where lower is better
(bare/ours, RSS ours/Radicale) a higher one; the change compares value (or 1/value) so that 15%
means the same either way. Ratios a run has no figure for (a peer left out) are listed and
skipped; so are the ours/previous ones when the run's previous release is not the baseline's,
and the whole comparison when the run's cards or wrk seconds differ from the baseline's.
Standard library only.
"""

import argparse
import json
import os
import sys

DEFAULT_BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "baseline.json")
CONDITIONS = ("cards", "seconds", "runs")
PREVIOUS = "ours/previous"


class Malformed(Exception):
    pass


def load(path, what):
    try:
        with open(path) as file:
            return json.load(file)
    except FileNotFoundError:
        raise Malformed(f"no {what} at {path}")
    except (OSError, ValueError) as error:
        raise Malformed(f"the {what} {path} cannot be read as JSON: {error}")


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and value > 0


def run_ratios(run, path):
    """The run's ratios: {id: (value or None, higher_is_better)}."""
    checks = run.get("checks") if isinstance(run, dict) else None
    if not isinstance(checks, list):
        raise Malformed(f"{path} has no list of checks: is it a scripts/bench-carddav.py --json-out file?")
    ratios = {}
    for check in checks:
        if not isinstance(check, dict) or not isinstance(check.get("id"), str) \
                or not isinstance(check.get("higher_is_better"), bool):
            raise Malformed(f"{path}: a malformed check: {check!r}")
        if check.get("ratio"):
            value = check.get("value")
            ratios[check["id"]] = (value if number(value) else None, check["higher_is_better"])
    return ratios


def baseline_ratios(baseline, path):
    ratios = baseline.get("ratios") if isinstance(baseline, dict) else None
    if not isinstance(ratios, dict) or not ratios:
        raise Malformed(f"{path} has no \"ratios\" object")
    for key, entry in ratios.items():
        if not isinstance(entry, dict) or not number(entry.get("value")) \
                or not isinstance(entry.get("higher_is_better"), bool):
            raise Malformed(f"{path}: ratio {key!r} needs a positive \"value\" and a boolean \"higher_is_better\"")
    return ratios


def previous_of(run):
    return ((run.get("servers") or {}).get("previous") or {}).get("version") or None


def same_commit(first, second):
    return bool(first and second) and (first.startswith(second) or second.startswith(first))


def write(target, run_path):
    run = load(run_path, "run")
    ratios = run_ratios(run, run_path)
    kept = {key: dict(value=round(value, 4), higher_is_better=higher)
            for key, (value, higher) in ratios.items() if value is not None}
    if not kept:
        raise Malformed(f"{run_path} has no ratios to keep")
    previous = previous_of(run)
    if previous is None:
        try:
            previous = load(target, "baseline").get("previous_release")
        except (Malformed, AttributeError):
            previous = None
    document = {
        "about": "Ratios of the CardDAV benchmark (scripts/bench-carddav.sh), never absolute times; "
                 "scripts/bench-guard.py fails a run when one is more than 15% worse. "
                 "Written by scripts/bench-guard.py --write; change it only in a commit saying why.",
        "previous_release": previous or "9a5afc0",
        **{condition: run.get(condition) for condition in CONDITIONS},
        "ratios": dict(sorted(kept.items())),
    }
    with open(target, "w") as file:
        json.dump(document, file, indent=2, ensure_ascii=False)
        file.write("\n")
    print(f"wrote {len(kept)} ratios to {target} (previous release {document['previous_release']})")
    return 0


def guard(run_path, baseline_path, tolerance):
    run = load(run_path, "run")
    baseline = load(baseline_path, "baseline")
    ratios = run_ratios(run, run_path)
    expected = baseline_ratios(baseline, baseline_path)
    print(f"Guard: this run's ratios against {baseline_path} "
          f"(fails when one is more than {tolerance:g}% worse; change: + is better)")
    differing = [f"{condition} {run.get(condition)} (baseline {baseline.get(condition)})"
                 for condition in CONDITIONS if baseline.get(condition) is not None
                 and run.get(condition) != baseline.get(condition)]
    if differing:
        print("  not compared: this run is not measured like the baseline: " + ", ".join(differing))
        return 0
    previous_matches = same_commit(previous_of(run), baseline.get("previous_release"))
    worse, skipped = [], []
    print(f"  {'ratio':<34} {'direction':>9} {'baseline':>10} {'this run':>10} {'change':>8}")
    for key, entry in expected.items():
        base, higher = entry["value"], entry["higher_is_better"]
        if key not in ratios or ratios[key][0] is None:
            skipped.append(f"{key} (not measured in this run)")
            continue
        if key.endswith(PREVIOUS) and not previous_matches:
            skipped.append(f"{key} (previous release {previous_of(run) or 'not run'}, "
                           f"baseline's {baseline.get('previous_release')})")
            continue
        value, run_higher = ratios[key]
        if run_higher != higher:
            raise Malformed(f"{key}: the run and the baseline disagree on which way is better")
        change = (value / base if higher else base / value) - 1
        verdict = "WORSE" if change < -tolerance / 100 else ""
        if verdict:
            worse.append(key)
        print(f"  {key:<34} {'higher' if higher else 'lower':>9} {base:>10.3g} {value:>10.3g} {change * 100:>+7.1f}% {verdict}")
    for key in sorted(set(ratios) - set(expected)):
        if ratios[key][0] is not None:
            print(f"  {key:<34} {'':>9} {'(none)':>10} {ratios[key][0]:>10.3g}")
    for line in skipped:
        print(f"  skipped: {line}")
    if worse:
        print(f"guard: {len(worse)} ratio(s) more than {tolerance:g}% worse than the baseline: {', '.join(worse)}")
        return 1
    print(f"guard: every compared ratio within {tolerance:g}% of its baseline or better")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", help="a scripts/bench-carddav.py --json-out file")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="the baseline (default bench/baseline.json)")
    parser.add_argument("--tolerance", type=float, default=15, help="how much worse a ratio may be, in %%")
    parser.add_argument("--write", metavar="FILE", help="write the run's ratios to FILE as the new baseline")
    options = parser.parse_args()
    try:
        if options.write:
            return write(options.write, options.run)
        return guard(options.run, os.path.normpath(options.baseline), options.tolerance)
    except Malformed as error:
        print(f"bench-guard: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
