"""The manager's calling sheet for a progressive game scored by games won (a large euchre
[002 L6774–6794]): the numbers of games to call, from the games played down, and at each
call the prizes given before the next number is called — the head prizes first, then each
aisle's, from the table at the head of the winner's aisle [002 L6831–6832] — then the
prizes that are not called by games (booby, most lone hands).
"""

from __future__ import annotations

from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    BODY,
    SMALL,
    SUBTITLE,
    TITLE,
    PrintData,
    PrintError,
    frame_width,
    grid,
    result,
)


def call_rows(calling: dict) -> list[list[str]]:
    """[call, games, prize, player, aisle] rows: one a prize, "no one" for an empty call."""
    rows = [["Call", "Games won", "Prize", "Player", "Aisle"]]
    for n, call in enumerate(calling["calls"], start=1):
        if not call["awards"]:
            rows.append([str(n), call["games"], "no one — call the next number", "", ""])
        for a in call["awards"]:
            rows.append([str(n), call["games"], a["prize"], a["name"], a["aisle"]])
    return rows


def calling_sheet(data: PrintData):
    calling = data.calling
    if not calling or not calling["calls"]:
        raise PrintError(
            "calling sheet: a progressive game tallied by games won, with its results in and "
            "its prize ties settled (the section's progressive page)"
        )
    width = frame_width(data)
    story = [
        Text("Calling sheet: the prizes", TITLE),
        Text(
            f"{data.title} · section {data.section} · {data.date} · "
            f"{calling['games_played']} games played",
            SUBTITLE,
        ),  # fmt: skip
        Text(
            "Ask those who have won each number of games to come forward, from the games "
            "played down; award their prizes before the next number is called "
            "[002 L6774–6780]. The head prizes go to the most games in the whole room; then "
            "each aisle's prizes to the best remaining scores in that aisle, given out from "
            "the table at the head of the aisle where the winner ended [002 L6790–6794, "
            "L6831–6832]. Ties: numbered slips drawn, No. 1 first choice [002 L6782–6788].",
            BODY,
        ),
        grid(call_rows(calling), [width * f for f in (0.08, 0.14, 0.3, 0.36, 0.12)]),
    ]
    if calling["after"]:
        story.append(Text("Then: " + "; ".join(f"{a['prize']}: {a['name']}"
                                               for a in calling["after"]), BODY))  # fmt: skip
    story.append(Text("Guests keep their seats until the prizes are awarded [002 L6827–6829].",
                      SMALL))  # fmt: skip
    return result(data, "calling-sheet", story)
