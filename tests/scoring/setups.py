"""Sections the scoring tests start from, built through the real services."""

from boards import services as board_services
from tournament.models import Player
from tournament.setup import services as setup_services


def running_mitchell(session, club):
    """A 3-table Mitchell (pairs 1-3 N-S, 4-6 E-W), 2 boards a round, the session running."""
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 7)]
    )
    setup_services.choose_movement(section, "mitchell", tables=3, boards_per_round=2)
    board_services.generate(session, seed="setups")  # play needs the boards
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    return section
