"""What a reopened stream sends: exactly the events it missed, or the state to reload."""

from live import frames, ids, resume


def event(version: int, n: int) -> bytes:
    return frames.frame({"type": "move", "id": ids.event_id(version, n)})


def snapshot(backlog: list[bytes], version: int) -> resume.Snapshot:
    state = frames.frame({"type": "state"}, ids.state_id(version))
    return resume.Snapshot(state, ids.state_id(version), {"public": True}, backlog)


def sent_ids(opening: resume.Opening) -> list[str | None]:
    return [frames.id_of(raw) for raw in opening.frames if raw != frames.RETRY]


def test_a_stream_resumed_after_an_event_gets_exactly_the_events_after_it():
    backlog = [event(3, 0), event(4, 0), event(4, 1), event(5, 0)]
    opened = resume.opening(snapshot(backlog, 5), "4.0")
    assert sent_ids(opened) == ["4.1", "5.0"]


def test_a_stream_resumed_after_a_state_gets_the_next_versions_events():
    backlog = [event(3, 0), event(4, 0), event(5, 0)]
    assert sent_ids(resume.opening(snapshot(backlog, 5), "4")) == ["5.0"]


def test_a_stream_that_missed_nothing_gets_nothing_but_the_retry_hint():
    opened = resume.opening(snapshot([event(5, 0)], 5), "5")
    assert opened.frames == [frames.RETRY]


def test_an_id_older_than_the_backlog_gets_the_state_to_reload():
    backlog = [event(9, 0), event(10, 0)]
    assert sent_ids(resume.opening(snapshot(backlog, 10), "2.0")) == ["10"]


def test_an_unknown_or_future_id_gets_the_state():
    for last in ("nonsense", "99.0", "", None):
        assert sent_ids(resume.opening(snapshot([event(1, 0)], 1), last)) == ["1"]


def test_live_frames_already_sent_at_the_opening_are_skipped_once():
    opened = resume.opening(snapshot([event(4, 0), event(5, 0)], 5), "4.0")
    assert not resume.is_new(event(5, 0), opened)
    assert resume.is_new(event(6, 0), opened)
    assert resume.is_new(frames.frame({"type": "watching", "count": 2}), opened)
