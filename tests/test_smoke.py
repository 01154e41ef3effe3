def test_settings_load(settings):
    assert "tournament" in settings.INSTALLED_APPS
