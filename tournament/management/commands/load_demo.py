"""Load a demonstration club: players, a TD, a finished and a running session.

Everything goes through the real services (movement engine, dealer, result
entry, scoring), so the demo is a real tournament.  Results are invented from
each deal by a seeded rule of thumb (the side with more high-card points
declares; the level follows its points), so the same demo loads every time.
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from boards import services as board_services
from boards.engine.deals import Deal
from boards.models import Board
from scoring.inputs import scheduled_plays
from scoring.results import services as result_services
from tournament.models import Club, Event, Player, Session
from tournament.permissions import td_group
from tournament.setup import services as setup_services

PLAYERS = [
    ("Ada Lovelace", "F"), ("Charles Babbage", "M"), ("Mary Somerville", "F"),
    ("John Herschel", "M"), ("Caroline Herschel", "F"), ("George Boole", "M"),
    ("Augusta De Morgan", "F"), ("William Whewell", "M"), ("Ellen Hardcastle", "F"),
    ("Thomas Young", "M"), ("Agnes Clerke", "F"), ("James Maxwell", "M"),
    ("Margaret Huggins", "F"), ("William Huggins", "M"), ("Annie Maunder", "F"),
    ("Walter Maunder", "M"), ("Henrietta Leavitt", "F"), ("Edward Pickering", "M"),
    ("Williamina Fleming", "F"), ("Arthur Eddington", "M"), ("Cecilia Payne", "F"),
    ("Harlow Shapley", "M"), ("Annie Cannon", "F"), ("Ejnar Hertzsprung", "M"),
]  # fmt: skip
DIRECTOR = ("director", "tournament-director")
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


class Command(BaseCommand):
    help = "Load the demonstration club (idempotent with --if-empty)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if the demo club exists"
        )

    def handle(self, *args, if_empty=False, **options):
        if Club.objects.filter(slug="riverside").exists():
            if if_empty:
                self.stdout.write("Demo club already loaded.")
                return
            Club.objects.filter(slug="riverside").delete()
        with transaction.atomic():
            club = self._club()
            players = [
                Player.objects.create(
                    club=club, name=name, gender=g, membership_number=f"R{100 + i}"
                )
                for i, (name, g) in enumerate(PLAYERS)
            ]
            self._pairs_event(club, players)
            self._whist_event(club, players)
        self.stdout.write(self.style.SUCCESS("Demo club loaded: Riverside Bridge Club"))

    def _club(self) -> Club:
        club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
        user = User.objects.filter(username=DIRECTOR[0]).first()
        if user is None:
            user = User.objects.create_superuser(DIRECTOR[0], password=DIRECTOR[1])
        user.groups.add(td_group())
        club.directors.add(user)
        return club

    def _pairs_event(self, club, players):
        event = Event.objects.create(
            club=club, name="Tuesday Pairs", kind="series", game="contract",
            scoring_method="matchpoints", conditions={"prizes_per_field": 2, "tie_rule": "share"},
        )  # fmt: skip
        done = Session.objects.create(
            event=event, name="Tuesday 10 November", date=datetime.date(2026, 11, 10)
        )
        self._play(
            done,
            players[:20],
            "mitchell",
            {"tables": 5, "boards_per_round": 3},
            rounds=None,
            seed="riverside-10-nov",
        )
        live = Session.objects.create(
            event=event, name="Tuesday 17 November", date=datetime.date(2026, 11, 17)
        )
        self._play(
            live,
            players[:12],
            "howell",
            {"pairs": 6, "boards_per_round": 2},
            rounds=2,
            seed="riverside-17-nov",
        )

    def _whist_event(self, club, players):
        event = Event.objects.create(
            club=club, name="Compass Whist Evening", game="whist", scoring_method="tricks",
            conditions={"prizes_per_field": 1},
        )  # fmt: skip
        done = Session.objects.create(
            event=event, name="Whist drive, 3 November", date=datetime.date(2026, 11, 3)
        )
        self._play(
            done,
            players[4:16],
            "mitchell",
            {"tables": 3, "boards_per_round": 4},
            rounds=None,
            seed="riverside-whist",
        )

    def _play(self, session, players, kind, options, *, rounds, seed):
        """Sign in pairs, choose the movement, deal, enter results (all, or the first rounds)."""
        entries = [(n + 1, players[2 * n : 2 * n + 2]) for n in range(len(players) // 2)]
        section = setup_services.create_section(session, "A", entries)
        setup_services.choose_movement(section, kind, **options)
        board_services.generate(session, seed=seed)
        setup_services.set_status(session, "running")
        section.refresh_from_db()
        deals = {
            b.number: Deal.from_pbn(b.deal)
            for b in Board.objects.filter(board_set__session=session)
        }
        rng = random.Random(seed)
        for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
            for play in plays:
                if rounds is None or play.round <= rounds:
                    fields = invent_result(session.event.game, deals[board], rng)
                    result_services.record_result(
                        section, board_number=board, ns=play.ns, ew=play.ew, fields=fields
                    )
        confirm_rounds(section, rounds)
        if rounds is None:
            setup_services.set_status(session, "provisional")
            setup_services.set_status(session, "final")


def confirm_rounds(section, rounds: int | None) -> None:
    """The opponents' O.K. at every table for each round played [002 L3360–3362]."""
    for play in {
        (p.table, p.round) for ps in scheduled_plays(section.get_movement()).values() for p in ps
    }:
        if rounds is None or play[1] <= rounds:
            result_services.confirm(
                section, table_number=play[0], round_number=play[1], actor="demo"
            )


def invent_result(game: str, deal: Deal, rng: random.Random) -> dict:
    """A plausible result for the demo: the stronger side declares at a level its points justify."""
    seats = dict(zip("NESW", deal.to_pbn()[2:].split(), strict=True))  # "N:..." starts at North
    points = {s: sum(HCP.get(c, 0) for c in hand) for s, hand in seats.items()}
    ns_points = points["N"] + points["S"]
    if game == "whist":
        return {
            "tricks_ns": max(0, min(13, round(6.5 + (ns_points - 20) / 3) + rng.randint(-1, 1)))
        }
    side = ("N", "S") if ns_points >= 20 else ("E", "W")
    total = ns_points if side[0] == "N" else 40 - ns_points
    declarer = max(side, key=lambda s: points[s])
    strain = _strain(seats[side[0]], seats[side[1]])
    level = max(1, min(6, (total - 14) // 3))
    tricks = max(0, min(13, level + 6 + rng.choice([-1, 0, 0, 0, 1, 1])))
    return {"contract": f"{level}{strain}", "declarer": declarer, "tricks": tricks}


def _strain(hand_a: str, hand_b: str) -> str:
    lengths = [len(a) + len(b) for a, b in zip(hand_a.split("."), hand_b.split("."), strict=True)]
    best = max(range(4), key=lambda i: (lengths[i], -i))
    return "SHDC"[best] if lengths[best] >= 8 else "NT"
