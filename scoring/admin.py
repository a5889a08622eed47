from django.contrib import admin

from . import services
from .models import AuditEntry, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player", "score", "hand_size", "place"]
    readonly_fields = ["score", "hand_size", "place"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are written by the services only; the admin looks, and deletes through them."""

    list_display = ["__str__", "club", "status", "preset", "target", "started_at", "finished_at"]
    list_filter = ["status", "club", "preset"]
    list_select_related = ["club"]
    readonly_fields = ["rules", "version", "phase", "round_number", "to_play", "pool_size",
                       "turn_count", "winner_seats", "status", "finished_at", "table_token"]
    inlines = [SeatInline]

    def delete_model(self, request, obj):
        services.game_delete(game_id=obj.pk, actor=services.Actor(user=request.user))

    def delete_queryset(self, request, queryset):
        for game in queryset:
            self.delete_model(request, game)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["game", "action", "round_number", "turn_number", "user", "via_link", "at"]
    list_filter = ["action"]
    list_select_related = ["game", "user"]
