"""Settings as values: immutable, and read back from a file only when each
value is of its field's type and, for the few-choice fields, one of them."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields, replace

import pytest

from game.records.settings import Settings

CHANGED = Settings(
    double_click=False,
    auto_placement=True,
    placement_help=False,
    interactive_rules=False,
    animation_speed="slow",
    language="es",
    fullscreen=True,
    four_colour=True,
    variant="4F",
    table="night",
)


def test_every_field_changes_by_replacement_only() -> None:
    settings = Settings()
    with pytest.raises(FrozenInstanceError):
        setattr(settings, "language", "it")  # noqa: B010 - the assignment the type checker would refuse
    assert replace(settings, language="it").language == "it" and settings.language == "en"


def test_json_round_trip_keeps_every_field() -> None:
    assert {f.name for f in fields(Settings)} == set(CHANGED.to_json())
    assert Settings.from_json(CHANGED.to_json(), Settings()) == (CHANGED, [])


def test_missing_keys_take_the_defaults_given_and_unknown_keys_are_ignored() -> None:
    defaults = Settings(language="it")
    assert Settings.from_json({"four_colour": True, "music": "loud"}, defaults) == (
        replace(defaults, four_colour=True),
        [],
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("double_click", "false"),
        ("double_click", 0),
        ("fullscreen", None),
        ("animation_speed", "warp"),
        ("language", "fr"),
        ("language", ["it"]),
        ("variant", "3C"),
        ("variant", 1),
        ("table", "plaid"),
    ],
)
def test_a_wrong_value_is_reported_and_takes_its_default(name: str, value: object) -> None:
    settings, problems = Settings.from_json({name: value, "four_colour": True}, Settings())
    assert getattr(settings, name) == getattr(Settings(), name)
    assert settings.four_colour and len(problems) == 1 and problems[0].startswith(name)
