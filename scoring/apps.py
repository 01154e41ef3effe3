from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Results and scoring"
    default_auto_field = "django.db.models.BigAutoField"
