// The pure part of the push client: node --test tests/js/
import assert from "node:assert/strict";
import test from "node:test";

import {
  action, fetchUrl, parseNudge, pollSeconds, replaces, retryDelay, socketUrl, topicsOf, wants,
} from "../../static/js/push-core.js";

test("topics: every part's, once each, sorted; anything else is dropped", () => {
  assert.deepEqual(
    topicsOf(["game.12 tournament.3", "game.12", undefined, "ratings game.40", "game.0 x.1"]),
    ["game.12", "game.40", "ratings", "tournament.3"],
  );
  assert.deepEqual(topicsOf(["  "]), []);
  assert.deepEqual(topicsOf(["game.12;drop", "game.-1", "tournament.1e3"]), []);
});

test("the socket is on the page's own host, wss behind https", () => {
  assert.equal(socketUrl({ protocol: "https:", host: "club.example.org" }, ["game.1", "tournament.2"]),
    "wss://club.example.org/ws/push/?topics=game.1%20tournament.2");
  assert.equal(socketUrl({ protocol: "http:", host: "127.0.0.1:8000" }, ["ratings"]),
    "ws://127.0.0.1:8000/ws/push/?topics=ratings");
});

test("the socket asks for the inline topics in the page's language, only with a language", () => {
  const here = { protocol: "https:", host: "club.example.org" };
  assert.equal(socketUrl(here, ["game.1", "tournament.2"], ["game.1"], "ru"),
    "wss://club.example.org/ws/push/?topics=game.1%20tournament.2&inline=game.1&lang=ru");
  assert.equal(socketUrl(here, ["game.1"], ["game.1"], "pt-br"),
    "wss://club.example.org/ws/push/?topics=game.1&inline=game.1&lang=pt-br");
  assert.equal(socketUrl(here, ["game.1"], ["game.1"], ""),
    "wss://club.example.org/ws/push/?topics=game.1");
  assert.equal(socketUrl(here, ["game.1"], [], "de"), "wss://club.example.org/ws/push/?topics=game.1");
});

test("a nudge is read as the server sends it, and nothing else is", () => {
  assert.deepEqual(parseNudge('{"topic":"game.12","version":34,"at":1733230000123}'),
    { topic: "game.12", version: 34, at: 1733230000123 });
  assert.deepEqual(parseNudge('{"topic":"tournament.3","version":null,"at":5}'),
    { topic: "tournament.3", version: null, at: 5 });
  for (const text of ["", "null", "[]", "{", '{"topic":"game.1","at":1,"version":"34"}',
    '{"topic":"game.1","version":1.5,"at":1}', '{"topic":"club.1","version":1,"at":1}',
    '{"topic":"game.1","version":1}', '{"topic":"game.1","version":1,"at":-3}']) {
    assert.equal(parseNudge(text), null, text);
  }
});

test("a nudge may carry the fragment of its version, and only a versioned one", () => {
  assert.deepEqual(parseNudge('{"topic":"game.12","version":34,"at":5,"html":"<div id=\\"live\\"></div>"}'),
    { topic: "game.12", version: 34, at: 5, html: '<div id="live"></div>' });
  assert.deepEqual(parseNudge('{"topic":"game.12","version":34,"at":5,"html":""}'),
    { topic: "game.12", version: 34, at: 5, html: "" });
  // Anything else in its place is left out: the part fetches, as without it.
  assert.deepEqual(parseNudge('{"topic":"game.12","version":34,"at":5,"html":{"a":1}}'),
    { topic: "game.12", version: 34, at: 5 });
  assert.deepEqual(parseNudge('{"topic":"tournament.3","version":null,"at":5,"html":"<p>"}'),
    { topic: "tournament.3", version: null, at: 5 });
});

test("a part that takes fragments inline swaps a newer one in; others fetch", () => {
  const carried = { topic: "game.12", version: 34, at: 1, html: "<div></div>" };
  const plain = { topic: "game.12", version: 34, at: 1 };
  assert.equal(action("game.12", "33", true, carried), "swap");
  assert.equal(action("game.12", "33", false, carried), "fetch"); // it did not ask
  assert.equal(action("game.12", "33", true, plain), "fetch"); // the server sent none
  assert.equal(action("game.12", "34", true, carried), null); // shown already
  assert.equal(action("game.12", "35", true, carried), null); // an older nudge arriving late
  assert.equal(action("game.13", "1", true, carried), null);
  assert.equal(action("game.12", undefined, true, plain), "fetch");
});

test("an answer older than the part shown does not replace it", () => {
  assert.equal(replaces("34", "33"), false); // a poll's answer overtaken by a pushed fragment
  assert.equal(replaces("34", "34"), true);
  assert.equal(replaces("34", "35"), true);
  assert.equal(replaces(undefined, "3"), true); // a part without versions
  assert.equal(replaces("34", undefined), true); // the finished game, waiting for its ratings
});

test("a part wants a nudge of its topics that is newer than what it shows", () => {
  const nudge = { topic: "game.12", version: 34, at: 1 };
  assert.equal(wants("game.12", "33", nudge), true);
  assert.equal(wants("game.12", "34", nudge), false); // already shown (the referee's own page)
  assert.equal(wants("game.12", "35", nudge), false); // an older nudge arriving late
  assert.equal(wants("tournament.3 game.12", undefined, nudge), true);
  assert.equal(wants("game.120", "1", nudge), false);
  assert.equal(wants(undefined, "1", nudge), false);
  // Without a version (a tournament, the ratings) every nudge is fetched.
  assert.equal(wants("tournament.3", "9", { topic: "tournament.3", version: null, at: 1 }), true);
});

test("the fetch names the nudge's version; a poll asks as it always did", () => {
  const base = "https://club.example.org/games/12/";
  assert.equal(fetchUrl("/games/12/live/?v=33", base, { topic: "game.12", version: 34, at: 1 }),
    "https://club.example.org/games/12/live/?v=33&want=34");
  assert.equal(fetchUrl("/games/12/live/?v=33", base, null),
    "https://club.example.org/games/12/live/?v=33");
  assert.equal(fetchUrl("https://club.example.org/tournaments/cup/standings/", base,
    { topic: "tournament.3", version: null, at: 1 }),
  "https://club.example.org/tournaments/cup/standings/");
});

test("reconnecting backs off from one second to a minute, spread by up to a fifth", () => {
  assert.deepEqual([0, 1, 2, 3, 6, 7, 50].map((attempt) => retryDelay(attempt, 0)),
    [1, 2, 4, 8, 60, 60, 60]);
  assert.equal(retryDelay(2, 0.999), 4 * 1.1998);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const delay = retryDelay(attempt, Math.random());
    assert.ok(delay >= 1 && delay < 72, String(delay));
  }
});

test("polling: as the part says without push, rarely with it, never when it says none", () => {
  assert.equal(pollSeconds("3", false), 3);
  assert.equal(pollSeconds("0.5", false), 0.5);
  assert.equal(pollSeconds("3", true), 60);
  assert.equal(pollSeconds("30", true), 300);
  for (const value of [undefined, "", "0", "-2", "soon"]) {
    assert.equal(pollSeconds(value, false), null);
    assert.equal(pollSeconds(value, true), null);
  }
});
