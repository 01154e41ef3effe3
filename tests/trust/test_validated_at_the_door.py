"""Data the pages cannot show is refused where it enters, naming the field, nothing saved:
a section name with ``/`` (part of the public URLs), an imported deal that is not a deal, a
club slug that is not a slug (restore, session import)."""

from __future__ import annotations

import copy

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament.interchange import selectors as interchange_selectors
from tournament.interchange import services as interchange_services
from tournament.interchange.formats.errors import InterchangeError
from tournament.models import Club, Section
from tournament.setup import services as setup_services

from .conftest import fingerprint

BAD_NAMES = ["A/B", "/", "A\\B", "A\x00", "A\nB", " ", "x" * 17]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_console_refuses_a_section_name(name, night, client, director):
    client.force_login(director)
    before = fingerprint()
    response = client.post(reverse("td_section_new", args=[night.draft.pk]), {"name": name})
    assert response.status_code == 400
    page = response.content.decode()
    messages = ("section name", "Ensure this value", "This field is required", "Null characters")
    assert any(m in page for m in messages), page[-2000:]
    assert fingerprint() == before


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_services_refuse_a_section_name(name, night):
    before = Section.objects.count()
    with pytest.raises(ValidationError) as info:
        setup_services.add_section(night.draft, name)
    assert "name" in info.value.message_dict
    with pytest.raises(ValidationError):
        setup_services.create_section(night.draft, name, [])
    assert Section.objects.count() == before


def test_a_good_section_name_still_makes_every_public_page(night, client):
    section = setup_services.add_section(night.draft, " Red 2 ")
    assert section.name == "Red 2"
    url = reverse("scorecard", args=[night.draft.pk, section.name, 1])
    assert client.get(url).status_code in (200, 404)
    assert client.get(reverse("session", args=[night.draft.pk])).status_code == 200


def _exported(night):
    return interchange_selectors.export_session(night.session)


def test_an_imported_section_name_with_a_slash_is_refused(night, other_club):
    data = copy.deepcopy(_exported(night))
    data["sections"][0]["name"] = "A/B"
    before = fingerprint()
    with pytest.raises(InterchangeError) as info:
        interchange_services.import_session(data, club=other_club)
    assert info.value.where == "sections[0].name"
    assert fingerprint() == before


@pytest.mark.parametrize("deal", ["N:garbage", "N:AKQ.AKQ.AKQ.AKQ - - -", "X:" + "." * 3])
def test_an_imported_deal_that_is_not_a_deal_is_refused(deal, night, other_club):
    data = copy.deepcopy(_exported(night))
    data["boards"]["list"][0]["deal"] = deal
    before = fingerprint()
    with pytest.raises(InterchangeError) as info:
        interchange_services.import_session(data, club=other_club)
    assert info.value.where == "boards.list[0].deal"
    assert fingerprint() == before


@pytest.mark.parametrize("slug", ["bad slug", "a/b", "", "x" * 51])
def test_a_restored_club_slug_must_be_a_slug(slug, night):
    data = copy.deepcopy(interchange_selectors.backup_club(night.session.club))
    data["club"]["slug"] = slug
    before = fingerprint()
    with pytest.raises(InterchangeError) as info:
        interchange_services.restore_club(data)
    assert info.value.where == "club.slug"
    assert fingerprint() == before
    assert not Club.objects.filter(slug=slug).exists()


@pytest.mark.parametrize("slug", ["bad slug", "a/b"])
def test_an_imported_session_club_slug_must_be_a_slug(slug, night):
    data = copy.deepcopy(_exported(night))
    data["club"]["slug"] = slug
    before = fingerprint()
    with pytest.raises(InterchangeError) as info:
        interchange_services.import_session(data)
    assert info.value.where == "club.slug"
    assert fingerprint() == before
