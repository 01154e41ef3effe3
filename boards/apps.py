from django.apps import AppConfig


class BoardsConfig(AppConfig):
    name = "boards"
    verbose_name = "Boards and deals"
    default_auto_field = "django.db.models.BigAutoField"
