"""A past day's deal played from the calendar (docs/RULES.md §14), through the
application the calendar's screen will call: `SpiderApp.play_daily(variant, day)`."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from arcade import key

from game.records.daily import daily_code
from ui.table_harness import MakeApp


def test_a_past_day_begins_its_own_deal_played_late_and_today_is_on_time(app: MakeApp, tmp_path: Path) -> None:
    t, spider = app("SP1-S1C-AAAAAAD")
    session = spider.session
    yesterday = session.today() - timedelta(days=1)
    spider.play_daily("2F", yesterday)
    assert t.view.game.code == daily_code(yesterday, "2F")
    assert (session.daily, session.late) == (yesterday, True)
    t.key(key.D)  # its first action: the day is played, late
    saved = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert (saved["daily"], saved["late"]) == (yesterday.isoformat(), True)
    calendar, _ = session.calendar()
    result = calendar.result(yesterday, "2F")
    assert result is not None and result.late and not result.won
    assert session.stats.daily.played_days == 0, "a past day counts apart from the deal of the day's streak"
    spider.play_daily("2F")  # today's deal: the game in progress counts, so the player is asked first
    assert t.window.current_view is not t.view and session.daily == yesterday


def test_a_day_to_come_is_no_deal_of_the_day(app: MakeApp) -> None:
    t, spider = app("SP1-S1C-AAAAAAD")
    tomorrow = spider.session.today() + timedelta(days=1)
    spider.play_daily("1C", tomorrow)
    assert t.view.game.code == daily_code(tomorrow, "1C") and spider.session.daily is None
