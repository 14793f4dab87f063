#!/usr/bin/env python3
"""mythos against icepool on the same plain questions (issue 14).

For each scenario of this folder, asks mythos for its exact odds (through the library API, in the
example `examples/odds_timing.rs`) and computes the same distributions with icepool (the Python
dice-probability package), checks that every probability agrees to 1e-13, and prints the times and
their ratio.

    cargo build --release --example odds_timing --bin mythos && pip install icepool
    python3 benches/icepool/compare.py [--runs 20]

Times are the fastest of --runs in CPU time (issue 38), each side computing in its own process:
mythos's `exact_odds` of a parsed scenario (`Scenario::odds`, the best play, for those of DEFAULT),
icepool's distributions built from its dice. Also shown: the whole `mythos odds FILE
--format json` process (start, loading the base pack, parsing, odds, JSON), when the binary is built.

Without icepool (ImportError) the script still prints mythos's answers and times, says so, and exits 0;
a disagreement exits 1.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOLERANCE = 1e-13

try:
    import icepool
except ImportError:  # the script still runs mythos's side
    icepool = None


def successes(n, lowest=5, six_counts=1):
    """The number of successes of n dice: each face >= `lowest` is one, a 6 is `six_counts`."""
    one = icepool.d6.map(lambda f: six_counts if f == 6 else (1 if f >= lowest else 0))
    return n @ one


def dist(die):
    """A die's outcomes and probabilities as {outcome: probability} (floats)."""
    total = die.denominator()
    return {int(o): q / total for o, q in die.items()}


def lost(result, amount):
    """Loss = amount - test result, never below 0."""
    return result.map(lambda s: max(0, amount - s))


def test_answer(die):
    d = dist(die)
    return {"test.passed": sum(p for s, p in d.items() if s >= 1), "test.successes": d}


def one_clue_reroll(n):
    """n dice; if none is a success, one Clue rerolls one failing die (`rerolls = "until_pass"`)."""
    first = successes(n)
    reroll = successes(1)
    return first.map(lambda s: s if s > 0 else reroll)


def ghoul(will, strength, lowest=5, six_counts=1):
    """One Ghoul: Will test (Will +1; horror 1), then Strength test (+0; damage 2; toughness 1).
    The two tests are independent; Health and Sanity are not low enough for a defeat."""
    w = successes(will + 1, lowest)
    s = successes(strength, lowest, six_counts)
    defeated = sum(p for k, p in dist(s).items() if k >= 1)
    return {
        "sanity_lost": dist(lost(w, 1)),
        "health_lost": dist(lost(s, 2)),
        "monsters.0.defeated": defeated,
        "may_encounter_again": defeated,
    }


def fishing_net_two_clues_ghoul():
    """Mark Harrigan (Will 4, Strength 4) with the Fishing Net and 2 Clues against the Ghoul, played
    well for `defeat_all` (`mythos odds FILE`'s default, issue 38). Will test: 4 + 1 dice, horror 1.
    Strength test: 4 dice; while no die is a success, the Net's reroll and then each Clue reroll one
    failing die (3 rerolls at most: a Clue spent on the Will test would leave one reroll fewer for the
    defeat; once a die succeeds the Ghoul is defeated, toughness 1, and nothing more is spent). The
    Net reduces the Ghoul's damage 2 to 1."""
    w = successes(5)
    s = successes(4)
    for _ in range(3):
        s = s.map(lambda k: k if k > 0 else successes(1))
    defeated = sum(p for k, p in dist(s).items() if k >= 1)
    return {
        "sanity_lost": dist(lost(w, 1)),
        "health_lost": dist(lost(s, 1)),
        "monsters.0.defeated": defeated,
        "may_encounter_again": defeated,
    }


# The questions: scenario file, what icepool computes for it. Those of DEFAULT are asked of mythos as
# `mythos odds FILE` asks them, under the best play for the default objective (`--default` of the
# example); the others under the fixed policy (`exact_odds`), whose [choices] say what is spent.
DEFAULT = {"../encounters/eh_fishing_net_two_clues_ghoul.toml"}
QUESTIONS = [
    ("plain_pool.toml", lambda: test_answer(successes(4))),
    ("blessed_pool.toml", lambda: test_answer(successes(4, lowest=4))),
    ("one_clue_reroll.toml", lambda: test_answer(one_clue_reroll(3))),
    ("ghoul.toml", lambda: ghoul(3, 3)),
    # Shotgun: +4 Strength (7 dice), each 6 counts 2; Blessed: 4s succeed too.
    ("ghoul_blessed_shotgun.toml", lambda: ghoul(3, 3 + 4, lowest=4, six_counts=2)),
    ("../encounters/eh_fishing_net_two_clues_ghoul.toml", fishing_net_two_clues_ghoul),
]


def mythos_answer(out):
    """The same keys, read from `mythos odds --format json`."""
    answer = {
        "sanity_lost": {int(k): v for k, v in out["sanity_lost"].items()},
        "health_lost": {int(k): v for k, v in out["health_lost"].items()},
        "may_encounter_again": out["may_encounter_again"],
    }
    for i, m in enumerate(out["monsters"]):
        answer[f"monsters.{i}.defeated"] = m["defeated"]
    if "test" in out:
        answer["test.passed"] = out["test"]["passed"]
        answer["test.successes"] = {int(k): v for k, v in out["test"]["successes"].items()}
    return answer


def disagreements(ours, theirs):
    """Each key icepool answers where mythos differs by more than TOLERANCE."""
    out = []
    for key, want in theirs.items():
        got = ours.get(key)
        if isinstance(want, dict):
            got = got or {}
            for k in sorted(set(want) | set(got)):
                a, b = got.get(k, 0.0), want.get(k, 0.0)
                if abs(a - b) > TOLERANCE:
                    out.append(f"{key}[{k}]: mythos {a!r}, icepool {b!r}")
        elif got is None or abs(got - want) > TOLERANCE:
            out.append(f"{key}: mythos {got!r}, icepool {want!r}")
    return out


def fastest(runs, f, clock=time.process_time):
    """The fastest of `runs` calls of `f` by `clock` (this process's CPU time unless told: on a
    machine shared with other work a wall clock grows with the load), and the last value."""
    best, value = None, None
    for _ in range(runs):
        t = clock()
        value = f()
        d = clock() - t
        best = d if best is None else min(best, d)
    return best, value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    release = os.path.join(ROOT, "target", "release")
    ap.add_argument("--example", default=os.path.join(release, "examples", "odds_timing"))
    ap.add_argument("--mythos", default=os.path.join(release, "mythos"))
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    if not os.path.exists(args.example):
        sys.exit(
            f"no {args.example}: build it with `cargo build --release --example odds_timing`"
        )
    paths = [os.path.normpath(os.path.join(HERE, name)) for name, _ in QUESTIONS]
    inside = {}
    for default in (False, True):
        these = [p for (n, _), p in zip(QUESTIONS, paths) if (n in DEFAULT) == default]
        flag = ["--default"] if default else []
        timed = subprocess.run(
            [args.example, "--runs", str(args.runs), *flag, *these],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        inside.update({json.loads(line)["file"]: json.loads(line) for line in timed.splitlines()})
    if icepool is None:
        print("icepool is not installed (`pip install icepool`): mythos's side only, nothing compared\n")
    else:
        print(f"icepool {icepool.__version__}; numbers compared to {TOLERANCE:g}\n")
    print(
        f"{'question':<28} {'mythos odds':>12} {'icepool':>10} {'icepool/mythos':>15}  agree"
        f"  {'mythos odds FILE (process)':>27}"
    )
    failed = False
    for (name, question), path in zip(QUESTIONS, paths):
        name = os.path.basename(name)[:28]
        t_mythos = inside[path]["odds_ms"] / 1000
        ours = mythos_answer(inside[path]["odds"])
        process = "-"
        if os.path.exists(args.mythos):
            cmd = [args.mythos, "odds", path, "--format", "json"]
            run = lambda: subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
            # A child process: wall time (its CPU time is not this process's).
            t_process, out = fastest(args.runs, run, time.perf_counter)
            failed |= bool(disagreements(mythos_answer(json.loads(out)), ours))
            process = f"{t_process * 1000:.2f} ms"
        if icepool is None:
            print(f"{name:<28} {t_mythos * 1000:>9.3f} ms {'-':>10} {'-':>15}  -    {process:>27}")
            continue
        # Each run builds the question anew from icepool's d6; what icepool keeps between runs (its
        # own caches) can only make its fastest run faster.
        t_ice, theirs = fastest(args.runs, question)
        bad = disagreements(ours, theirs)
        failed |= bool(bad)
        print(
            f"{name:<28} {t_mythos * 1000:>9.3f} ms {t_ice * 1000:>7.3f} ms "
            f"{t_ice / t_mythos:>14.2f}x  {'yes' if not bad else 'NO ':<3}  {process:>27}"
        )
        for b in bad:
            print(f"    {b}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
