"""The page catalogue of the accessibility test (tests/e2e/pages.py) covers the URL resolver:
every pattern outside the admin site is a page in ``PAGES`` or named in ``NOT_PAGES`` with a
reason, and each reason holds (a page answers the TD's GET with a whole HTML document; a
write answers GET with 405; a download is not HTML; a fragment is HTML without a document)."""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.e2e.pages import (
    DOWNLOAD,
    FRAGMENT,
    NOT_PAGE_ARGS,
    NOT_PAGES,
    PAGES,
    POST_ONLY,
    build_evening,
    url_of,
)


def url_names(resolver=None, skip=("admin",)) -> set[str]:
    names = set()
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace in skip or pattern.app_name in skip:
                continue
            names |= url_names(pattern, skip)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(pattern.name)
    return names


def test_every_url_name_is_a_page_or_has_a_reason():
    pages = {p.name for p in PAGES}
    names = url_names()
    assert "td_traveller" in names and "home" in names  # the walk reaches the includes
    assert not pages & set(NOT_PAGES), pages & set(NOT_PAGES)
    missing = names - pages - set(NOT_PAGES)
    assert not missing, (
        f"add these URL names to PAGES or NOT_PAGES in tests/e2e/pages.py: {missing}"
    )
    assert not (pages | set(NOT_PAGES)) - names, "the catalogue names a URL that is gone"
    assert set(NOT_PAGE_ARGS) == set(NOT_PAGES)


@pytest.mark.django_db
def test_each_entry_of_the_catalogue_is_what_it_says(client):
    evening = build_evening()
    client.force_login(evening.user)
    for page in PAGES:
        url = url_of(page, evening)
        r = client.get(url)
        assert r.status_code == 200, (page.label, url, r.status_code)
        body = r.content.decode()
        assert r["Content-Type"].startswith("text/html"), (page.label, r["Content-Type"])
        assert body.lstrip().lower().startswith("<!doctype html>"), page.label
    for name, reason in NOT_PAGES.items():
        url = reverse(name, args=NOT_PAGE_ARGS[name](evening))
        r = client.get(url)
        if reason == POST_ONLY:
            assert r.status_code == 405, (name, r.status_code)
        elif reason == DOWNLOAD:
            assert r.status_code == 200, (name, r.status_code)
            assert not r["Content-Type"].startswith("text/html"), (name, r["Content-Type"])
        else:
            assert reason == FRAGMENT
            body = r.content.decode()
            assert r.status_code == 200 and "<html" not in body.lower(), name
