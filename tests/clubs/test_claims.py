"""A person asks, from their own account, to be linked to their player in a club, and an
organiser of that club confirms or refuses (issue 27.1). A player is never claimed twice (the
database says so too); every step is audited; refusals say why and write nothing."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from clubs import claims
from clubs.models import ClubAuditEntry, Membership, PlayerClaim
from clubs.permissions import Actor
from tests.factories import ClubFactory, UserFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def triangle():
    club = ClubFactory(name="Triangle", slug="triangle")
    boss = UserFactory(username="boss")
    member(club, Membership.Role.ORGANISER, user=boss, name="Boss")
    return {"club": club, "boss": boss, "anna": member(club, name="Anna Volkova"),
            "ben": member(club, name="Ben Orlov")}


def _ask(client, club, player):
    return client.post(reverse("claim"), {"club": club.slug, "player": player.pk})


def test_ask_then_the_organiser_confirms(client, triangle):
    club, anna = triangle["club"], triangle["anna"]
    person = UserFactory(username="anna")
    client.force_login(person)
    choose = client.get(reverse("claim"), {"club": "triangle"}).content.decode()
    # The members without an account are offered; the organiser (who has one) is not.
    assert "Anna Volkova" in choose and "Ben Orlov" in choose and ">Boss<" not in choose
    answer = _ask(client, club, anna)
    assert (answer.status_code, answer["Location"]) == (302, reverse("my-page"))
    mine = client.get(reverse("my-page")).content.decode()
    assert "Asked. An organiser of Triangle will confirm that you are Anna Volkova." in mine
    assert "You asked to be Anna Volkova in Triangle." in mine

    client.force_login(triangle["boss"])
    club_page = client.get(club.get_absolute_url()).content.decode()
    assert "1 person asks to be linked to their player: confirm or refuse." in club_page
    listed = client.get(reverse("clubs:claims", args=["triangle"]))
    assert listed.status_code == 200
    assert "The account “anna” says it is <strong>Anna Volkova</strong>." in \
        listed.content.decode()
    claim = PlayerClaim.objects.get()
    done = client.post(reverse("clubs:claim-decide", args=["triangle", claim.pk]),
                       {"decision": "confirm"}, follow=True)
    assert "“anna” is Anna Volkova now." in done.content.decode()
    anna.refresh_from_db()
    claim.refresh_from_db()
    assert anna.user == person and claim.status == "confirmed"
    assert claim.decided_by == triangle["boss"]
    entries = list(ClubAuditEntry.objects.order_by("pk").values_list(
        "action", "username", "club", "after"))
    assert entries == [
        ("claim-ask", "anna", club.pk, {"player": "Anna Volkova", "player_id": anna.pk,
                                        "user": "anna", "claim_id": claim.pk,
                                        "status": "waiting"}),
        ("claim-confirm", "boss", club.pk, {"player": "Anna Volkova", "player_id": anna.pk,
                                            "user": "anna", "claim_id": claim.pk,
                                            "status": "confirmed"}),
    ]
    client.force_login(person)
    assert "You are Anna Volkova." in client.get(reverse("my-page")).content.decode()
    assert client.get(reverse("claim"))["Location"] == reverse("my-page")


def test_refused_then_asked_again_and_withdrawn(client, triangle):
    club, anna, ben = triangle["club"], triangle["anna"], triangle["ben"]
    person = UserFactory(username="someone")
    claim = claims.claim_ask(user=person, club=club, player=anna)
    claims.claim_decide(claim=claim, confirm=False, actor=Actor(user=triangle["boss"]))
    anna.refresh_from_db()
    assert anna.user is None
    client.force_login(person)
    page = client.get(reverse("claim")).content.decode()
    assert "Your request to be Anna Volkova in Triangle was refused." in page
    assert _ask(client, club, ben).status_code == 302
    again = PlayerClaim.objects.get(status="waiting")
    withdrawn = client.post(reverse("claim-withdraw", args=[again.pk]), follow=True)
    assert "Your request is withdrawn." in withdrawn.content.decode()
    assert list(ClubAuditEntry.objects.order_by("pk").values_list("action", flat=True)) == [
        "claim-ask", "claim-refuse", "claim-ask", "claim-withdraw"]


def test_a_player_is_never_claimed_twice(triangle):
    club, anna, boss = triangle["club"], triangle["anna"], Actor(user=triangle["boss"])
    first, second = UserFactory(username="first"), UserFactory(username="second")
    one = claims.claim_ask(user=first, club=club, player=anna)
    two = claims.claim_ask(user=second, club=club, player=anna)
    claims.claim_decide(claim=one, confirm=True, actor=boss)
    two.refresh_from_db()
    assert two.status == "refused"  # the rival request, answered by the confirmation
    with pytest.raises(claims.ClaimRefused, match="answered already"):
        claims.claim_decide(claim=two, confirm=True, actor=boss)
    with pytest.raises(claims.ClaimRefused, match="has an account already"):
        claims.claim_ask(user=UserFactory(username="third"), club=club, player=anna)
    # Should two confirmations ever cross, the database keeps one.
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerClaim.objects.create(user=second, club=club, player=anna, status="confirmed")
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerClaim.objects.create(user=first, club=club, player=triangle["ben"],
                                   status="confirmed")
    anna.refresh_from_db()
    assert anna.user == first


def test_unlinking_lets_the_player_be_claimed_again(client, triangle):
    club, anna, boss = triangle["club"], triangle["anna"], triangle["boss"]
    first = UserFactory(username="first")
    claims.claim_decide(claim=claims.claim_ask(user=first, club=club, player=anna),
                        confirm=True, actor=Actor(user=boss))
    client.force_login(boss)
    membership = Membership.objects.get(club=club, player=anna)
    client.post(reverse("clubs:member-account", args=[club.slug, membership.pk]),
                {"unlink": "1"})
    assert PlayerClaim.objects.get().status == "unlinked"
    second = UserFactory(username="second")
    claim = claims.claim_ask(user=second, club=club, player=anna)
    claims.claim_decide(claim=claim, confirm=True, actor=Actor(user=boss))
    anna.refresh_from_db()
    assert anna.user == second


@pytest.mark.parametrize(("setup", "words"), [
    ("linked", "Your account is linked to a player already."),
    ("waiting", "You have asked to be Ben Orlov already; withdraw that request first."),
    ("elsewhere", "is not a member of Triangle."),
])
def test_asking_refusals(client, triangle, setup, words):
    club, anna = triangle["club"], triangle["anna"]
    person = UserFactory(username="p")
    target = anna
    if setup == "linked":
        member(ClubFactory(), user=person)
    elif setup == "waiting":
        claims.claim_ask(user=person, club=club, player=triangle["ben"])
    else:
        target = member(ClubFactory(), name="Stranger")
    before = ClubAuditEntry.objects.count()
    client.force_login(person)
    if setup == "linked":
        with pytest.raises(claims.ClaimRefused, match=words):
            claims.claim_ask(user=person, club=club, player=target)
    elif setup == "waiting":
        page = client.get(reverse("claim"), {"club": "triangle"}).content.decode()
        assert "You asked to be Ben Orlov in Triangle." in page
        with pytest.raises(claims.ClaimRefused, match=words):
            claims.claim_ask(user=person, club=club, player=target)
    else:
        answer = _ask(client, club, target)
        assert answer.status_code == 400
        assert "Choose who you are among the members." in answer.content.decode()
        with pytest.raises(claims.ClaimRefused, match=words):
            claims.claim_ask(user=person, club=club, player=target)
    assert ClubAuditEntry.objects.count() == before


def test_only_the_clubs_organisers_decide(client, triangle):
    claim = claims.claim_ask(user=UserFactory(username="p"), club=triangle["club"],
                             player=triangle["anna"])
    other = ClubFactory(slug="other")
    outsider = UserFactory(username="outsider")
    member(other, Membership.Role.ORGANISER, user=outsider)
    client.force_login(outsider)
    assert client.get(reverse("clubs:claims", args=["triangle"])).status_code == 403
    assert client.post(reverse("clubs:claim-decide", args=["triangle", claim.pk]),
                       {"decision": "confirm"}).status_code == 403
    # Nor through their own club's address.
    assert client.post(reverse("clubs:claim-decide", args=["other", claim.pk]),
                       {"decision": "confirm"}).status_code == 404
    anonymous = client.__class__()
    assert anonymous.get(reverse("claim"))["Location"].startswith(reverse("login"))
    claim.refresh_from_db()
    assert claim.status == "waiting"


def test_the_organisers_list_reads_a_fixed_number_of_queries(client, triangle,
                                                             django_assert_max_num_queries):
    club = triangle["club"]
    for n in range(12):
        claims.claim_ask(user=UserFactory(username=f"p{n}"), club=club,
                         player=member(club, name=f"Member {n}"))
    client.force_login(triangle["boss"])
    with django_assert_max_num_queries(9):
        page = client.get(reverse("clubs:claims", args=["triangle"]))
    assert page.content.decode().count('class="card" id="claim-') == 12


def test_the_admin_shows_claims_and_decides_none(client, triangle, django_assert_max_num_queries):
    """A site admin sees who asked for whom, but decides on the organisers' page only (where the
    decision is audited): no add, change or delete in the admin."""
    client.force_login(UserFactory(username="anna"))
    _ask(client, triangle["club"], triangle["anna"])
    claim = PlayerClaim.objects.get()
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(root)
    with django_assert_max_num_queries(12):
        listed = client.get("/admin/clubs/playerclaim/")
    assert listed.status_code == 200
    body = listed.content.decode()
    assert "Anna Volkova" in body and "Triangle" in body and "waiting" in body
    assert client.get("/admin/clubs/playerclaim/add/").status_code == 403
    assert client.post(f"/admin/clubs/playerclaim/{claim.pk}/delete/", {"post": "yes"}
                       ).status_code == 403
    assert PlayerClaim.objects.filter(pk=claim.pk, status=PlayerClaim.Status.WAITING).exists()
    assert client.get("/admin/clubs/preferences/").status_code == 200
    assert client.get("/admin/tournaments/roundnotice/").status_code == 200
