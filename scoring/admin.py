from django.contrib import admin

from clubs.admin import AuditAdmin
from clubs.permissions import Do, allowed

from . import services
from .models import AuditEntry, Game, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player", "score", "hand_size", "place"]
    readonly_fields = ["score", "hand_size", "place"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are written by the services only; the admin looks, and deletes through them (the
    audit entries stay, with one more saying who deleted the game)."""

    list_display = ["__str__", "club", "status", "preset", "target", "started_at", "finished_at"]
    list_filter = ["status", "club", "preset"]
    list_select_related = ["club"]
    readonly_fields = ["rules", "version", "phase", "round_number", "to_play", "pool_size",
                       "turn_count", "winner_seats", "status", "finished_at", "table_token"]
    inlines = [SeatInline]

    def has_delete_permission(self, request, obj=None):
        if obj is None:
            return super().has_delete_permission(request)
        return allowed(request.user, Do.DELETE_GAME, obj)

    def delete_model(self, request, obj):
        services.game_delete(game_id=obj.pk, actor=services.Actor(user=request.user))

    def delete_queryset(self, request, queryset):
        for game in queryset:
            self.delete_model(request, game)


@admin.register(AuditEntry)
class AuditEntryAdmin(AuditAdmin):
    list_display = ["game_ref", "game_title", "club_name", "action", "round_number",
                    "turn_number", "username", "via_link", "at"]
    search_fields = ["game_title", "club_name", "username", "reason"]
