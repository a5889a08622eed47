"""A club keeps at least one organiser, through every service and under simultaneous changes."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection

from clubs.models import ClubAuditEntry, Membership
from clubs.permissions import SITE, Actor
from clubs.services import NotAllowed, member_add, member_remove, member_set_role
from tests.factories import ClubFactory, UserFactory, member
from tests.together import run_together

ORGANISER, MEMBER = Membership.Role.ORGANISER, Membership.Role.MEMBER


def _organisers(club) -> int:
    return Membership.objects.filter(club=club, role=ORGANISER).count()


@pytest.mark.django_db
def test_every_service_keeps_the_last_organiser():
    club = ClubFactory()
    boss = member(club, ORGANISER)
    only = Membership.objects.get(club=club, player=boss)
    with pytest.raises(NotAllowed):
        member_add(club=club, player=boss, role=MEMBER, actor=SITE)
    with pytest.raises(NotAllowed):
        member_set_role(membership=only, role=MEMBER, actor=SITE)
    with pytest.raises(NotAllowed):
        member_remove(membership=only, actor=SITE)
    assert _organisers(club) == 1
    assert not ClubAuditEntry.objects.exists()


@pytest.mark.django_db
def test_member_changes_are_audited_with_who_and_what():
    club = ClubFactory(name="Chess Café")
    user = UserFactory(username="boss")
    boss = member(club, ORGANISER, user=user)
    actor = Actor(user=user)
    membership = member_add(club=club, display_name="Vera", actor=actor)
    member_set_role(membership=membership, role=ORGANISER, actor=actor)
    boss_membership = Membership.objects.get(club=club, player=boss)
    member_set_role(membership=boss_membership, role=MEMBER, actor=actor)
    with pytest.raises(NotAllowed):  # Vera is the only organiser now
        member_remove(membership=membership, actor=Actor())
    with pytest.raises(PermissionDenied):  # no longer an organiser of the club
        member_remove(membership=boss_membership, actor=actor)
    member_remove(membership=boss_membership, actor=Actor())  # the site itself
    entries = list(ClubAuditEntry.objects.values_list("action", "username", "before", "after"))
    vera = {"player": "Vera", "player_id": membership.player_id}
    boss_ = {"player": boss.display_name, "player_id": boss.pk}
    assert entries == [
        ("member-add", "boss", None, {**vera, "role": MEMBER}),
        ("member-role", "boss", {"role": MEMBER}, {**vera, "role": ORGANISER}),
        ("member-role", "boss", {"role": ORGANISER}, {**boss_, "role": MEMBER}),
        ("member-remove", "", {"role": MEMBER}, boss_),
    ]
    assert set(ClubAuditEntry.objects.values_list("club_name", flat=True)) == {"Chess Café"}


def _change(how, club, membership):
    if how == "demote":
        return lambda: member_set_role(membership=membership, role=MEMBER, actor=SITE)
    if how == "remove":
        return lambda: member_remove(membership=membership, actor=SITE)
    return lambda: member_add(club=club, player=membership.player, role=MEMBER, actor=SITE)


@pytest.mark.parametrize("attempt", range(10))
@pytest.mark.parametrize("how", ["demote", "remove", "add"])
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="row locks need PostgreSQL (CI runs this on PostgreSQL)")
def test_simultaneous_demotions_leave_an_organiser(how, attempt):
    club = ClubFactory()
    first, second = (Membership.objects.get(player=member(club, ORGANISER)) for _ in range(2))
    outcomes = run_together([_change(how, club, first), _change(how, club, second)],
                            expected=(NotAllowed,))
    assert _organisers(club) == 1
    assert sum(isinstance(o, NotAllowed) for o in outcomes) == 1


@pytest.mark.django_db
def test_the_admin_cannot_demote_or_remove_the_last_organiser(admin_client):
    """The club's admin page shows the members but posts no membership changes: those go
    through the services above (locked, audited)."""
    club = ClubFactory()
    boss = member(club, ORGANISER)
    only = Membership.objects.get(club=club, player=boss)
    page = admin_client.get(f"/admin/clubs/club/{club.pk}/change/")
    assert page.status_code == 200
    body = page.content.decode()
    assert boss.display_name in body
    assert 'name="memberships-0-role"' not in body and "memberships-0-DELETE" not in body
    # A forged post of the inline's fields changes nothing.
    admin_client.post(f"/admin/clubs/club/{club.pk}/change/", {
        "name": club.name, "slug": club.slug, "city": club.city or "",
        "default_preset": club.default_preset,
        "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "1",
        "memberships-0-id": str(only.pk), "memberships-0-club": str(club.pk),
        "memberships-0-role": MEMBER, "memberships-0-DELETE": "on",
    })
    only.refresh_from_db()
    assert only.role == ORGANISER and _organisers(club) == 1
