"""Hand-pattern frequencies of generated deals against the exact probabilities.

P(pattern) = (ways to give the lengths to the four suits) × Π C(13, lᵢ) / C(52, 13).
A chi-square test at a loose threshold (p ≈ 10⁻⁴, Wilson–Hilferty approximation) must pass
for our dealer and fail for a deliberately biased one (a sorted pack riffled only twice;
three riffles already pass: this statistic catches gross bias only, the uniformity itself
comes from the construction, an unbiased Fisher–Yates shuffle).
"""

import random
from collections import Counter
from itertools import permutations
from math import comb, prod, sqrt

from boards.engine.cards import FULL_PACK, Direction
from boards.engine.deals import Deal, random_order


def pattern_probabilities() -> dict[tuple[int, ...], float]:
    probs: dict[tuple[int, ...], float] = {}
    for a in range(14):
        for b in range(min(a, 13 - a) + 1):
            for c in range(min(b, 13 - a - b) + 1):
                d = 13 - a - b - c
                if d > c:
                    continue
                ways = len(set(permutations((a, b, c, d))))
                probs[(a, b, c, d)] = ways * prod(comb(13, n) for n in (a, b, c, d)) / comb(52, 13)
    return probs


def chi_square(observed: Counter, hands: int) -> tuple[float, int]:
    expected = {p: q * hands for p, q in pattern_probabilities().items()}
    bins, other_obs, other_exp = [], 0, 0.0
    for pattern, exp in expected.items():
        if exp >= 10:
            bins.append((observed.get(pattern, 0), exp))
        else:
            other_obs, other_exp = other_obs + observed.get(pattern, 0), other_exp + exp
    bins.append((other_obs, other_exp))
    stat = sum((o - e) ** 2 / e for o, e in bins)
    return stat, len(bins) - 1


def critical_value(df: int, z: float = 3.72) -> float:
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


def patterns(orders) -> Counter:
    counter: Counter = Counter()
    for order in orders:
        deal = Deal.from_order(order, Direction.NORTH)
        counter.update(deal[d].pattern for d in Direction)
    return counter


def test_probabilities_sum_to_one_and_match_known_values():
    probs = pattern_probabilities()
    assert abs(sum(probs.values()) - 1) < 1e-12
    assert round(probs[(4, 4, 3, 2)], 4) == 0.2155
    assert round(probs[(5, 3, 3, 2)], 4) == 0.1552
    assert round(probs[(4, 3, 3, 3)], 4) == 0.1054


def test_generated_deals_match_the_pattern_frequencies():
    deals = 5000  # 20,000 hands
    stat, df = chi_square(
        patterns(random_order(n, seed="fairness") for n in range(deals)), deals * 4
    )
    assert stat < critical_value(df), (stat, df)
    stat, df = chi_square(patterns(random_order(n) for n in range(deals)), deals * 4)
    assert stat < critical_value(df, z=4.75), (stat, df)  # unseeded: p ≈ 10⁻⁶, never flaky


def riffle(pack: list, rng: random.Random) -> list:
    """One Gilbert–Shannon–Reeds riffle shuffle."""
    cut = sum(rng.random() < 0.5 for _ in pack)
    left, right, out = pack[:cut], pack[cut:], []
    while left or right:
        if rng.random() < len(left) / (len(left) + len(right)):
            out.append(left.pop(0))
        else:
            out.append(right.pop(0))
    return out


def biased_orders(count: int, riffles: int = 2):
    rng = random.Random(1)
    for _ in range(count):
        pack = list(FULL_PACK)
        for _ in range(riffles):
            pack = riffle(pack, rng)
        yield pack


def test_a_biased_dealer_fails_the_same_check():
    deals = 5000
    stat, df = chi_square(patterns(biased_orders(deals)), deals * 4)
    assert stat > critical_value(df), (stat, df)
