"""A large euchre worked by hand (docs/schedules.md, "Progressive euchre in a large room"):
24 players on 2 rows (aisles) of 3 tables, 3 games of 5 points, tallied by games won.

The book's room: "progression being down one row and up the next" [002 L6548–6552], each
row "progressing in a circle from table No. 16 to table No. 1" [002 L6671–6673]; "the two
who are winners progress and score, moving to the table next highest in number"
[002 L6813–6815]; "If a tie, all four count a half game, and the partners who score their
points first progress" [002 L6817–6818].  So the policy is winners-move toward the
highest table; the winners at a row's last table go round to its first (``winners-to-foot``
with the direction reversed), the losers stay and take the newcomers as partners.

Row 1 is tables 1–3, row 2 tables 4–6.  Seatings are (table, N, S, E, W).
"""

from fractions import Fraction

POLICY = {"method": "winners-move", "direction": "toward-highest",
          "head_rule": "winners-to-foot", "tie_progress": "first-to-score",
          "tie_score": "half-game"}  # fmt: skip

#: round 1 from the positions "t A" (N, S) and "t B" (E, W): player 4t-3 … 4t at table t
ROUND_1 = [(t, 4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t) for t in range(1, 7)]
#: winners; table 5 is a 3–3 tie at the whistle, E-W (19, 20) scored first and progress,
#: all four count half a game.  Table 1: 1 made a lone hand.
RESULTS_1 = {1: "ns", 2: "ew", 3: "ns", 4: "ew", 5: (3, 3, "ew"), 6: "ns"}
# Row 1 (3 → 2 → 1 in the circle's order): the winners of table 3 (9, 10) go round to
# table 1, table 2's (7, 8) up to 3, table 1's (1, 2) up to 2; each table's losers stay,
# split (N and E) and take the newcomers (S and W).  Row 2 likewise.
ROUND_2 = [(1, 3, 9, 4, 10), (2, 5, 1, 6, 2), (3, 11, 7, 12, 8),
           (4, 13, 21, 14, 22), (5, 17, 15, 18, 16), (6, 23, 19, 24, 20)]  # fmt: skip
#: table 3 by points 5–2, 11 made two lone hands
RESULTS_2 = {1: "ew", 2: "ns", 3: (5, 2, ""), 4: "ew", 5: "ns", 6: "ns"}
ROUND_3 = [(1, 3, 11, 9, 7), (2, 6, 4, 2, 10), (3, 12, 5, 8, 1),
           (4, 13, 23, 21, 19), (5, 18, 14, 16, 22), (6, 24, 17, 20, 15)]  # fmt: skip
#: table 6: 24 made a lone hand
RESULTS_3 = {1: "ns", 2: "ns", 3: "ns", 4: "ns", 5: "ew", 6: "ns"}
LONE = {1: {1: 1}, 2: {11: 2}, 3: {24: 1}}  # round → {player: lone hands made}

# Games won, counted by hand from the three rounds (½ for the tie at table 5, round 1).
GAMES = {1: 2, 2: 1, 3: 1, 4: 2, 5: 2, 6: 1, 7: 2, 8: 1, 9: 1, 10: 2, 11: 2, 12: 1,
         13: 1, 14: 1, 15: 2, 16: 2, 17: Fraction(5, 2), 18: Fraction(1, 2),
         19: Fraction(3, 2), 20: Fraction(1, 2), 21: 1, 22: 3, 23: 2, 24: 1}  # fmt: skip
assert sum(GAMES.values()) == 3 * 6 * 2  # 12 games won in each round
#: the aisle each ends the last game in: row 1 holds 1–12, row 2 13–24
AISLE = {p: 1 if p <= 12 else 2 for p in range(1, 25)}
LONE_TOTALS = {1: 1, 11: 2, 24: 1}

# Prizes: 2 head prizes, then 2 for each aisle, then the most lone hands.
#  head: 22 (3 games), 17 (2½) — no tie.
#  aisle 1 (1–12): 1, 4, 5, 7, 10, 11 tie on 2 for its two prizes: slips drawn, order 7, 4, …
#  aisle 2 (13–24 but 22 and 17): 15, 16, 23 tie on 2: order 23, 16, 15.
#  most lone hands: 11 (2).
AISLE_1_TIE = [7, 4, 1, 5, 10, 11]
AISLE_2_TIE = [23, 16, 15]
AWARDS = [("head prize 1", 22), ("head prize 2", 17), ("aisle 1 prize 1", 7),
          ("aisle 1 prize 2", 4), ("aisle 2 prize 1", 23), ("aisle 2 prize 2", 16),
          ("most lone hands", 11)]  # fmt: skip
#: the manager's calls: 3 games (the games played), 2½, 2 [002 L6774–6780]
CALLS = [(Fraction(3), ["head prize 1"]), (Fraction(5, 2), ["head prize 2"]),
         (Fraction(2), ["aisle 1 prize 1", "aisle 1 prize 2", "aisle 2 prize 1",
                        "aisle 2 prize 2"])]  # fmt: skip
