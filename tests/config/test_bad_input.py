"""Hostile input gets a 4xx in the error shape, naming the field, and changes nothing."""

import json
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from games import services as game_services
from games.models import Game, Move
from tests.conftest import client_with_token
from tournaments import services as championship_services
from tournaments.models import Championship, Entry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("embedded")]


def assert_refused(response, status: int, field: str | None = None, code: str | None = None):
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    if field is not None:
        assert field in error["details"], error
        assert field in error["message"]
    if code is not None:
        assert error["code"] == code, error
    return error


@pytest.fixture
def friendly(alice, bob) -> Game:
    """Alice (blue) and Bob (red) at a Kropki game on an empty 10×10 board."""
    game = game_services.create_game(
        creator=alice,
        game="kropki",
        options={"width": 10, "height": 10, "start": "empty"},
        format=None,
        opponent="bob",
    )
    return game_services.accept_invitation(game.pk, bob)


@pytest.fixture
def championship(alice, bob) -> Championship:
    championship = championship_services.create_championship(
        organiser=alice, name="Spring Cup", game="kropki"
    )
    championship_services.enter(championship.pk, by=bob)
    return championship


def served_schema(client) -> dict:
    """The OpenAPI schema the site serves at /api/schema/, as JSON."""
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return json.loads(response.content)


# -- entries ------------------------------------------------------------------------------


@pytest.mark.parametrize("username", [5, ["bob"], {"name": "bob"}, True, "", "   ", None])
@pytest.mark.parametrize("method", ["post", "delete"])
def test_entries_username_of_the_wrong_type_is_400_naming_username(
    alice_api, championship, method, username
):
    entries = list(Entry.objects.values_list("championship", "player", "withdrawn_at"))
    url = f"/api/championships/{championship.pk}/entries/"
    response = getattr(alice_api, method)(url, {"username": username}, format="json")
    assert_refused(response, 400, "username")
    assert list(Entry.objects.values_list("championship", "player", "withdrawn_at")) == entries


def test_an_entries_body_that_is_not_an_object_is_400(alice_api, championship):
    response = alice_api.post(
        f"/api/championships/{championship.pk}/entries/", ["bob"], format="json"
    )
    assert_refused(response, 400)
    assert Entry.objects.filter(championship=championship).count() == 1


# -- game options -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "field"),
    [
        ({"blue": 5}, "options.start.blue"),
        ({"blue": None}, "options.start.blue"),
        ({"red": {"x": 1}}, "options.start.red"),
        ({"red": "1-1"}, "options.start.red"),
        ({"blue": [[1, None]]}, "options.start.blue"),
        ({"blue": [[True, 2]]}, "options.start.blue"),
    ],
)
@pytest.mark.parametrize("where", ["/api/games/", "/api/championships/"])
def test_kropki_start_with_a_non_list_is_400_naming_the_option(alice_api, start, field, where):
    body = {"game": "kropki", "options": {"start": start}, "opponent": "cpu", "name": "Cup"}
    assert_refused(alice_api.post(where, body, format="json"), 400, field)
    assert not Game.objects.exists() and not Championship.objects.exists()


@pytest.mark.parametrize(
    ("game", "options", "field"),
    [
        ("kropki", {"format": {"limit": 2**63}}, "options.format.limit"),
        ("kropki", {"width": 2**64}, "options.width"),
        ("dots_and_boxes", {"rows": True}, "options.rows"),
        ("quadrotone", {"seed": 2**64}, "options.seed"),
        ("quadrotone", {"seed": -1}, "options.seed"),
        ("quadramids", {"move_limit": 10**30}, "options.move_limit"),
    ],
)
def test_huge_or_mistyped_option_numbers_are_400_naming_the_option(alice_api, game, options, field):
    body = {"game": game, "options": options, "opponent": "cpu"}
    assert_refused(alice_api.post("/api/games/", body, format="json"), 400, field)
    assert not Game.objects.exists()


# -- the body itself ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "body"),
    [
        ("/api/games/", "[" * 5000 + "]" * 5000),
        (
            "/api/games/",
            '{"game": "kropki", "options": {"start": ' + "[" * 5000 + "]" * 5000 + "}}",
        ),
        ("/api/accounts/register/", '{"username": ' + "{" * 5000 + "}" * 5000 + "}"),
        ("/api/accounts/token/", "[" * 100_000),
    ],
)
def test_deeply_nested_json_is_refused_before_parsing(alice_api, url, body):
    response = alice_api.post(url, data=body, content_type="application/json")
    assert_refused(response, 400, code="too_deep")
    assert not Game.objects.exists()


def test_brackets_inside_strings_do_not_count_as_nesting(alice_api):
    name = '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\\\\" ' + "{" * 40
    body = json.dumps({"name": name, "game": "kropki"})
    response = alice_api.post("/api/championships/", data=body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["name"] == name


def test_json_nested_as_deep_as_a_real_request_is_accepted(alice_api):
    board = {"width": 10, "height": 10, "start": {"blue": [[1, 1]], "red": [[2, 2]]}}
    body = {"game": "kropki", "options": board, "opponent": "cpu"}
    assert alice_api.post("/api/games/", body, format="json").status_code == 201


@pytest.mark.parametrize(
    "url", ["/api/games/", "/api/accounts/register/", "/api/games/{id}/moves/"]
)
def test_a_ten_megabyte_body_is_413_with_the_error_shape(alice_api, friendly, url):
    body = json.dumps({"seq": 1, "move": "x" * 10_000_000})
    response = alice_api.post(
        url.format(id=friendly.pk), data=body, content_type="application/json"
    )
    error = assert_refused(response, 413, code="too_large")
    assert error["details"]["max_bytes"] > 0
    assert list(Game.objects.all()) == [friendly] and not friendly.moves.exists()


# -- moves --------------------------------------------------------------------------------


@pytest.mark.parametrize("seq", [2**31, 2**63, 2**64, 10**30])
def test_a_huge_seq_is_400_on_every_database(alice_api, friendly, seq):
    body = {"seq": seq, "move": [1, 1]}
    response = alice_api.post(f"/api/games/{friendly.pk}/moves/", body, format="json")
    assert_refused(response, 400, "seq")
    assert not Move.objects.exists()


@pytest.mark.parametrize("seq", ["1", 1.5, True, None])
def test_a_seq_that_is_not_a_whole_number_is_400_naming_seq(alice_api, friendly, seq):
    body = {"seq": seq, "move": [1, 1]}
    response = alice_api.post(f"/api/games/{friendly.pk}/moves/", body, format="json")
    assert_refused(response, 400, "seq")
    assert not Move.objects.exists()


def test_an_oversized_move_is_refused_before_it_is_stored(alice, bob):
    # A Quadrotone tile move has the right shape whatever its length; the engine counts
    # the tiles only when it plays the move. 2,000 entries are some 24 kB of JSON.
    game = game_services.create_game(
        creator=alice, game="quadrotone", options={}, format=None, opponent="bob"
    )
    game_services.accept_invitation(game.pk, bob)
    move = {"place": [[0, 0, 0, 0]] * 2000}
    for player in (alice, bob):
        response = client_with_token(player).post(
            f"/api/games/{game.pk}/moves/", {"seq": 1, "move": move}, format="json"
        )
        assert_refused(response, 400, "move")
    assert not Move.objects.exists()


def test_a_move_of_null_is_400_naming_move(alice_api, friendly):
    response = alice_api.post(
        f"/api/games/{friendly.pk}/moves/", {"seq": 1, "move": None}, format="json"
    )
    assert_refused(response, 400, "move")


# -- ids in URLs and numbers in query strings ---------------------------------------------


def _routes(patterns=None, prefix: str = "") -> list[str]:
    """Every URL route of the site, with its prefix."""
    routes = []
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            routes += _routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            routes.append(route)
    return routes


NUMBERED = re.compile(r"<(?:int|id):\w+>")


def test_no_url_takes_a_number_beyond_the_range_of_row_ids():
    assert not [route for route in _routes() if "<int:" in route]


@pytest.mark.parametrize("number", [2**63, 2**64, 10**30])
def test_a_game_id_beyond_the_integer_range_is_404(alice_api, friendly, championship, number):
    """Every URL of the site with a row id in it, pages and API, by every method."""
    routes = [route for route in _routes() if NUMBERED.search(route)]
    assert len(routes) > 20
    for route in routes:
        path = "/" + re.sub(r"<str:\w+>", "kropki", NUMBERED.sub(str(number), route))
        for method in ("get", "post", "delete"):
            response = getattr(alice_api, method)(path, {"seq": 1, "move": [1, 1]}, format="json")
            assert response.status_code == 404, (method, path, response.content)
    assert not Move.objects.exists()


def test_the_largest_row_id_is_still_looked_up(alice_api):
    response = alice_api.get(f"/api/games/{2**63 - 1}/")
    assert_refused(response, 404, code="not_found")


@pytest.mark.parametrize("after", [str(2**31), str(2**63), "-1", "1.5", "１", "abc", ""])
def test_moves_after_beyond_range_or_not_a_number_is_400_naming_after(alice_api, friendly, after):
    response = alice_api.get(f"/api/games/{friendly.pk}/moves/", {"after": after})
    assert_refused(response, 400, "after")


@pytest.mark.parametrize("wait", ["nan", "inf", "1e400", "-1", "11"])
def test_wait_out_of_range_is_400_naming_wait(alice_api, friendly, wait):
    response = alice_api.post(
        f"/api/games/{friendly.pk}/moves/?wait={wait}", {"seq": 1, "move": [1, 1]}, format="json"
    )
    assert_refused(response, 400, "wait")
    assert not Move.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("group_size", 2**63),
        ("group_size", 1),
        ("playoff_players_per_group", 2**64),
        ("group_size", "4"),
    ],
)
def test_championship_sizes_beyond_their_bounds_are_400_naming_them(alice_api, field, value):
    body = {"name": "Cup", "game": "kropki", field: value}
    assert_refused(alice_api.post("/api/championships/", body, format="json"), 400, field)
    assert not Championship.objects.exists()


@pytest.mark.parametrize(
    ("time_control", "field"),
    [
        ({"initial_s": 2**63}, "time_control.initial_s"),
        ({"move_s": True}, "time_control.move_s"),
        ({"initial_s": 60, "blitz": 1}, "time_control.blitz"),
        ([60, 0], "time_control"),
    ],
)
def test_a_time_control_out_of_range_or_shape_is_400_naming_the_key(alice_api, time_control, field):
    body = {"game": "kropki", "opponent": "cpu", "time_control": time_control}
    assert_refused(alice_api.post("/api/games/", body, format="json"), 400, field)
    assert not Game.objects.exists()


# -- the schema's enums and types, as the endpoints apply them -------------------------------


@pytest.mark.parametrize(
    "url", ["/api/games/?status=AAA", "/api/championships/?status=AAA", "/api/games/?status="]
)
def test_a_status_filter_outside_its_values_is_400_naming_them(alice_api, url):
    error = assert_refused(alice_api.get(url), 400, "status")
    assert "active" in error["message"] or "registration" in error["message"]


def test_a_championship_games_status_filter_outside_its_values_is_400(alice_api, championship):
    response = alice_api.get(f"/api/championships/{championship.pk}/games/?status=invited")
    error = assert_refused(response, 400, "status")
    assert "active, finished" in error["message"]


@pytest.mark.parametrize("value", [0, 1, "true", "yes", None])
@pytest.mark.parametrize("field", ["rated", "third_place"])
def test_a_boolean_that_is_not_true_or_false_is_400(alice_api, field, value):
    body = {"name": "Cup", "game": "kropki", field: value}
    assert_refused(alice_api.post("/api/championships/", body, format="json"), 400, field)
    assert not Championship.objects.exists()


def test_every_documented_boolean_string_and_integer_refuses_other_json_types(
    make_user, friendly, championship
):
    """For every request body of the schema: a field typed boolean, string or integer is
    refused (and named) when it is sent as another JSON type."""
    staff = client_with_token(make_user("staff", staff=True))
    schema = served_schema(staff)
    components = schema["components"]["schemas"]
    wrong = {"boolean": 0, "string": 5, "integer": "5"}
    checked = set()
    for route, operations in schema["paths"].items():
        path = route.replace("{game_id}", str(friendly.pk))
        path = path.replace("{championship_id}", str(championship.pk))
        path = path.replace("{username}", "alice")
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            ref = content.get("application/json", {}).get("schema", {}).get("$ref")
            if ref is None:
                continue
            properties = components[ref.rsplit("/", 1)[1]].get("properties", {})
            for name, spec in properties.items():
                if spec.get("type") not in wrong or "enum" in spec or spec.get("readOnly"):
                    continue
                response = getattr(staff, method)(path, {name: wrong[spec["type"]]}, format="json")
                assert response.status_code == 400, (method, route, name, response.content)
                assert name in response.json()["error"]["details"], (method, route, name)
                checked.add(f"{method} {route} {name}")
    assert {"post /api/championships/ rated", "post /api/games/{game_id}/moves/ seq"} <= checked
    assert "post /api/championships/{championship_id}/entries/ username" in checked


def test_the_schema_states_what_the_endpoints_accept(api):
    schema = served_schema(api)
    components = schema["components"]["schemas"]
    championship = components["CreateChampionshipRequest"]["properties"]
    assert (championship["group_size"]["minimum"], championship["group_size"]["maximum"]) == (2, 16)
    assert championship["playoff_players_per_group"]["minimum"] == 1
    move = components["MoveRequest"]
    assert set(move["required"]) == {"seq", "move"}
    assert "nullable" not in move["properties"]["move"]
    assert move["properties"]["seq"]["maximum"] == 2**31 - 1
    control = components["CreateGameRequest"]["properties"]["time_control"]
    assert set(control["properties"]) == {"initial_s", "increment_s", "move_s"}
    assert control["additionalProperties"] is False
    entry = components["EnterRequest"]["properties"]
    assert entry["username"]["minLength"] == 1 and entry["code"]["minLength"] == 1
    assert entry["usernames"]["maxItems"] == 200
    record = schema["paths"]["/api/games/{game_id}/record/"]["get"]
    assert {"application/json", "application/x-go-sgf"} <= set(
        record["responses"]["200"]["content"]
    )
    formats = next(p for p in record["parameters"] if p["name"] == "format")
    assert formats["schema"]["enum"] == ["json", "sgf"]
    game_id = schema["paths"]["/api/games/{game_id}/"]["get"]["parameters"][0]["schema"]
    assert (game_id["type"], game_id["maximum"]) == ("integer", 2**63 - 1)


# -- NUL characters, which PostgreSQL text cannot hold -----------------------------------------


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/players/a%00b/"),
        ("get", "/players/a%00b/"),
        ("post", "/api/accounts/a%00b/plan/"),
        ("get", "/rules/kropki%00/"),
    ],
)
def test_a_nul_character_in_a_path_is_404(make_user, method, url):
    staff = client_with_token(make_user("staff", staff=True))
    response = getattr(staff, method)(url, {"plan": "paid"}, format="json")
    assert response.status_code == 404, response.content


def test_a_nul_character_in_a_token_is_refused_before_any_lookup(api):
    api.credentials(HTTP_AUTHORIZATION="Token 0123456789\x00abcdef")
    assert_refused(api.get("/api/accounts/me/"), 400)


def test_a_nul_character_in_the_query_string_is_400(alice_api):
    assert_refused(alice_api.get("/api/championships/?status=registration%00"), 400)


def test_a_session_cookie_with_a_nul_character_is_ignored(client):
    client.cookies["sessionid"] = "abcdefghij\x00klmnop"
    response = client.get("/")
    assert response.status_code == 200
    assert "Log in" in response.content.decode()
