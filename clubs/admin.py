from django.contrib import admin

from .models import ClubAuditEntry, Membership, Player, PlayerClaim, Preferences


class ReadOnly:
    """Shown in the admin, never added, changed or deleted there."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class MembershipInline(ReadOnly, admin.TabularInline):
    """Shown, not edited: members and roles change on the club page, through the services that
    lock the club's memberships, keep an organiser and write the audit."""

    model = Membership
    extra = 0
    fields = ["player", "role"]
    readonly_fields = ["player", "role"]


class ClubAdmin(admin.ModelAdmin):
    """Registered by config/admin.py, one floor above scoring, which adds the choice of the
    club's default rules from the engine's presets (clubs stores only the preset's code)."""

    list_display = ["name", "city", "default_preset", "default_target"]
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name", "city"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "home_club", "country", "user"]
    list_select_related = ["home_club", "user"]
    search_fields = ["display_name"]
    list_filter = ["home_club"]


class AuditAdmin(ReadOnly, admin.ModelAdmin):
    """An audit is evidence: the admin shows it and can neither add, change nor delete it."""

    list_filter = ["action", "via_link"]
    search_fields = ["club_name", "username", "reason"]


@admin.register(ClubAuditEntry)
class ClubAuditEntryAdmin(AuditAdmin):
    list_display = ["club_name", "action", "username", "at"]


@admin.register(PlayerClaim)
class PlayerClaimAdmin(ReadOnly, admin.ModelAdmin):
    """Shown, not decided here: the club's organisers confirm or refuse a claim on their page,
    through the service that audits it."""

    list_display = ["user", "player", "club", "status", "asked_at", "decided_by"]
    list_filter = ["status"]
    search_fields = ["user__username", "player__display_name", "club__name"]
    list_select_related = ["user", "player", "club", "decided_by"]


@admin.register(Preferences)
class PreferencesAdmin(ReadOnly, admin.ModelAdmin):
    """An account's own settings, changed on its own page (audited there)."""

    list_display = ["user", "round_mail", "language"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
