"""How a tournament game's made-up title is worded, in the reader's language (see
scoring/titles.py: the parts are stored, the words are chosen when the title is shown)."""

from django.utils.translation import gettext

from scoring.titles import title_kind


@title_kind("tournament-table")
def table_title(parts: dict) -> str:
    detail = gettext("round %(round)s, table %(table)s") % {"round": parts["round"],
                                                            "table": parts["table"]}
    return f"{parts['tournament']} · {detail}"


@title_kind("tournament-match")
def _match(parts: dict) -> str:
    detail = gettext("round %(round)s, match %(match)s") % {"round": parts["round"],
                                                            "match": parts["match"]}
    return f"{parts['tournament']} · {detail}"
