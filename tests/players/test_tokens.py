"""The token service: one secret per table, revocable, compared in constant time."""

from tournament.models import TableToken
from tournament.play import selectors as play_selectors
from tournament.play import services as play_services


def test_it_issues_one_token_per_table(running):
    issued = play_services.issue_tokens(running)
    assert [t.table_number for t in issued] == [1, 2, 3]
    assert len({t.token for t in issued}) == 3
    assert all(len(t.token) >= 43 for t in issued)


def test_issuing_again_keeps_the_valid_tokens(running):
    first = {t.table_number: t.token for t in play_services.issue_tokens(running)}
    play_services.revoke(running, 2)
    second = {t.table_number: t.token for t in play_services.issue_tokens(running)}
    assert second[1] == first[1] and second[3] == first[3]
    assert second[2] != first[2]


def test_lookup_finds_the_row_and_refuses_near_misses(codes):
    token = codes[1].token
    assert play_selectors.lookup(token).pk == codes[1].pk
    assert play_selectors.lookup(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert play_selectors.lookup("short") is None
    assert play_selectors.lookup("x" * 200) is None


def test_revoke_all_and_reissue(running, codes):
    assert play_services.revoke_all(running) == 3
    assert not TableToken.objects.filter(revoked=False).exists()
    new = play_services.reissue(running, 1)
    assert not new.revoked and new.token != codes[1].token


def test_entry_url_from_a_base(codes):
    url = play_selectors.entry_url("https://club.example.org/", codes[1])
    assert url == f"https://club.example.org/t/{codes[1].token}/"
