from django.contrib import admin

from .models import BoardResult, ResultAudit, Ruling, Standings


@admin.register(BoardResult)
class BoardResultAdmin(admin.ModelAdmin):
    list_display = [
        "section",
        "board_number",
        "table_number",
        "ns_entry",
        "ew_entry",
        "contract",
        "declarer",
        "tricks",
        "tricks_ns",
        "adjusted",
        "status",
    ]
    list_filter = ["section__session", "status"]


@admin.register(ResultAudit)
class ResultAuditAdmin(admin.ModelAdmin):
    list_display = ["section", "board_number", "action", "user", "actor", "at"]
    readonly_fields = [
        "section",
        "result",
        "board_number",
        "action",
        "old",
        "new",
        "reason",
        "user",
        "actor",
        "at",
    ]


admin.site.register(Ruling)
admin.site.register(Standings)
